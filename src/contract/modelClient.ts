/**
 * The model as the engine and the tools see it: one Messages API request,
 * streamed or fetched whole. The Anthropic client (src/services/api/)
 * implements it; tools that ask the model something (WebFetch, WebSearch)
 * receive it in their context.
 */
import type {
  Message,
  MessageParam,
  OutputConfig,
  RawMessageStreamEvent,
  TextBlockParam,
  ThinkingConfigParam,
  ToolChoice,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';

/** One Messages API request, as agentcli builds it. */
export type ModelRequest = {
  readonly model: string;
  readonly max_tokens: number;
  readonly system?: readonly TextBlockParam[];
  readonly messages: readonly MessageParam[];
  readonly tools?: readonly ToolUnion[];
  readonly tool_choice?: ToolChoice;
  readonly temperature?: number;
  readonly thinking?: ThinkingConfigParam;
  readonly output_config?: OutputConfig;
};

/**
 * The engine's view of the model: stream one message, or fetch one whole.
 * Retries live in the caller (withRetry) so a cut stream and a failed request
 * are retried the same way.
 */
export interface ModelClient {
  streamMessage(request: ModelRequest, signal: AbortSignal): AsyncIterable<RawMessageStreamEvent>;
  createMessage(request: ModelRequest, signal: AbortSignal): Promise<Message>;
}
