/**
 * Builds the assistant message from the raw SSE events, and says the moment
 * each content block is complete — which is when a tool_use can start
 * running, long before the message ends.
 */
import type {
  ContentBlock,
  ContentBlockParam,
  MessageDeltaUsage,
  RawContentBlockDelta,
  RawMessageStreamEvent,
  StopReason,
  Usage,
} from '@anthropic-ai/sdk/resources/messages';
import { EMPTY_USAGE } from './cost.js';
import { StreamCutError } from './withRetry.js';

export type ToolUseBlockRequest = {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  /** Set when the streamed input was not valid JSON (or was cut off by max_tokens). */
  readonly inputJsonError?: string;
};

export type AssemblerUpdate =
  | { readonly type: 'text_delta'; readonly index: number; readonly text: string }
  | { readonly type: 'thinking_delta'; readonly index: number; readonly thinking: string }
  | { readonly type: 'tool_use_start'; readonly index: number; readonly id: string; readonly name: string }
  | { readonly type: 'tool_input_delta'; readonly id: string; readonly name: string; readonly partialJson: string }
  | { readonly type: 'tool_use_complete'; readonly request: ToolUseBlockRequest };

export type AssembledMessage = {
  readonly id: string;
  readonly model: string;
  readonly content: ContentBlockParam[];
  readonly stopReason: StopReason | null;
  readonly usage: Usage;
  /** tool_use blocks whose input never finished (max_tokens): they still need a tool_result. */
  readonly incompleteToolUses: readonly ToolUseBlockRequest[];
};

/**
 * Blocks we build from deltas are typed; anything else (server tool blocks,
 * redacted thinking) is carried back to the API as it arrived.
 */
type OpenBlock =
  | { readonly kind: 'text'; text: string; done: boolean }
  | { readonly kind: 'thinking'; thinking: string; signature: string; done: boolean }
  | { readonly kind: 'tool_use'; readonly id: string; readonly name: string; readonly startInput: unknown; json: string; done: boolean }
  | { readonly kind: 'passthrough'; readonly block: ContentBlock; json: string; done: boolean };


export class MessageAssembler {
  private id = '';
  private model = '';
  private usage: Usage = EMPTY_USAGE;
  private stopReason: StopReason | null = null;
  private readonly blocks: OpenBlock[] = [];
  private started = false;
  private stopped = false;

  handle(event: RawMessageStreamEvent): AssemblerUpdate[] {
    switch (event.type) {
      case 'message_start':
        this.started = true;
        this.id = event.message.id;
        this.model = event.message.model;
        this.usage = { ...EMPTY_USAGE, ...event.message.usage };
        return [];
      case 'content_block_start':
        return this.startBlock(event.index, event.content_block);
      case 'content_block_delta':
        return this.applyDelta(event.index, event.delta);
      case 'content_block_stop':
        return this.stopBlock(event.index);
      case 'message_delta':
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        this.usage = mergeUsage(this.usage, event.usage);
        return [];
      case 'message_stop':
        this.stopped = true;
        return [];
      default:
        return [];
    }
  }

  /** Whether message_stop arrived: the message is whole even if the connection fails afterwards. */
  get isComplete(): boolean {
    return this.started && this.stopped;
  }

  /** The complete message; throws StreamCutError if the stream ended before message_stop. */
  finish(): AssembledMessage {
    if (!this.started) throw new StreamCutError('no message_start');
    if (!this.stopped) throw new StreamCutError('no message_stop');
    const incompleteToolUses: ToolUseBlockRequest[] = [];
    const content = this.blocks.map((open): ContentBlockParam => {
      if (open.kind === 'tool_use' && !open.done) {
        const request = toToolUseRequest(open, 'the response hit its output limit before this tool call was complete');
        incompleteToolUses.push(request);
        return { type: 'tool_use', id: open.id, name: open.name, input: {} };
      }
      return finalBlock(open);
    });
    return { id: this.id, model: this.model, content, stopReason: this.stopReason, usage: this.usage, incompleteToolUses };
  }

  /**
   * What streamed before an interrupt, as a valid message: text so far and
   * the tool_use blocks that were complete (those were started and will be
   * answered); unfinished calls and unsigned thinking are dropped.
   */
  partial(): AssembledMessage {
    const content = this.blocks.flatMap((open): ContentBlockParam[] => {
      if (open.kind === 'text') return open.text ? [finalBlock(open)] : [];
      return open.done ? [finalBlock(open)] : [];
    });
    return { id: this.id, model: this.model, content, stopReason: null, usage: this.usage, incompleteToolUses: [] };
  }

