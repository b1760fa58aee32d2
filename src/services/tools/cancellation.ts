/**
 * Why a tool call was stopped. Carried as the AbortSignal's reason so the
 * pipeline can tell the model (and the user) what happened.
 */
export type CancellationReason =
  | { readonly kind: 'user_interrupt' }
  | { readonly kind: 'sibling_error'; readonly toolUseId: string; readonly toolName: string }
  /** The user rejected an earlier call of this turn without saying what to do instead. */
  | { readonly kind: 'turn_stopped' }
  /** The model's message was cut and will be re-requested: this call's result is thrown away. */
  | { readonly kind: 'discarded' };

export const USER_INTERRUPT: CancellationReason = { kind: 'user_interrupt' };

export function isCancellationReason(value: unknown): value is CancellationReason {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    ['user_interrupt', 'sibling_error', 'turn_stopped', 'discarded'].includes(String(value.kind))
  );
}

export function cancellationOf(signal: AbortSignal): CancellationReason {
  return isCancellationReason(signal.reason) ? signal.reason : USER_INTERRUPT;
}

export function describeCancellation(reason: CancellationReason): string {
  switch (reason.kind) {
    case 'user_interrupt':
      return 'Interrupted by user: the tool was stopped before it finished.';
    case 'sibling_error':
      return `Cancelled: a parallel ${reason.toolName} call (${reason.toolUseId}) failed, so this call was stopped. Re-run it if it is still needed.`;
    case 'turn_stopped':
      return 'Not run: the user rejected an earlier tool call in this turn.';
    case 'discarded':
      return 'Cancelled: the message that requested this call was cut off and re-requested.';
  }
}
