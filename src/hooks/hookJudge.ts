/**
 * `prompt` and `agent` hooks: a model judges the event against the hook's
 * prompt. The judge answers one JSON object — {"decision": "allow" | "deny"
 * | "ask", "reason": "..."} — or Claude Code's {"ok": true | false,
 * "reason": "..."} (ok false = deny). What a decision means depends on the
 * event, with the same precedence as every other hook (deny > ask > allow):
 *   PreToolUse, PermissionRequest  a permission decision with its reason
 *   any other event                deny blocks, with the reason (a Stop hook's
 *                                  block sends the model back to work)
 * An answer that is not such JSON is a non-blocking error naming the hook,
 * never a silent allow.
 *
 * The models are reached through HookJudges, given by the session once it
 * exists: the hooks layer does not know how a model call or a subagent runs.
 */
import type { HookEventName, HookInput } from './hookEvents.js';
import type { ConfiguredHook } from './hooksConfig.js';
import type { HookVerdict } from './hookVerdict.js';
import type { HookRunContext, HookRunner } from './types.js';

export type JudgeRequest = {
  /** The hook's prompt with the event filled in. */
  readonly prompt: string;
  readonly model?: string;
  readonly signal: AbortSignal;
  readonly cwd: string;
};

export type HookJudges = {
  /** One request to the fast model (or the hook's model); returns its text. */
  ask(request: JudgeRequest): Promise<string>;
  /** A subagent with read-only tools (Read, Grep, Glob) works on it; returns its final answer. */
  investigate(request: JudgeRequest): Promise<string>;
};

type JudgedHook = Extract<ConfiguredHook, { readonly type: 'prompt' | 'agent' }>;

export const JUDGE_INSTRUCTIONS = `You check one event in a coding agent's session against a policy the user wrote. The policy and the event (as JSON) follow. Answer with one JSON object and nothing else:
{"decision": "allow" | "deny" | "ask", "reason": "<one sentence>"}
allow: the policy has no objection. deny: the policy forbids it; the reason is shown to the agent. ask: it is unclear and a person should decide.`;

export function judgedHookRunner(hook: JudgedHook, options: { readonly active: boolean; readonly judges: () => HookJudges | undefined }): HookRunner {
  const label = `${hook.type}: ${hook.prompt.length > 60 ? `${hook.prompt.slice(0, 59)}…` : hook.prompt}`;
  return {
    event: hook.event,
    matcher: hook.matcher,
    label,
    source: `${hook.file}:${hook.line}`,
    dedupeKey: `${hook.type}\u0000${hook.prompt}\u0000${hook.model ?? ''}`,
    active: options.active,
    async run(input, context) {
      const judges = options.judges();
      if (!judges) return { hook: label, outcome: 'error', error: 'no model is available to judge this event here' };
      const request = judgeRequest(hook, input, context);
      let answer: string;
      try {
        answer = await (hook.type === 'prompt' ? judges.ask(request) : judges.investigate(request));
      } catch (error) {
        const why = request.signal.aborted && !context.signal.aborted ? `no answer within ${hook.timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error);
        return { hook: label, outcome: 'error', error: `the judge failed: ${why}` };
      }
      return verdictFromJudgement(input.hook_event_name, label, answer);
    },
  };
}

function judgeRequest(hook: JudgedHook, input: HookInput, context: HookRunContext): JudgeRequest {
  const event = JSON.stringify(input, null, 2);
  const policy = hook.prompt.includes('$ARGUMENTS') ? hook.prompt.replaceAll('$ARGUMENTS', event) : `${hook.prompt}\n\nThe event:\n${event}`;
  return {
    prompt: `${JUDGE_INSTRUCTIONS}\n\n<policy>\n${policy}\n</policy>`,
    ...(hook.model ? { model: hook.model } : {}),
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(hook.timeoutMs)]),
    cwd: context.cwd,
  };
}

const PERMISSION_EVENTS: ReadonlySet<HookEventName> = new Set(['PreToolUse', 'PermissionRequest']);

export function verdictFromJudgement(event: HookEventName, hook: string, answer: string): HookVerdict {
  const judged = parseJudgement(answer);
  if (!judged) return { hook, outcome: 'error', error: `the judge did not answer with {"decision", "reason"} JSON: ${answer.trim().slice(0, 120)}` };
  const reason = judged.reason || `${judged.decision} (no reason given)`;
  if (PERMISSION_EVENTS.has(event)) {
    // PermissionRequest has no "ask" answer: a person decides anyway.
    if (event === 'PermissionRequest' && judged.decision === 'ask') return { hook, outcome: 'success' };
    return { hook, outcome: 'success', permissionDecision: judged.decision, permissionDecisionReason: reason };
  }
  if (judged.decision === 'deny') return { hook, outcome: 'blocking', blockReason: reason };
  return { hook, outcome: 'success' };
}

function parseJudgement(answer: string): { decision: 'allow' | 'deny' | 'ask'; reason: string } | undefined {
  // The model may wrap its JSON in a code fence or a sentence; the first {...} object is the answer.
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const reason = typeof record['reason'] === 'string' ? record['reason'] : '';
  const decision = record['decision'];
  if (decision === 'allow' || decision === 'deny' || decision === 'ask') return { decision, reason };
  if (typeof record['ok'] === 'boolean') return { decision: record['ok'] ? 'allow' : 'deny', reason };
  return undefined;
}