  private startBlock(index: number, block: ContentBlock): AssemblerUpdate[] {
    switch (block.type) {
      case 'text':
        this.blocks[index] = { kind: 'text', text: block.text, done: false };
        return block.text ? [{ type: 'text_delta', index, text: block.text }] : [];
      case 'thinking':
        this.blocks[index] = { kind: 'thinking', thinking: block.thinking, signature: block.signature, done: false };
        return [];
      case 'tool_use':
        this.blocks[index] = { kind: 'tool_use', id: block.id, name: block.name, startInput: block.input, json: '', done: false };
        return [{ type: 'tool_use_start', index, id: block.id, name: block.name }];
      default:
        this.blocks[index] = { kind: 'passthrough', block, json: '', done: false };
        return [];
    }
  }

  private applyDelta(index: number, delta: RawContentBlockDelta): AssemblerUpdate[] {
    const open = this.blocks[index];
    if (!open) return [];
    if (delta.type === 'text_delta' && open.kind === 'text') {
      open.text += delta.text;
      return [{ type: 'text_delta', index, text: delta.text }];
    }
    if (delta.type === 'thinking_delta' && open.kind === 'thinking') {
      open.thinking += delta.thinking;
      return [{ type: 'thinking_delta', index, thinking: delta.thinking }];
    }
    if (delta.type === 'signature_delta' && open.kind === 'thinking') {
      open.signature = delta.signature;
      return [];
    }
    if (delta.type === 'input_json_delta' && (open.kind === 'tool_use' || open.kind === 'passthrough')) {
      open.json += delta.partial_json;
      return open.kind === 'tool_use'
        ? [{ type: 'tool_input_delta', id: open.id, name: open.name, partialJson: open.json }]
        : [];
    }
    return [];
  }

  private stopBlock(index: number): AssemblerUpdate[] {
    const open = this.blocks[index];
    if (!open) return [];
    open.done = true;
    return open.kind === 'tool_use' ? [{ type: 'tool_use_complete', request: toToolUseRequest(open) }] : [];
  }
}

type OpenToolUse = Extract<OpenBlock, { kind: 'tool_use' }>;

function toToolUseRequest(open: OpenToolUse, incompleteReason?: string): ToolUseBlockRequest {
  const { id, name } = open;
  if (incompleteReason) return { id, name, input: open.json, inputJsonError: incompleteReason };
  const parsed = parseToolInput(open.json, open.startInput);
  return parsed.ok ? { id, name, input: parsed.value } : { id, name, input: open.json, inputJsonError: parsed.error };
}

function parseToolInput(json: string, startInput: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (json.trim() === '') return { ok: true, value: startInput ?? {} };
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, error: 'expected a JSON object' };
    }
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The block as it goes back to the API in the conversation history. */
function finalBlock(open: OpenBlock): ContentBlockParam {
  switch (open.kind) {
    case 'text':
      return { type: 'text', text: open.text };
    case 'thinking':
      return { type: 'thinking', thinking: open.thinking, signature: open.signature };
    case 'tool_use': {
      const parsed = parseToolInput(open.json, open.startInput);
      // The API requires an object; a call with broken JSON is answered by an error result instead.
      return { type: 'tool_use', id: open.id, name: open.name, input: parsed.ok ? parsed.value : {} };
    }
    case 'passthrough': {
      const input = open.json ? parseToolInput(open.json, undefined) : undefined;
      const block = input?.ok ? { ...open.block, input: input.value } : open.block;
      // Server-side blocks (web search, redacted thinking) must be sent back exactly as
      // they arrived; their response and request shapes are the same on the wire.
      return block as ContentBlockParam;
    }
  }
}

function mergeUsage(previous: Usage, delta: MessageDeltaUsage): Usage {
  return {
    ...previous,
    input_tokens: delta.input_tokens ?? previous.input_tokens,
    output_tokens: delta.output_tokens,
    cache_creation_input_tokens: delta.cache_creation_input_tokens ?? previous.cache_creation_input_tokens,
    cache_read_input_tokens: delta.cache_read_input_tokens ?? previous.cache_read_input_tokens,
    server_tool_use: delta.server_tool_use ?? previous.server_tool_use,
    output_tokens_details: delta.output_tokens_details ?? previous.output_tokens_details,
  };
}
