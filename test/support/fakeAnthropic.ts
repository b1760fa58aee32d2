// A scripted fake of the Anthropic Messages API on loopback HTTP. The real @anthropic-ai/sdk
// talks to it through `baseURL` / ANTHROPIC_BASE_URL, so tests exercise the same parsing,
// streaming and retry code as production. Each POST /v1/messages consumes the next scripted
// turn; every request is checked against the API's protocol rules (see
// fakeAnthropicInvariants.ts) and recorded, and every SSE event is recorded with its send time.
import http from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildMessage, planStreamEvents, totalDelayMs, type TurnContext } from './fakeAnthropicEvents.js';
import { checkRequestInvariants } from './fakeAnthropicInvariants.js';

export type ScriptedBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  // rawInputJson is sent verbatim as input_json_delta chunks, so a test can send invalid JSON.
  | { type: 'tool_use'; id?: string; name: string; input?: unknown; rawInputJson?: string }
  // Any other block (server_tool_use, web_search_tool_result, redacted_thinking ...), sent as given:
  // whole in content_block_start when streaming, with no deltas.
  | { type: 'raw'; block: Record<string, unknown> };

export type ScriptedFault =
  // Sets retry-after / retry-after-ms headers when given; errorType defaults from the status.
  | { kind: 'http'; status: number; retryAfterSeconds?: number; retryAfterMs?: number; errorType?: string; message?: string }
  // Writes the first N SSE events (message_start and ping count), then destroys the socket.
  // Without `stream: true` the socket is destroyed before any response.
  | { kind: 'cut'; afterEvents: number }
  // Writes the first N SSE events, then an `event: error` and ends the response cleanly,
  // as the real API does when it becomes overloaded mid-stream.
  | { kind: 'sseError'; afterEvents: number; errorType?: string; message?: string }
  // Accepts the request and never answers (abort tests); close() destroys the socket.
  | { kind: 'hang' };

export type ScriptedTurn = {
  blocks?: ScriptedBlock[];
  // Default: 'tool_use' if any tool_use block, else 'end_turn'.
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'pause_turn';
  // Defaults: input ≈ request JSON chars / 4, output ≈ output chars / 4, cache counts 0.
  usage?: {
    input_tokens?: number;
    output_tokens?: number;
    cache_creation_input_tokens?: number;
    cache_read_input_tokens?: number;
  };
  model?: string; // default: the request's model
  chunkDelayMs?: number; // between consecutive SSE events (default 0)
  delayBeforeBlockMs?: number[]; // extra wait before content_block_start of block i
  textChunkSize?: number; // code points per text_delta / thinking_delta (default 8)
  jsonChunkSize?: number; // code points per input_json_delta (default 6)
  fault?: ScriptedFault;
};

// `index` is the request's index (=== request.index).
export type ScriptFn = (request: RecordedRequest, index: number) => ScriptedTurn | Promise<ScriptedTurn>;

export interface RecordedRequest {
  index: number;
  receivedAt: number; // performance.timeOrigin + performance.now(): epoch ms, comparable across processes
  method: string;
  path: string; // includes any query string, e.g. /v1/messages?beta=true
  headers: Record<string, string | string[] | undefined>;
  body: any; // parsed JSON (the raw text if it did not parse): model, messages, system, tools, stream, max_tokens ...
}

export interface SseEventRecord {
  requestIndex: number;
  event: string;
  data: unknown;
  sentAt: number; // same clock as receivedAt
}

export interface FakeAnthropicServer {
  url: string; // http://127.0.0.1:PORT, usable as baseURL / ANTHROPIC_BASE_URL
  requests: RecordedRequest[]; // POST /v1/messages requests only, in arrival order
  sent: SseEventRecord[];
  violations: string[];
  push(...turns: ScriptedTurn[]): void;
  remaining(): number;
  assertNoViolations(): void;
  close(): Promise<void>;
}

export interface FakeAnthropicOptions {
  // An array seeds the queue that push() appends to. A function answers whenever the queue is
  // empty, so a script function never runs out.
  script?: ScriptedTurn[] | ScriptFn;
  checkInvariants?: boolean; // default true
}

export const SCRIPT_EXHAUSTED = 'fake server: script exhausted';

const DEFAULT_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function clockNow(): number {
  return performance.timeOrigin + performance.now();
}

