/**
 * The tool pipeline's hook steps (ARCHITECTURE §4, steps 4 and 7), one
 * function each, so the pipeline only calls them and acts on a typed answer:
 *
 *   PreToolUse          before the permission decision
 *     exit 2 / deny     the call does not run; the model gets
 *                       "PreToolUse hook blocked <Tool>: <reason>" as its is_error result
 *     ask / allow       laid over the rules' decision (hookPermission.ts)
 *     updatedInput      the pipeline validates it again and decides on it
 *   PostToolUse         after a call that succeeded: the result stays as it
 *                       was; exit 2 / decision block / additionalContext reach
 *                       the model as text right after it
 *   PostToolUseFailure  after a call that failed (error, is_interrupt); same
 *
 * `continue: false` from any of them ends the turn once the call is answered.
 */
import type { Tool, ToolUseContext } from '../contract/tool.js';
import type { UserMessage } from '../types/messages.js';
import { newUuid, nowIso } from '../utils/ids.js';
import type { HookEventName } from './hookEvents.js';
import { commonInputOfContext, runContextOf } from './hookInput.js';
import type { HookPermission } from './hookPermission.js';
import type { MergedHookVerdict } from './hookVerdict.js';
import type { HookSet } from './types.js';

export type ToolHookCall = {
  readonly tool: Pick<Tool, 'name'>;
  readonly input: unknown;
  readonly toolUseId: string;
  readonly context: ToolUseContext;
};

/** `continue: false`: the turn ends after this call, with the hook's reason shown to the user. */
export type HookStop = { readonly reason: string };

export type PreToolUseResult =
  | { readonly kind: 'blocked'; readonly message: string; readonly stop?: HookStop }
  | {
      readonly kind: 'proceed';
      readonly updatedInput?: Record<string, unknown>;
      readonly permission?: HookPermission;
      /** For the model, after the call's result. */
      readonly feedback?: UserMessage;
      readonly stop?: HookStop;
    };

const BLOCK_PREFIX = 'PreToolUse hook blocked ';

/** Whether a tool result is a PreToolUse hook's refusal (the REPL shows it as is, under the tool line). */
export function isHookBlockMessage(text: string): boolean {
  return text.startsWith(BLOCK_PREFIX);
}

export async function runPreToolUseHooks(hooks: HookSet, call: ToolHookCall): Promise<PreToolUseResult> {
  if (!hooks.has('PreToolUse', call.tool.name)) return { kind: 'proceed' };
  const merged = await hooks.run(
    { ...commonInputOfContext(call.context), hook_event_name: 'PreToolUse', tool_name: call.tool.name, tool_input: call.input, tool_use_id: call.toolUseId },
    runContextOf(call.context),
  );
  const stop = stopOf(merged);
  const blockedBy = merged.block?.reason ?? (merged.permission?.decision === 'deny' ? (merged.permission.reason ?? `denied by ${merged.permission.hook}`) : undefined);
  if (blockedBy !== undefined) {
    return { kind: 'blocked', message: `${BLOCK_PREFIX}${call.tool.name}: ${blockedBy}`, ...(stop ? { stop } : {}) };
  }
  if (stop) return { kind: 'blocked', message: `A PreToolUse hook stopped the turn before ${call.tool.name} ran: ${stop.reason}`, stop };
  const feedback = feedbackMessage('PreToolUse', call.tool.name, merged, { includeBlock: false });
  return {
    kind: 'proceed',
    ...(merged.updatedInput ? { updatedInput: merged.updatedInput } : {}),
    ...(merged.permission ? { permission: merged.permission } : {}),
    ...(feedback ? { feedback } : {}),
  };
}

export type PostToolUseResult = { readonly feedback?: UserMessage; readonly stop?: HookStop };

export async function runPostToolUseHooks(hooks: HookSet, call: ToolHookCall & { readonly response: unknown }): Promise<PostToolUseResult> {
  if (!hooks.has('PostToolUse', call.tool.name)) return {};
  const merged = await hooks.run(
    {
      ...commonInputOfContext(call.context),
      hook_event_name: 'PostToolUse',
      tool_name: call.tool.name,
      tool_input: call.input,
      tool_use_id: call.toolUseId,
      tool_response: call.response,
    },
    runContextOf(call.context),
  );
  return afterCallResult('PostToolUse', call.tool.name, merged);
}

export async function runPostToolUseFailureHooks(
  hooks: HookSet,
  call: ToolHookCall & { readonly error: string; readonly isInterrupt: boolean },
): Promise<PostToolUseResult> {
  if (!hooks.has('PostToolUseFailure', call.tool.name)) return {};
  // After an interrupt or a cancellation the call's own signal has fired; the hook still gets to run (bounded by its timeout).
  const runContext = call.context.abortSignal.aborted ? { ...runContextOf(call.context), signal: new AbortController().signal } : runContextOf(call.context);
  const merged = await hooks.run(
    {
      ...commonInputOfContext(call.context),
      hook_event_name: 'PostToolUseFailure',
      tool_name: call.tool.name,
      tool_input: call.input,
      tool_use_id: call.toolUseId,
      error: call.error,
      is_interrupt: call.isInterrupt,
    },
    runContext,
  );
  return afterCallResult('PostToolUseFailure', call.tool.name, merged);
}

function afterCallResult(event: HookEventName, toolName: string, merged: MergedHookVerdict): PostToolUseResult {
  const feedback = feedbackMessage(event, toolName, merged, { includeBlock: true });
  const stop = stopOf(merged);
  return { ...(feedback ? { feedback } : {}), ...(stop ? { stop } : {}) };
}

function feedbackMessage(event: HookEventName, toolName: string, merged: MergedHookVerdict, options: { includeBlock: boolean }): UserMessage | undefined {
  const texts = [
    ...(options.includeBlock && merged.block ? [`${event} hook feedback on ${toolName}: ${merged.block.reason}`] : []),
    ...merged.additionalContext.map((context) => `${event} hook context for ${toolName}: ${context}`),
  ];
  if (texts.length === 0) return undefined;
  return {
    type: 'user',
    uuid: newUuid(),
    timestamp: nowIso(),
    isMeta: true,
    content: texts.map((text) => ({ type: 'text', text: `<system-reminder>${text}</system-reminder>` })),
  };
}

function stopOf(merged: MergedHookVerdict): HookStop | undefined {
  if (!merged.stop) return undefined;
  return { reason: merged.stop.reason ?? `stopped by hook: ${merged.stop.hook}` };
}
