/**
 * Reads a finished command hook — exit code, stdout, stderr — as a verdict,
 * following Claude Code's contract:
 *   exit 0   success; stdout may be a JSON object with the fields below,
 *            otherwise it is plain output
 *   exit 2   blocking; stderr is the reason
 *   other    a non-blocking error shown to the user (so is a timeout)
 *
 * JSON fields: continue + stopReason, suppressOutput, systemMessage,
 * decision ("block" + reason; PreToolUse also takes the older "approve"),
 * hookSpecificOutput { hookEventName, permissionDecision +
 * permissionDecisionReason, updatedInput, additionalContext }. A field of the
 * wrong type makes the verdict an error naming it, rather than being half
 * obeyed.
 */
import type { HookEventName } from './hookEvents.js';
import type { ElicitationAnswer, HookPermissionDecision, HookVerdict } from './hookVerdict.js';

export type FinishedCommand = {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOutAfterMs?: number;
  /** Set when the command could not be started at all. */
  readonly startError?: string;
};

export function verdictFromCommand(event: HookEventName, hook: string, run: FinishedCommand): HookVerdict {
  if (run.startError !== undefined) return { hook, outcome: 'error', error: `could not start: ${run.startError}` };
  if (run.timedOutAfterMs !== undefined) {
    return { hook, outcome: 'error', error: `timed out after ${formatSeconds(run.timedOutAfterMs)} and was stopped` };
  }
  const stderr = run.stderr.trim();
  if (run.exitCode === 2) return { hook, outcome: 'blocking', blockReason: stderr || 'blocked by hook (exit code 2, nothing on stderr)' };
  if (run.exitCode !== 0) {
    const how = run.exitCode === null ? `ended by ${run.signal ?? 'a signal'}` : `exit code ${run.exitCode}`;
    return { hook, outcome: 'error', error: stderr ? `${how}: ${stderr}` : how };
  }
  const stdout = run.stdout.trim();
  if (!stdout.startsWith('{')) return { hook, outcome: 'success', ...(stdout ? { output: stdout } : {}) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { hook, outcome: 'success', output: stdout };
  }
  if (!isRecord(parsed)) return { hook, outcome: 'success', output: stdout };
  return verdictFromJson(event, hook, parsed);
}

