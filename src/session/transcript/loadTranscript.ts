/**
 * Reads a transcript back into a conversation that is valid for the API:
 * follows the parent chain from the last message line to the newest compact
 * boundary, restores the latest title, mode, model, todos and cwd, and
 * repairs what a killed process left (see repairConversation). Never
 * throws on content: a torn line is skipped with one warning, unknown line
 * types are ignored.
 *
 * Large files: only the part after the newest compact boundary is parsed in
 * full; earlier lines are scanned for metadata only.
 */
import { open } from 'node:fs/promises';
import { type PermissionMode, isPermissionMode } from '../../contract/permissions.js';
import type { TodoItem } from '../../contract/appState.js';
import type { ConversationMessage } from '../../types/messages.js';
import { rememberJson } from '../../services/api/requestBody.js';
import { usedTokens } from '../compaction/tokenEstimate.js';
import { INTERRUPTED_TOOL_RESULT, repairConversation } from './repairConversation.js';
import { messageOfLine, type MessageLine } from './transcriptLines.js';

export type LoadedTranscript = {
  readonly sessionId: string | undefined;
  /** Repaired, ready to send. */
  readonly messages: ConversationMessage[];
  /** The chain's last line: new lines follow it. */
  readonly leafUuid: string | null;
  /** Uuids of the chain's lines (not written again). */
  readonly writtenUuids: ReadonlySet<string>;
  readonly cwd: string | undefined;
  readonly gitBranch: string | undefined;
  readonly mode: PermissionMode | undefined;
  readonly model: string | undefined;
  readonly todos: readonly TodoItem[] | undefined;
  readonly title: string | undefined;
  /** The context size the latest response reported (undefined after a compaction with no response since). */
  readonly contextTokens: number | undefined;
  readonly warnings: readonly string[];
};

const BOUNDARY_MARK = '"subtype":"compact_boundary"';

export async function loadTranscript(file: string): Promise<LoadedTranscript> {
  const bytes = await readWholeFile(file);
  const boundaryAt = bytes.lastIndexOf(BOUNDARY_MARK);
  const chainStart = boundaryAt < 0 ? 0 : bytes.lastIndexOf(0x0a, boundaryAt) + 1;
  // Decoded apart: the request reuses slices of the chain's text (rememberContentJson), which keep
  // the string they are cut from alive; the history before the boundary must not be that string.
  return parseChain(bytes.toString('utf8', chainStart), chainStart > 0 ? bytes.toString('utf8', 0, chainStart) : undefined);
}

/**
 * The file in one read. fs.promises.readFile reads a large file in 512 kB
 * pieces, each a thread-pool round trip through a string decoder: for a
 * 50 MB transcript that is several times slower than one read and one decode.
 */
async function readWholeFile(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    // Appended to since stat (another process still writing): what was there then is read.
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

export function parseTranscript(text: string): LoadedTranscript {
  const boundaryAt = text.lastIndexOf(BOUNDARY_MARK);
  const chainStart = boundaryAt < 0 ? 0 : text.lastIndexOf('\n', boundaryAt) + 1;
  return parseChain(text.slice(chainStart), chainStart > 0 ? text.slice(0, chainStart) : undefined);
}

/** `chainText`: from the line of the newest compact boundary (or the start) on; `history`: the lines before it. */
function parseChain(chainText: string, history: string | undefined): LoadedTranscript {
  const state: MetadataState = { mode: undefined, model: undefined, todos: undefined, title: undefined };
  if (history !== undefined) scanMetadata(history, state);

  const byUuid = new Map<string, Record<string, unknown>>();
  let leaf: Record<string, unknown> | undefined;
  let torn = 0;
  const lines = chainText.split('\n');
  for (const raw of lines) {
    if (raw.trim() === '') continue;
    let parsed: unknown;
    let text = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      torn++;
      const recovered = lineAfterTear(raw);
      if (!recovered) continue;
      ({ parsed, text } = recovered);
    }
    if (!isRecord(parsed)) continue;
    applyMetadata(parsed, state);
    if (typeof parsed.uuid === 'string' && parsed.uuid !== '') {
      byUuid.set(parsed.uuid, parsed);
      if (isMessageLine(parsed)) {
        leaf = parsed;
        rememberContentJson(text, parsed);
      }
    }
  }

  const chain: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (let line = leaf; line; ) {
    const uuid = String(line.uuid);
    if (seen.has(uuid)) break; // a cycle would be a corrupt file: stop rather than loop
    seen.add(uuid);
    chain.push(line);
    const parent = line.parentUuid;
    line = typeof parent === 'string' ? byUuid.get(parent) : undefined;
  }
  chain.reverse();
  const messageLines = chain.filter(isMessageLine);
  const messages = messageLines.map((line) => messageOfLine(line));
  const lastMeasured = messageLines.findLast((line) => line.type === 'assistant' && line.isCompactCarried !== true);
  const last = leaf;
  const repaired = repairConversation(messages);
  const interrupted = interruptedResults(repaired) - interruptedResults(messages);
  const warnings = [
    ...(torn > 0 ? [`skipped ${torn === 1 ? 'a torn line' : `${torn} unreadable lines`} in the transcript (the process was probably stopped mid-write)`] : []),
    ...(interrupted > 0
      ? [`the last run stopped before ${interrupted === 1 ? 'a tool call' : `${interrupted} tool calls`} finished; the model is told ${interrupted === 1 ? 'it was' : 'they were'} interrupted`]
      : []),
  ];
  const sessionId = typeof last?.sessionId === 'string' ? last.sessionId : undefined;
  return {
    sessionId,
    messages: repaired,
    leafUuid: last ? String(last.uuid) : null,
    writtenUuids: seen,
    cwd: typeof last?.cwd === 'string' ? last.cwd : undefined,
    gitBranch: typeof last?.gitBranch === 'string' ? last.gitBranch : undefined,
    ...state,
    contextTokens: lastMeasured?.type === 'assistant' ? usedTokens(lastMeasured.message.usage) : undefined,
    warnings,
  };
}

