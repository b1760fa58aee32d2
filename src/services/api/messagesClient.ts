/**
 * The SDK's client with only the resource agentcli calls: Messages. The
 * SDK's default `Anthropic` class also wires up beta, models, batches,
 * organization and the rest — about 440 kB of minified code that V8 would
 * compile before the first request, of which this needs 130 kB. The
 * request, retry, header and streaming behaviour is BaseAnthropic's, the
 * same as the full client's.
 */
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';

export class MessagesClient extends BaseAnthropic {
  readonly messages = new Messages(this);
}