export function verdictFromJson(event: HookEventName, hook: string, json: Record<string, unknown>): HookVerdict {
  const problems: string[] = [];
  const text = (record: Record<string, unknown>, key: string, where = key): string | undefined => {
    const value = record[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    problems.push(`"${where}" must be a string`);
    return undefined;
  };
  const flag = (key: string): boolean | undefined => {
    const value = json[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    problems.push(`"${key}" must be true or false`);
    return undefined;
  };

  const proceed = flag('continue');
  const stopReason = text(json, 'stopReason');
  const suppressOutput = flag('suppressOutput');
  const systemMessage = text(json, 'systemMessage');
  const decision = text(json, 'decision');
  const reason = text(json, 'reason');

  let permissionDecision: HookPermissionDecision | undefined;
  let permissionDecisionReason: string | undefined;
  let updatedInput: Record<string, unknown> | undefined;
  let additionalContext: string | undefined;
  let interrupt = false;
  let retry = false;
  let watchPaths: string[] | undefined;
  let elicitation: ElicitationAnswer | undefined;
  const specific = json['hookSpecificOutput'];
  if (specific !== undefined && specific !== null) {
    if (!isRecord(specific)) problems.push('"hookSpecificOutput" must be an object');
    else {
      const named = text(specific, 'hookEventName', 'hookSpecificOutput.hookEventName');
      if (named !== undefined && named !== event) problems.push(`"hookSpecificOutput.hookEventName" is "${named}" but this is a ${event} hook`);
      const wanted = text(specific, 'permissionDecision', 'hookSpecificOutput.permissionDecision');
      if (wanted !== undefined) {
        if (wanted === 'allow' || wanted === 'deny' || wanted === 'ask') permissionDecision = wanted;
        else problems.push(`"hookSpecificOutput.permissionDecision" must be allow, deny or ask; got "${wanted}"`);
      }
      permissionDecisionReason = text(specific, 'permissionDecisionReason', 'hookSpecificOutput.permissionDecisionReason');
      const input = specific['updatedInput'];
      if (input !== undefined && input !== null) {
        if (isRecord(input)) updatedInput = input;
        else problems.push('"hookSpecificOutput.updatedInput" must be an object');
      }
      additionalContext = text(specific, 'additionalContext', 'hookSpecificOutput.additionalContext');
      const request = readPermissionRequestDecision(specific, problems);
      if (request) {
        permissionDecision = request.behavior;
        permissionDecisionReason ??= request.message;
        if (request.updatedInput) updatedInput ??= request.updatedInput;
        if (request.interrupt) interrupt = true;
      }
      const wantsRetry = specific['retry'];
      if (wantsRetry !== undefined && wantsRetry !== null) {
        if (typeof wantsRetry === 'boolean') retry = wantsRetry;
        else problems.push('"hookSpecificOutput.retry" must be true or false');
      }
      watchPaths = stringList(specific, 'watchPaths', problems);
      elicitation = readElicitationAnswer(specific, problems);
    }
  }

  let outcome: HookVerdict['outcome'] = 'success';
  let blockReason: string | undefined;
  if (decision !== undefined) {
    if (event === 'PreToolUse' && (decision === 'block' || decision === 'approve')) {
      // Claude Code's older spelling of a permission decision.
      permissionDecision ??= decision === 'block' ? 'deny' : 'allow';
      permissionDecisionReason ??= reason;
    } else if (decision === 'block') {
      outcome = 'blocking';
      blockReason = reason ?? 'blocked by hook';
    } else if (decision !== 'approve') problems.push(`"decision" must be "block"; got "${decision}"`);
  }
  if (problems.length > 0) return { hook, outcome: 'error', error: `invalid JSON output: ${problems.join('; ')}` };
  return {
    hook,
    outcome,
    ...(blockReason !== undefined ? { blockReason } : {}),
    ...(proceed !== undefined ? { continue: proceed } : {}),
    ...(stopReason !== undefined ? { stopReason } : {}),
    ...(suppressOutput !== undefined ? { suppressOutput } : {}),
    ...(systemMessage !== undefined ? { systemMessage } : {}),
    ...(permissionDecision !== undefined ? { permissionDecision } : {}),
    ...(permissionDecisionReason !== undefined ? { permissionDecisionReason } : {}),
    ...(updatedInput !== undefined ? { updatedInput } : {}),
    ...(additionalContext !== undefined ? { additionalContext } : {}),
    ...(interrupt ? { interrupt } : {}),
    ...(retry ? { retry } : {}),
    // An empty list is an answer too: it clears what hooks asked to watch.
    ...(watchPaths ? { watchPaths } : {}),
    ...(elicitation ? { elicitation } : {}),
  };
}

/** PermissionRequest's answer: `decision: {behavior: "allow" | "deny", updatedInput?, message?, interrupt?}`. */
function readPermissionRequestDecision(
  specific: Record<string, unknown>,
  problems: string[],
): { behavior: 'allow' | 'deny'; updatedInput?: Record<string, unknown>; message?: string; interrupt: boolean } | undefined {
  const decision = specific['decision'];
  if (decision === undefined || decision === null) return undefined;
  if (!isRecord(decision)) {
    problems.push('"hookSpecificOutput.decision" must be an object like {"behavior": "allow"}');
    return undefined;
  }
  const behavior = decision['behavior'];
  if (behavior !== 'allow' && behavior !== 'deny') {
    problems.push(`"hookSpecificOutput.decision.behavior" must be "allow" or "deny"; got ${JSON.stringify(behavior)}`);
    return undefined;
  }
  const updatedInput = decision['updatedInput'];
  if (updatedInput !== undefined && updatedInput !== null && !isRecord(updatedInput)) problems.push('"hookSpecificOutput.decision.updatedInput" must be an object');
  const message = decision['message'];
  if (message !== undefined && message !== null && typeof message !== 'string') problems.push('"hookSpecificOutput.decision.message" must be a string');
  return {
    behavior,
    ...(isRecord(updatedInput) ? { updatedInput } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    interrupt: decision['interrupt'] === true,
  };
}

function readElicitationAnswer(specific: Record<string, unknown>, problems: string[]): ElicitationAnswer | undefined {
  const action = specific['action'];
  if (action === undefined || action === null) return undefined;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    problems.push(`"hookSpecificOutput.action" must be accept, decline or cancel; got ${JSON.stringify(action)}`);
    return undefined;
  }
  const content = specific['content'];
  if (content !== undefined && content !== null && !isRecord(content)) problems.push('"hookSpecificOutput.content" must be an object');
  return { action, ...(isRecord(content) ? { content } : {}) };
}

function stringList(record: Record<string, unknown>, key: string, problems: string[]): string[] | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) && value.every((entry): entry is string => typeof entry === 'string')) return value;
  problems.push(`"hookSpecificOutput.${key}" must be a list of strings`);
  return undefined;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
