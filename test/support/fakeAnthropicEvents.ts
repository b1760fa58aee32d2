// Turns one ScriptedTurn into what the real Messages API would send for it: either the
// ordered list of SSE events (with the delay to wait before each) or the whole Message
// JSON. Pure functions, so the server only has to write what this plans.
import type { ScriptedBlock, ScriptedTurn } from './fakeAnthropic.js';

export interface PlannedEvent {
  event: string;
  data: Record<string, unknown>;
  delayMs: number; // wait this long before writing the event
}

export interface TurnContext {
  requestIndex: number;
  requestBody: unknown; // for the default model and token estimates
}

type ResolvedBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; inputJson: string; input: unknown }
  | { type: 'raw'; block: Record<string, unknown> };

const DEFAULT_TEXT_CHUNK = 8;
const DEFAULT_JSON_CHUNK = 6;

export function planStreamEvents(turn: ScriptedTurn, ctx: TurnContext): PlannedEvent[] {
  const blocks = resolveBlocks(turn.blocks ?? [], ctx.requestIndex);
  const usage = resolveUsage(turn, ctx, blocks);
  const chunkDelay = turn.chunkDelayMs ?? 0;
  const planned: PlannedEvent[] = [];
  const add = (event: string, data: Record<string, unknown>, extraDelayMs = 0): void => {
    const delayMs = (planned.length === 0 ? 0 : chunkDelay) + extraDelayMs;
    planned.push({ event, data: { type: event, ...data }, delayMs });
  };

  add('message_start', {
    message: {
      ...messageEnvelope(turn, ctx),
      content: [],
      stop_reason: null,
      stop_sequence: null,
      // The real API reports a token or so of output here; the final count comes in message_delta.
      usage: { ...usage, output_tokens: 1 },
    },
  });
  add('ping', {});

  blocks.forEach((block, index) => {
    add('content_block_start', { index, content_block: emptyBlock(block) }, turn.delayBeforeBlockMs?.[index] ?? 0);
    for (const delta of blockDeltas(block, turn)) add('content_block_delta', { index, delta });
    add('content_block_stop', { index });
  });

  add('message_delta', {
    delta: { stop_reason: resolveStopReason(turn), stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  add('message_stop', {});
  return planned;
}

export function buildMessage(turn: ScriptedTurn, ctx: TurnContext): Record<string, unknown> {
  const blocks = resolveBlocks(turn.blocks ?? [], ctx.requestIndex);
  return {
    ...messageEnvelope(turn, ctx),
    content: blocks.map(finalBlock),
    stop_reason: resolveStopReason(turn),
    stop_sequence: null,
    usage: resolveUsage(turn, ctx, blocks),
  };
}

/** Total time the streamed version of this turn would take; the non-streaming answer waits as long. */
export function totalDelayMs(turn: ScriptedTurn, ctx: TurnContext): number {
  return planStreamEvents(turn, ctx).reduce((sum, e) => sum + e.delayMs, 0);
}

export function defaultToolUseId(requestIndex: number, blockIndex: number): string {
  return `toolu_${requestIndex}_${blockIndex}`;
}

function resolveStopReason(turn: ScriptedTurn): string {
  if (turn.stopReason) return turn.stopReason;
  return (turn.blocks ?? []).some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function messageEnvelope(turn: ScriptedTurn, ctx: TurnContext): Record<string, unknown> {
  const requestedModel = (ctx.requestBody as { model?: unknown } | null)?.model;
  return {
    id: `msg_fake_${ctx.requestIndex}`,
    type: 'message',
    role: 'assistant',
    model: turn.model ?? (typeof requestedModel === 'string' ? requestedModel : 'claude-fake'),
  };
}

function resolveBlocks(blocks: ScriptedBlock[], requestIndex: number): ResolvedBlock[] {
  return blocks.map((block, index): ResolvedBlock => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.text };
      case 'thinking':
        return { type: 'thinking', thinking: block.thinking, signature: `sig_fake_${requestIndex}_${index}` };
      case 'tool_use': {
        const inputJson = block.rawInputJson ?? JSON.stringify(block.input ?? {});
        return {
          type: 'tool_use',
          id: block.id ?? defaultToolUseId(requestIndex, index),
          name: block.name,
          inputJson,
          input: parseOr(inputJson, {}),
        };
      }
      case 'raw':
        return { type: 'raw', block: block.block };
    }
  });
}

function emptyBlock(block: ResolvedBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use':
      // The real API always opens a tool_use block with an empty input and streams the JSON.
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
    case 'raw':
      return block.block;
  }
}

function finalBlock(block: ResolvedBlock): Record<string, unknown> {
  if (block.type === 'raw') return block.block;
  if (block.type !== 'tool_use') return { ...block };
  // A Message body cannot carry unparseable input; invalid rawInputJson only makes sense when streaming,
  // so the non-streaming answer falls back to {}.
  return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
}

function blockDeltas(block: ResolvedBlock, turn: ScriptedTurn): Record<string, unknown>[] {
  switch (block.type) {
    case 'text':
      return chunk(block.text, turn.textChunkSize ?? DEFAULT_TEXT_CHUNK).map((text) => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...chunk(block.thinking, turn.textChunkSize ?? DEFAULT_TEXT_CHUNK).map((thinking) => ({
          type: 'thinking_delta',
          thinking,
        })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'tool_use':
      return chunk(block.inputJson, turn.jsonChunkSize ?? DEFAULT_JSON_CHUNK).map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
    case 'raw':
      return [];
  }
}

// Splits on code points, not UTF-16 units: the real API streams UTF-8 and never sends half a surrogate pair.
function chunk(text: string, size: number): string[] {
  const codePoints = Array.from(text);
  const step = Math.max(1, Math.floor(size));
  const pieces: string[] = [];
  for (let i = 0; i < codePoints.length; i += step) pieces.push(codePoints.slice(i, i + step).join(''));
  return pieces;
}

interface ResolvedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

// Defaults are rough (4 characters per token) but deterministic, so cost and context-size code sees
// numbers that grow with the conversation without every test having to script them.
function resolveUsage(turn: ScriptedTurn, ctx: TurnContext, blocks: ResolvedBlock[]): ResolvedUsage {
  const body = (ctx.requestBody ?? {}) as { messages?: unknown; system?: unknown; tools?: unknown };
  const promptChars = JSON.stringify([body.system ?? null, body.tools ?? null, body.messages ?? null]).length;
  const outputChars = blocks.reduce((sum, b) => sum + outputText(b).length, 0);
  return {
    input_tokens: turn.usage?.input_tokens ?? Math.max(1, Math.ceil(promptChars / 4)),
    output_tokens: turn.usage?.output_tokens ?? Math.max(1, Math.ceil(outputChars / 4)),
    cache_creation_input_tokens: turn.usage?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: turn.usage?.cache_read_input_tokens ?? 0,
  };
}

function outputText(block: ResolvedBlock): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'thinking') return block.thinking;
  if (block.type === 'raw') return JSON.stringify(block.block);
  return block.name + block.inputJson;
}

function parseOr(json: string, fallback: unknown): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return fallback;
  }
}
