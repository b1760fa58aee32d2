/**
 * The Agent SDK's control protocol on stdio, both directions. A request is
 * `{type:"control_request", request_id, request:{subtype, ...}}`; its answer
 * is `{type:"control_response", response:{subtype:"success"|"error",
 * request_id, response|error}}`. Either side may withdraw one of its own
 * requests with `{type:"control_cancel_request", request_id}`.
 *
 * Answers may come in any order: each outgoing request waits on its own id.
 * An answer to an id we never sent (or already withdrew) is dropped — a late
 * reply to a cancelled permission prompt must not be applied to anything.
 */
import { errorMessageOf } from '../../utils/errors.js';

export type ControlRequestBody = { readonly subtype: string } & Readonly<Record<string, unknown>>;

/** What a handler answers with: the success payload (`{}` when merely acknowledged). */
export type ControlRequestHandler = (request: ControlRequestBody, signal: AbortSignal) => Promise<Record<string, unknown> | undefined>;

export class ControlRequestError extends Error {}

/** The other side withdrew its answer, or the channel closed while we waited. */
export class ControlRequestCancelled extends Error {}

type Pending = {
  readonly resolve: (response: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
};

export type ControlChannelOptions = {
  readonly writeLine: (value: unknown) => void;
  /** One line for the user about a message that could not be understood. */
  readonly onProblem: (message: string) => void;
};

export class ControlChannel {
  private requestCount = 0;
  private closedReason: string | undefined;
  private readonly outgoing = new Map<string, Pending>();
  /** Requests from the other side still being handled, so a cancel can stop them. */
  private readonly incoming = new Map<string, AbortController>();
  private readonly handlers = new Map<string, ControlRequestHandler>();

  constructor(private readonly options: ControlChannelOptions) {}

  /** Registers the handler for one request subtype the other side may send. */
  handle(subtype: string, handler: ControlRequestHandler): void {
    this.handlers.set(subtype, handler);
  }

  /** Sends a request and waits for its answer; aborting `signal` withdraws it (control_cancel_request). */
  request(body: ControlRequestBody, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (this.closedReason !== undefined) return Promise.reject(new ControlRequestCancelled(this.closedReason));
    if (signal?.aborted) return Promise.reject(new ControlRequestCancelled('the request was withdrawn before it was sent'));
    const requestId = `agentcli-${process.pid}-${++this.requestCount}`;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.outgoing.delete(requestId)) return;
        this.options.writeLine({ type: 'control_cancel_request', request_id: requestId });
        reject(new ControlRequestCancelled('the request was withdrawn'));
      };
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      this.outgoing.set(requestId, {
        resolve: (response) => {
          done();
          resolve(response);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.options.writeLine({ type: 'control_request', request_id: requestId, request: body });
    });
  }

  /**
   * Takes one parsed stdin message if it belongs to the control protocol;
   * returns false for anything else (user messages go elsewhere).
   */
  receive(message: Readonly<Record<string, unknown>>): boolean {
    switch (message.type) {
      case 'control_request':
        this.receiveRequest(message);
        return true;
      case 'control_response':
        this.receiveResponse(message);
        return true;
      case 'control_cancel_request': {
        const requestId = message.request_id;
        if (typeof requestId === 'string') this.incoming.get(requestId)?.abort();
        return true;
      }
      default:
        return false;
    }
  }

  /** No more answers can come (stdin closed): every waiting request fails with `reason`. */
  close(reason: string): void {
    this.closedReason = reason;
    const waiting = [...this.outgoing.values()];
    this.outgoing.clear();
    for (const pending of waiting) pending.reject(new ControlRequestCancelled(reason));
    for (const controller of this.incoming.values()) controller.abort();
  }

  /** How many of our requests still wait for an answer (tests, diagnostics). */
  get waitingCount(): number {
    return this.outgoing.size;
  }

  private receiveRequest(message: Readonly<Record<string, unknown>>): void {
    const requestId = message.request_id;
    const body = message.request;
    if (typeof requestId !== 'string' || !isRecord(body) || typeof body.subtype !== 'string') {
      this.options.onProblem('a control_request without a request_id or request.subtype was ignored');
      return;
    }
    const request: ControlRequestBody = { ...body, subtype: body.subtype };
    const handler = this.handlers.get(request.subtype);
    if (!handler) {
      this.answerError(requestId, `unsupported control request subtype: ${request.subtype}`);
      return;
    }
    const controller = new AbortController();
    this.incoming.set(requestId, controller);
    void handler(request, controller.signal).then(
      (response) => {
        this.incoming.delete(requestId);
        this.options.writeLine({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response: response ?? {} } });
      },
      (error: unknown) => {
        this.incoming.delete(requestId);
        this.answerError(requestId, errorMessageOf(error));
      },
    );
  }

  private receiveResponse(message: Readonly<Record<string, unknown>>): void {
    const response = message.response;
    const requestId = isRecord(response) ? response.request_id : undefined;
    if (!isRecord(response) || typeof requestId !== 'string') {
      this.options.onProblem('a control_response without response.request_id was ignored');
      return;
    }
    const pending = this.outgoing.get(requestId);
    if (!pending) return; // withdrawn, or answered twice: nothing waits for it any more
    this.outgoing.delete(requestId);
    if (response.subtype === 'success') {
      pending.resolve(isRecord(response.response) ? response.response : {});
      return;
    }
    const error = typeof response.error === 'string' && response.error !== '' ? response.error : 'the client answered with an error';
    pending.reject(new ControlRequestError(error));
  }

  private answerError(requestId: string, error: string): void {
    this.options.writeLine({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error } });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