/** Where a line the writer wrote starts: message lines open with their uuid, metadata lines with their type. */
const LINE_START = /\{"(?:uuid|type)":"/g;
/** Bounds the work a hostile line (many line-start marks, none whole) can cause. */
const MAX_TEAR_CANDIDATES = 32;

/**
 * A whole line appended straight after a torn one (a writer that did not
 * close the torn tail first) shares its text line: the first line start in
 * it whose rest parses on its own is that whole line. JSON.parse takes only
 * a complete value with nothing after it, so a mark inside the torn part
 * (its rest runs into the appended line) or nested inside the appended line
 * (its rest has the line's closing brackets after it) never parses.
 */
function lineAfterTear(raw: string): { parsed: unknown; text: string } | undefined {
  let tried = 0;
  for (const match of raw.matchAll(LINE_START)) {
    if (match.index === 0) continue;
    if (++tried > MAX_TEAR_CANDIDATES) return undefined;
    const text = raw.slice(match.index);
    try {
      return { parsed: JSON.parse(text), text };
    } catch {
      // not where the whole line starts: try the next mark
    }
  }
  return undefined;
}

/**
 * Records the JSON text of a message line's content for the request body
 * (services/api/requestBody.ts). The writer ends a line with its `message`
 * and the message with its `content` (transcriptLines.ts), so the text is
 * the line's tail once the small part before it is confirmed to be exactly
 * what JSON.stringify writes for the rest of the line. A line laid out
 * otherwise (an older file, another writer) is not recorded and its content
 * is serialised as usual. Lines come from JSON.stringify, which never writes
 * a key twice; a hand-edited line with a duplicated `message` key is the
 * one case this would misread.
 */
function rememberContentJson(raw: string, line: MessageLine): void {
  const content = line.message.content;
  if (typeof content === 'string' || !raw.endsWith('}}')) return;
  const { message, ...envelope } = line;
  const { content: _content, ...messageHead } = message;
  const lineHead = keyPrefix(envelope, 'message');
  const contentHead = keyPrefix(messageHead, 'content');
  if (!raw.startsWith(lineHead) || !raw.startsWith(contentHead, lineHead.length)) return;
  const json = raw.slice(lineHead.length + contentHead.length, -2);
  rememberJson(content, json);
  // Tool results are written one per line and merged on load: each block keeps its own text.
  if (content.length === 1 && json.startsWith('[') && json.endsWith(']')) rememberJson(content[0]!, json.slice(1, -1));
}

/** `{"a":1,"b":2,"<key>":` for `{a:1,b:2}`: an object's JSON up to a last key still to come. */
function keyPrefix(head: object, key: string): string {
  const json = JSON.stringify(head);
  return `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}${JSON.stringify(key)}:`;
}

type MetadataState = { mode: PermissionMode | undefined; model: string | undefined; todos: readonly TodoItem[] | undefined; title: string | undefined };

/** Before the newest boundary only metadata lines matter; the writer puts `type` first, so a prefix test finds them. */
function scanMetadata(text: string, state: MetadataState): void {
  for (const raw of text.split('\n')) {
    if (!/^\{"type":"(mode|model|todos|title)"/.test(raw)) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) applyMetadata(parsed, state);
    } catch {
      // a torn metadata line: an older value stands
    }
  }
}

function applyMetadata(line: Record<string, unknown>, state: MetadataState): void {
  switch (line.type) {
    case 'mode':
      if (typeof line.mode === 'string' && isPermissionMode(line.mode)) state.mode = line.mode;
      return;
    case 'model':
      if (typeof line.model === 'string' && line.model) state.model = line.model;
      return;
    case 'todos':
      if (Array.isArray(line.todos)) state.todos = line.todos.filter(isTodo);
      return;
    case 'title':
      if (typeof line.title === 'string') state.title = line.title;
      return;
  }
}

/** Tool results that say the call was cut off by the end of a run (those the repair adds, and earlier repairs' in the file). */
function interruptedResults(messages: readonly ConversationMessage[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_result' && block.content === INTERRUPTED_TOOL_RESULT) count++;
  }
  return count;
}

function isTodo(value: unknown): value is TodoItem {
  return isRecord(value) && typeof value.content === 'string' && typeof value.status === 'string' && typeof value.activeForm === 'string';
}

function isMessageLine(line: Record<string, unknown>): line is MessageLine & Record<string, unknown> {
  if (line.type !== 'user' && line.type !== 'assistant') return false;
  const message = line.message;
  if (!isRecord(message)) return false;
  if (line.type === 'user') return typeof message.content === 'string' || Array.isArray(message.content);
  return Array.isArray(message.content) && isRecord(message.usage);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
