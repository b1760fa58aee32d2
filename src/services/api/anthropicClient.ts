/**
 * The Messages API through @anthropic-ai/sdk. The SDK is imported on first
 * use, so `--help`, `--version` and permission checks never pay for it; its
 * own retry loop is off because withRetry handles failed requests and cut
 * streams the same way.
 */
import type { ModelClient, ModelRequest } from '../../contract/modelClient.js';
import type { Message, MessageCreateParamsNonStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { Stream } from '@anthropic-ai/sdk/core/streaming';
import { UserFacingError } from '../../utils/errors.js';
import { requestBody } from './requestBody.js';

export type AnthropicClientOptions = {
  readonly apiKey?: string;
  readonly authToken?: string;
  readonly baseURL?: string;
  /** Per-request timeout; a stalled stream fails and is retried. */
  readonly timeoutMs?: number;
};

type SdkClient = import('./messagesClient.js').MessagesClient;

export function clientOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): AnthropicClientOptions {
  const apiKey = env.ANTHROPIC_API_KEY || undefined;
  const authToken = env.ANTHROPIC_AUTH_TOKEN || undefined;
  const baseURL = env.ANTHROPIC_BASE_URL || undefined;
  if (!apiKey && !authToken && !baseURL) {
    throw new UserFacingError(
      'ANTHROPIC_API_KEY is not set. Export your API key (or set ANTHROPIC_BASE_URL to an Anthropic-compatible server) and run again.',
    );
  }
  const timeout = Number.parseInt(env.API_TIMEOUT_MS ?? '', 10);
  return { apiKey, authToken, baseURL, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 600_000 };
}

/**
 * Requests go through the SDK's `post` with a body serialised by
 * requestBody (which reuses the JSON of content read from a transcript);
 * the SDK still sends it, retries nothing (withRetry does), and parses the
 * stream and errors exactly as `messages.create` would.
 */
const MESSAGES_PATH = '/v1/messages';
const JSON_BODY = { 'content-type': 'application/json' } as const;

let sdkModules: Promise<[typeof import('./messagesClient.js'), typeof import('./nodeHttpFetch.js')]> | undefined;

function loadSdkModules(): NonNullable<typeof sdkModules> {
  sdkModules ??= Promise.all([import('./messagesClient.js'), import('./nodeHttpFetch.js')]);
  return sdkModules;
}

/**
 * Loads the SDK while the process would otherwise wait (a resumed session's
 * transcript being read), so the first request does not pay for it.
 */
export function preloadModelClient(): void {
  loadSdkModules().catch(() => undefined);
}

export function createAnthropicModelClient(options: AnthropicClientOptions): ModelClient {
  let client: Promise<SdkClient> | undefined;
  const getClient = (): Promise<SdkClient> =>
    (client ??= loadSdkModules().then(
      ([{ MessagesClient }, { nodeHttpFetchAsFetch }]) =>
        new MessagesClient({
          fetch: nodeHttpFetchAsFetch,
          // A custom endpoint may need no key; the SDK insists on one being set.
          apiKey: options.apiKey ?? (options.authToken ? null : 'not-needed'),
          authToken: options.authToken ?? null,
          baseURL: options.baseURL ?? null,
          maxRetries: 0,
          timeout: options.timeoutMs,
        }),
    ));

  return {
    async *streamMessage(request: ModelRequest, signal: AbortSignal) {
      const sdk = await getClient();
      const stream = await sdk.post<Stream<RawMessageStreamEvent>>(MESSAGES_PATH, {
        body: requestBody({ ...toSdkParams(request), stream: true }),
        headers: JSON_BODY,
        stream: true,
        signal,
      });
      yield* stream;
    },
    async createMessage(request: ModelRequest, signal: AbortSignal) {
      const sdk = await getClient();
      return sdk.post<Message>(MESSAGES_PATH, { body: requestBody({ ...toSdkParams(request), stream: false }), headers: JSON_BODY, stream: false, signal });
    },
  };
}

function toSdkParams(request: ModelRequest): Omit<MessageCreateParamsNonStreaming, 'stream'> {
  return {
    model: request.model,
    max_tokens: request.max_tokens,
    messages: [...request.messages],
    ...(request.system ? { system: [...request.system] } : {}),
    ...(request.tools && request.tools.length > 0 ? { tools: [...request.tools] } : {}),
    ...(request.tool_choice ? { tool_choice: request.tool_choice } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.thinking ? { thinking: request.thinking } : {}),
    ...(request.output_config ? { output_config: request.output_config } : {}),
  };
}
