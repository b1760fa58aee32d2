/**
 * When and how long to wait before asking the model again. Rate limits,
 * overload (529), server errors, dropped connections and cut streams are
 * retried with exponential backoff and jitter, honouring the server's
 * retry-after; a bad request or a bad key is not.
 */
import { errorMessageOf } from '../../utils/errors.js';

export type RetryPolicy = {
  /** Retries after the first attempt. The API asks for patience when overloaded, so at least 8. */
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
};

export function retryPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): RetryPolicy {
  const int = (value: string | undefined, fallback: number, min: number): number => {
    const parsed = Number.parseInt(value ?? '', 10);
    return Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
  };
  return {
    maxRetries: int(env.AGENTCLI_MAX_RETRIES, 10, 0),
    baseDelayMs: int(env.AGENTCLI_RETRY_BASE_DELAY_MS, 500, 0),
    maxDelayMs: int(env.AGENTCLI_RETRY_MAX_DELAY_MS, 32_000, 0),
  };
}

/** Thrown when a stream ends before message_stop: the message is incomplete and must be re-requested. */
export class StreamCutError extends Error {
  override readonly name = 'StreamCutError';
  constructor(detail: string) {
    super(`the response stream ended early (${detail})`);
  }
}

export type ApiFailureKind =
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'connection'
  | 'stream_cut'
  | 'auth'
  | 'invalid_request'
  | 'not_found'
  | 'aborted'
  | 'other';

export type ApiFailure = {
  readonly kind: ApiFailureKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly message: string;
};

const RETRYABLE: ReadonlySet<ApiFailureKind> = new Set(['rate_limit', 'overloaded', 'server', 'connection', 'stream_cut']);

export function isRetryable(failure: ApiFailure): boolean {
  return RETRYABLE.has(failure.kind);
}

/** The API's 400 for a conversation larger than the model's window ("prompt is too long: N tokens > M maximum"). */
export function isPromptTooLong(failure: ApiFailure): boolean {
  if (failure.kind !== 'invalid_request' && failure.status !== 400 && failure.status !== 413) return false;
  return /prompt is too long|too many (input )?tokens|exceeds? the (model's )?(maximum )?context|context (window|length)/i.test(failure.message);
}

/** Reads an SDK error (or any thrown value) by shape: the SDK is loaded lazily, so no instanceof. */
export function classifyApiFailure(error: unknown): ApiFailure {
  const message = apiErrorMessage(error);
  if (error instanceof StreamCutError) return { kind: 'stream_cut', message };
  const name = error instanceof Error ? error.constructor.name : '';
  if (name === 'APIUserAbortError' || (error instanceof Error && error.name === 'AbortError')) {
    return { kind: 'aborted', message };
  }
  const status = statusOf(error);
  const bodyType = errorTypeOf(error);
  // An `error` event inside an SSE stream carries a type but no HTTP status.
  if (status === undefined && bodyType === 'overloaded_error') return { kind: 'overloaded', message };
  if (status === undefined && bodyType === 'rate_limit_error') return { kind: 'rate_limit', message };
  if (status === undefined && bodyType === 'api_error') return { kind: 'server', message };
  if (status === undefined) {
    // No HTTP status: retry only what is really the network (refused, reset, timed out, dropped mid-stream).
    return { kind: isNetworkFailure(error) ? 'connection' : 'other', message };
  }
  const retryAfterMs = retryAfterOf(error);
  const base = { status, message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  if (status === 429) return { kind: 'rate_limit', ...base };
  if (status === 529) return { kind: 'overloaded', ...base };
  if (status === 408 || status === 409 || status >= 500) return { kind: 'server', ...base };
  if (status === 401 || status === 403) return { kind: 'auth', ...base };
  if (status === 404) return { kind: 'not_found', ...base };
  if (status === 400 || status === 413 || status === 422) return { kind: 'invalid_request', ...base };
  return { kind: 'other', ...base };
}

export function retryDelayMs(
  retryNumber: number,
  policy: RetryPolicy,
  failure: ApiFailure,
  random: () => number = Math.random,
): number {
  if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, 60_000);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retryNumber - 1));
  // Up to 25% jitter so many clients that failed together do not retry together.
  return Math.round(exponential * (1 - 0.25 * random()));
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

const NETWORK_ERROR_CODES = /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|UND_ERR_\w+)$/;

function isNetworkFailure(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if (/Connection|Timeout/.test(current.constructor.name)) return true;
    if (current instanceof TypeError && /fetch failed|terminated|network/i.test(current.message)) return true;
    if ('code' in current && typeof current.code === 'string' && NETWORK_ERROR_CODES.test(current.code)) return true;
  }
  return false;
}

function errorTypeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('type' in error && typeof error.type === 'string') return error.type;
  if ('error' in error && typeof error.error === 'object' && error.error !== null && 'error' in error.error) {
    const inner = error.error.error;
    if (typeof inner === 'object' && inner !== null && 'type' in inner && typeof inner.type === 'string') return inner.type;
  }
  return undefined;
}

function retryAfterOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('headers' in error)) return undefined;
  const headers = error.headers;
  const get = (name: string): string | null | undefined =>
    typeof headers === 'object' && headers !== null && 'get' in headers && typeof headers.get === 'function'
      ? (headers.get(name) as string | null)
      : undefined;
  const ms = Number.parseFloat(get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const header = get('retry-after');
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function apiErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'error' in error) {
    const body = error.error;
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const inner = body.error;
      if (typeof inner === 'object' && inner !== null && 'message' in inner && typeof inner.message === 'string') {
        return inner.message;
      }
    }
  }
  return errorMessageOf(error);
}
