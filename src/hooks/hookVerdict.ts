/**
 * What one hook says (a verdict) and what all the hooks of one event say
 * together (the merged verdict). Every kind of runner — a command today, an
 * in-process callback for the Agent SDK — returns a HookVerdict; the one pure
 * function below merges them, so precedence lives in a single place:
 *
 *   permission   deny > ask > allow; the deciding hook's reason is kept
 *   block        exit 2 or `decision: "block"` from any hook blocks
 *   stop         `continue: false` from any hook stops the loop
 *   rewrite      the deciding hook's `updatedInput`, else the first one given
 *   the rest     context, messages and errors are collected in hook order
 */

export type HookPermissionDecision = 'allow' | 'deny' | 'ask';

export type HookVerdict = {
  /** Which hook (its command, or a callback's name): named in messages and `--verbose`. */
  readonly hook: string;
  /**
   * success: the flow goes on, using the fields below.
   * blocking: exit code 2 or `decision: "block"`; what that means depends on the event.
   * error: the hook failed (other exit code, timeout, not startable); shown to the user, the flow goes on.
   */
  readonly outcome: 'success' | 'blocking' | 'error';
  /** Why it blocked (stderr on exit 2, `reason` with `decision: "block"`). */
  readonly blockReason?: string;
  /** Why it failed (outcome error). */
  readonly error?: string;
  /** Plain stdout of a successful hook that did not print JSON. */
  readonly output?: string;
  /** `continue: false` ends the agent's turn after this event. */
  readonly continue?: boolean;
  readonly stopReason?: string;
  readonly suppressOutput?: boolean;
  /** Shown to the user, not the model. */
  readonly systemMessage?: string;
  readonly permissionDecision?: HookPermissionDecision;
  readonly permissionDecisionReason?: string;
  readonly updatedInput?: Record<string, unknown>;
  /** Given to the model. */
  readonly additionalContext?: string;
  /** PermissionRequest's `decision.interrupt` with a deny: the turn stops too. */
  readonly interrupt?: boolean;
  /** PermissionDenied: the model is told it may try the call again. */
  readonly retry?: boolean;
  /** SessionStart / CwdChanged / FileChanged: more files for FileChanged to watch. */
  readonly watchPaths?: readonly string[];
  /** Elicitation / ElicitationResult: the answer given for the user (or the user's answer replaced). */
  readonly elicitation?: ElicitationAnswer;
};

export type ElicitationAnswer = { readonly action: 'accept' | 'decline' | 'cancel'; readonly content?: Record<string, unknown> };

export type MergedHookVerdict = {
  readonly block?: { readonly hook: string; readonly reason: string };
  readonly stop?: { readonly hook: string; readonly reason: string | undefined };
  readonly permission?: { readonly hook: string; readonly decision: HookPermissionDecision; readonly reason: string | undefined };
  readonly updatedInput?: Record<string, unknown>;
  readonly additionalContext: readonly string[];
  /** Plain stdout of successful hooks (context for UserPromptSubmit and SessionStart). */
  readonly outputs: readonly string[];
  readonly systemMessages: readonly string[];
  readonly errors: readonly { readonly hook: string; readonly message: string }[];
  readonly suppressOutput: boolean;
  readonly retry?: boolean;
  /** Present when any hook answered with a list (empty included: it clears the list). */
  readonly watchPaths?: readonly string[];
  /** The first hook's answer, in configuration order; a decline or cancel from any hook wins over an accept. */
  readonly elicitation?: ElicitationAnswer;
};

export const EMPTY_MERGED_VERDICT: MergedHookVerdict = {
  additionalContext: [],
  outputs: [],
  systemMessages: [],
  errors: [],
  suppressOutput: false,
};

const STRENGTH: Readonly<Record<HookPermissionDecision, number>> = { allow: 1, ask: 2, deny: 3 };

/** Verdicts in configuration order (not finishing order), so the outcome never depends on timing. */
export function mergeHookVerdicts(verdicts: readonly HookVerdict[]): MergedHookVerdict {
  let block: MergedHookVerdict['block'];
  let stop: MergedHookVerdict['stop'];
  let permission: MergedHookVerdict['permission'];
  let permissionInput: Record<string, unknown> | undefined;
  let firstInput: Record<string, unknown> | undefined;
  const additionalContext: string[] = [];
  const outputs: string[] = [];
  const systemMessages: string[] = [];
  const errors: { hook: string; message: string }[] = [];
  let suppressOutput = false;
  let retry = false;
  let watchPaths: string[] | undefined;
  let elicitation: ElicitationAnswer | undefined;

  for (const verdict of verdicts) {
    if (verdict.systemMessage) systemMessages.push(verdict.systemMessage);
    if (verdict.suppressOutput) suppressOutput = true;
    if (verdict.continue === false) stop ??= { hook: verdict.hook, reason: verdict.stopReason };
    if (verdict.interrupt && verdict.permissionDecision === 'deny') stop ??= { hook: verdict.hook, reason: verdict.permissionDecisionReason };
    if (verdict.outcome === 'error') {
      errors.push({ hook: verdict.hook, message: verdict.error ?? 'failed' });
      continue;
    }
    if (verdict.outcome === 'blocking') {
      block ??= { hook: verdict.hook, reason: verdict.blockReason ?? '' };
      continue;
    }
    if (verdict.output) outputs.push(verdict.output);
    if (verdict.additionalContext) additionalContext.push(verdict.additionalContext);
    if (verdict.updatedInput) firstInput ??= verdict.updatedInput;
    if (verdict.retry) retry = true;
    if (verdict.watchPaths) (watchPaths ??= []).push(...verdict.watchPaths);
    if (verdict.elicitation && (!elicitation || (elicitation.action === 'accept' && verdict.elicitation.action !== 'accept'))) elicitation = verdict.elicitation;
    const decision = verdict.permissionDecision;
    if (decision && (!permission || STRENGTH[decision] > STRENGTH[permission.decision])) {
      permission = { hook: verdict.hook, decision, reason: verdict.permissionDecisionReason };
      permissionInput = verdict.updatedInput;
    }
  }
  const updatedInput = permission?.decision === 'deny' ? undefined : (permissionInput ?? firstInput);
  return {
    ...(block ? { block } : {}),
    ...(stop ? { stop } : {}),
    ...(permission ? { permission } : {}),
    ...(updatedInput ? { updatedInput } : {}),
    additionalContext,
    outputs,
    systemMessages,
    errors,
    suppressOutput,
    ...(retry ? { retry } : {}),
    ...(watchPaths ? { watchPaths } : {}),
    ...(elicitation ? { elicitation } : {}),
  };
}
