/**
 * Questions the running turn is waiting on: permission asks, AskUserQuestion,
 * plan approval, an MCP server's elicitation. One is shown at a time, oldest first; the others (and the
 * tools behind them) wait. The UI only collects the answer — what an answer
 * means is decided by whoever asked (the pipeline applies permission answers).
 *
 * A question whose turn is interrupted is withdrawn and answered with the
 * safe value (deny / not approved), so nothing waits forever.
 */
import type { PermissionRequest } from '../../services/tools/toolExecution.js';
import type { PermissionResponse } from '../../permissions/types.js';
import type { ElicitationRequest, ElicitationResponse } from '../../services/mcp/elicitation.js';
import type { ChoiceRequest, PlanApproval, UserAnswers, UserInteraction, UserQuestion } from '../../types/userInteraction.js';

export type PendingDialog =
  | { readonly id: number; readonly kind: 'permission'; readonly request: PermissionRequest; answer(response: PermissionResponse): void }
  | { readonly id: number; readonly kind: 'questions'; readonly questions: readonly UserQuestion[]; answer(answers: UserAnswers): void }
  | { readonly id: number; readonly kind: 'plan'; readonly plan: string; answer(approval: PlanApproval): void }
  /** The REPL's own pickers (/model, which memory file): the chosen value, or undefined for Esc. */
  | { readonly id: number; readonly kind: 'choice'; readonly request: ChoiceRequest; answer(value: string | undefined): void }
  /** An MCP server's elicitation form. */
  | { readonly id: number; readonly kind: 'elicitation'; readonly request: ElicitationRequest; answer(response: ElicitationResponse): void };

export class DialogQueue {
  private queue: PendingDialog[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The dialog to show now (useSyncExternalStore snapshot: stable until the queue changes). */
  current = (): PendingDialog | undefined => this.queue[0];

  get size(): number {
    return this.queue.length;
  }

  askPermission = (request: PermissionRequest): Promise<PermissionResponse> =>
    this.enqueue(request.signal, { type: 'deny' }, (id, settle) => ({ id, kind: 'permission', request, answer: settle }));

  readonly userInteraction: UserInteraction = {
    askQuestions: (questions, signal) =>
      this.enqueue<UserAnswers>(signal, new Error('The question was withdrawn: the turn was interrupted.'), (id, settle) => ({
        id,
        kind: 'questions',
        questions,
        answer: settle,
      })),
    approvePlan: (plan, signal) =>
      this.enqueue<PlanApproval>(signal, { approved: false }, (id, settle) => ({ id, kind: 'plan', plan, answer: settle })),
  };

  /** A pick the REPL asks for itself; undefined when the user presses Esc (or the REPL exits). */
  choose = (request: ChoiceRequest, signal: AbortSignal = new AbortController().signal): Promise<string | undefined> =>
    this.enqueue<string | undefined>(signal, undefined, (id, settle) => ({ id, kind: 'choice', request, answer: settle }));

  /** An MCP server's question (elicitation); withdrawn by the server or at exit: cancelled. */
  elicit = (request: ElicitationRequest, signal: AbortSignal): Promise<ElicitationResponse> =>
    this.enqueue<ElicitationResponse>(signal, { action: 'cancel' }, (id, settle) => ({ id, kind: 'elicitation', request, answer: settle }));

  /** Withdraws every open question (exit): each gets its safe answer. */
  cancelAll(): void {
    for (const dialog of [...this.queue]) {
      if (dialog.kind === 'permission') dialog.answer({ type: 'deny' });
      else if (dialog.kind === 'plan') dialog.answer({ approved: false });
      else if (dialog.kind === 'choice') dialog.answer(undefined);
      else if (dialog.kind === 'elicitation') dialog.answer({ action: 'cancel' });
      else dialog.answer({});
    }
  }

  private enqueue<T>(
    signal: AbortSignal,
    onAbort: T | Error,
    build: (id: number, settle: (value: T) => void) => PendingDialog,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const finish = (settleWith: () => void): void => {
        signal.removeEventListener('abort', abort);
        const before = this.queue.length;
        this.queue = this.queue.filter((dialog) => dialog !== entry);
        if (this.queue.length !== before) {
          settleWith();
          this.notify();
        }
      };
      const abort = (): void => finish(() => (onAbort instanceof Error ? reject(onAbort) : resolve(onAbort)));
      const entry = build(this.nextId++, (value) => finish(() => resolve(value)));
      if (signal.aborted) {
        if (onAbort instanceof Error) reject(onAbort);
        else resolve(onAbort);
        return;
      }
      signal.addEventListener('abort', abort, { once: true });
      this.queue = [...this.queue, entry];
      this.notify();
    });
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

