// Small builders so a scenario reads like a script of model turns:
//   startFakeAnthropic({ script: [turn(text('Looking.'), toolUse('Bash', { command: 'ls' })), endTurn('Done.')] })
// Turn options that have no helper are plain fields: { ...turn(text('hi')), chunkDelayMs: 50 }.
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { RecordedRequest, ScriptedBlock, ScriptedTurn } from './fakeAnthropic.js';

export function text(value: string): ScriptedBlock {
  return { type: 'text', text: value };
}

export function thinking(value: string): ScriptedBlock {
  return { type: 'thinking', thinking: value };
}

/** Without an id the server assigns `toolu_<request index>_<block index>`. */
export function toolUse(name: string, input: unknown = {}, opts: { id?: string } = {}): ScriptedBlock {
  return opts.id === undefined ? { type: 'tool_use', name, input } : { type: 'tool_use', name, input, id: opts.id };
}

/** A tool_use whose input JSON is streamed verbatim, e.g. truncated or invalid JSON. */
export function rawToolUse(name: string, rawInputJson: string, opts: { id?: string } = {}): ScriptedBlock {
  const block: ScriptedBlock = { type: 'tool_use', name, rawInputJson };
  return opts.id === undefined ? block : { ...block, id: opts.id };
}

/** A block the helpers above do not build (server_tool_use, web_search_tool_result ...), sent verbatim. */
export function rawBlock(block: Record<string, unknown>): ScriptedBlock {
  return { type: 'raw', block };
}

/** Stop reason defaults to tool_use when a block is a tool_use, else end_turn. */
export function turn(...blocks: ScriptedBlock[]): ScriptedTurn {
  return { blocks };
}

export function endTurn(finalText: string): ScriptedTurn {
  return { blocks: [text(finalText)], stopReason: 'end_turn' };
}

export function overloaded(opts: { retryAfterSeconds?: number; retryAfterMs?: number; message?: string } = {}): ScriptedTurn {
  return { fault: { kind: 'http', status: 529, errorType: 'overloaded_error', ...opts } };
}

export function rateLimited(opts: { retryAfterSeconds?: number; retryAfterMs?: number; message?: string } = {}): ScriptedTurn {
  return { fault: { kind: 'http', status: 429, errorType: 'rate_limit_error', ...opts } };
}

export function serverError(opts: { status?: number; message?: string } = {}): ScriptedTurn {
  return { fault: { kind: 'http', status: opts.status ?? 500, errorType: 'api_error', ...(opts.message ? { message: opts.message } : {}) } };
}

/**
 * Streams the first `afterEvents` SSE events of a turn made of `blocks`, then drops the
 * connection. Events count from message_start (0) and ping (1); block 0 starts at event 2.
 */
export function cutStream(afterEvents: number, ...blocks: ScriptedBlock[]): ScriptedTurn {
  return { blocks, fault: { kind: 'cut', afterEvents } };
}

/** Streams the first `afterEvents` events, then an SSE `error` event (overloaded_error by default). */
export function streamError(afterEvents: number, ...blocks: ScriptedBlock[]): ScriptedTurn {
  return { blocks, fault: { kind: 'sseError', afterEvents } };
}

export function hang(): ScriptedTurn {
  return { fault: { kind: 'hang' } };
}

/** The tool_result blocks of the last user message of a recorded request (empty if none). */
export function lastToolResults(req: RecordedRequest): ToolResultBlockParam[] {
  const messages: unknown = req.body?.messages;
  if (!Array.isArray(messages)) return [];
  const lastUser = [...messages].reverse().find((m: { role?: unknown }) => m?.role === 'user') as
    | { content?: unknown }
    | undefined;
  if (!lastUser || !Array.isArray(lastUser.content)) return [];
  return lastUser.content.filter(
    (b: unknown): b is ToolResultBlockParam =>
      typeof b === 'object' && b !== null && (b as { type?: unknown }).type === 'tool_result',
  );
}

/** A tool_result's content as plain text: text blocks joined by newlines, other blocks as `[type]`. */
export function toolResultText(block: ToolResultBlockParam): string {
  const content = block.content;
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool_reference') return `[tool_reference: ${part.tool_name}]`;
      return `[${part.type}]`;
    })
    .join('\n');
}