export async function startFakeAnthropic(opts: FakeAnthropicOptions = {}): Promise<FakeAnthropicServer> {
  const queue: ScriptedTurn[] = Array.isArray(opts.script) ? [...opts.script] : [];
  const scriptFn = typeof opts.script === 'function' ? opts.script : undefined;
  const checkInvariants = opts.checkInvariants ?? true;
  const requests: RecordedRequest[] = [];
  const sent: SseEventRecord[] = [];
  const violations: string[] = [];
  const sockets = new Set<Socket>();
  const inFlight = new Set<AbortController>();
  let closing: Promise<void> | undefined; // close() is idempotent: tests may close early and again in afterEach

  const nextTurn = async (request: RecordedRequest): Promise<ScriptedTurn | undefined> => {
    const queued = queue.shift();
    if (queued) return queued;
    return scriptFn ? scriptFn(request, request.index) : undefined;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const receivedAt = clockNow();
    const rawBody = await readBody(req);
    const url = req.url ?? '/';
    if (req.method !== 'POST' || url.split('?')[0] !== '/v1/messages') {
      writeError(res, { status: 404, message: `fake server: no route for ${req.method} ${url}` });
      return;
    }
    const parsed = parseJson(rawBody);
    const request: RecordedRequest = {
      index: requests.length,
      receivedAt,
      method: req.method,
      path: url,
      headers: { ...req.headers },
      body: parsed.ok ? parsed.value : rawBody,
    };
    requests.push(request);
    const requestId = `req_fake_${request.index}`;

    const problems = !parsed.ok ? ['body is not valid JSON'] : checkInvariants ? checkRequestInvariants(parsed.value) : [];
    if (problems.length > 0) {
      violations.push(...problems.map((p) => `request #${request.index}: ${p}`));
      writeError(res, { status: 400, message: problems.join('; '), requestId });
      return;
    }

    let turn: ScriptedTurn | undefined;
    try {
      turn = await nextTurn(request);
    } catch (error) {
      violations.push(`request #${request.index}: script function threw: ${String(error)}`);
      writeError(res, { status: 500, message: `fake server: script function threw: ${String(error)}`, requestId });
      return;
    }
    if (!turn) {
      // An unexpected extra request is a test failure, not just an error the agent may swallow.
      violations.push(`request #${request.index}: ${SCRIPT_EXHAUSTED} (unexpected extra request)`);
      writeError(res, { status: 500, message: `${SCRIPT_EXHAUSTED}: no scripted turn for request #${request.index}`, requestId });
      return;
    }

    const abort = new AbortController();
    inFlight.add(abort);
    // 'close' also fires after a normal end; aborting then is harmless.
    res.on('close', () => {
      abort.abort();
      inFlight.delete(abort);
    });
    const ctx: TurnContext = { requestIndex: request.index, requestBody: request.body };
    const streaming = isRecord(request.body) && request.body.stream === true;
    await answerTurn({ turn, ctx, streaming, res, requestId, signal: abort.signal, sent });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push(`fake server crashed: ${String(error)}`);
      res.destroy();
    });
  });
  server.on('connection', (socket) => {
    socket.setNoDelay(true); // each SSE event leaves at once, so timing tests measure real gaps
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake server: no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    sent,
    violations,
    push: (...turns) => void queue.push(...turns),
    remaining: () => queue.length,
    assertNoViolations: () => {
      if (violations.length > 0) {
        throw new Error(`fake Anthropic server saw ${violations.length} violation(s):\n- ${violations.join('\n- ')}`);
      }
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const abort of inFlight) abort.abort();
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

interface AnswerArgs {
  turn: ScriptedTurn;
  ctx: TurnContext;
  streaming: boolean;
  res: http.ServerResponse;
  requestId: string;
  signal: AbortSignal;
  sent: SseEventRecord[];
}

async function answerTurn({ turn, ctx, streaming, res, requestId, signal, sent }: AnswerArgs): Promise<void> {
  const fault = turn.fault;
  if (fault?.kind === 'hang') return;
  if (fault?.kind === 'http') {
    writeError(res, { ...fault, requestId });
    return;
  }
  if (!streaming) {
    if (fault) {
      res.destroy();
      return;
    }
    if (!(await sleep(totalDelayMs(turn, ctx), signal))) return;
    writeJson(res, 200, buildMessage(turn, ctx), { 'request-id': requestId });
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': requestId });
  res.flushHeaders();
  const planned = planStreamEvents(turn, ctx);
  const limit = fault ? Math.min(fault.afterEvents, planned.length) : planned.length;
  for (const event of planned.slice(0, limit)) {
    if (!(await sleep(event.delayMs, signal))) return;
    sent.push({ requestIndex: ctx.requestIndex, event: event.event, data: event.data, sentAt: clockNow() });
    res.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  }
  if (fault?.kind === 'cut') {
    // Let the written events reach the socket first; destroy() drops anything still buffered.
    await new Promise<void>((resolve) => res.write('', () => resolve()));
    res.socket?.destroy();
    return;
  }
  if (fault?.kind === 'sseError') {
    const errorType = fault.errorType ?? 'overloaded_error';
    const data = { type: 'error', error: { type: errorType, message: fault.message ?? 'Overloaded' } };
    sent.push({ requestIndex: ctx.requestIndex, event: 'error', data, sentAt: clockNow() });
    res.write(`event: error\ndata: ${JSON.stringify(data)}\n\n`);
  }
  res.end();
}

interface ErrorReply {
  status: number;
  errorType?: string;
  message?: string;
  retryAfterSeconds?: number;
  retryAfterMs?: number;
  requestId?: string;
}

function writeError(res: http.ServerResponse, reply: ErrorReply): void {
  const type = reply.errorType ?? DEFAULT_ERROR_TYPES[reply.status] ?? 'api_error';
  const headers: Record<string, string> = {};
  if (reply.requestId) headers['request-id'] = reply.requestId;
  if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
  if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
  const body = {
    type: 'error',
    error: { type, message: reply.message ?? `fake server: scripted ${reply.status} ${type}` },
    request_id: reply.requestId ?? null,
  };
  writeJson(res, reply.status, body, headers);
}

function writeJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Resolves true after `ms`, or false once the client has gone away. Zero waits skip the timer queue, so a zero-latency script adds no event-loop turns. */
async function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (ms <= 0) return true;
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
