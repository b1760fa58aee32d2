/**
 * PostToolBatch: once every call of one model message has its result, and
 * before the next request. A hook sees the whole batch (name, input, id and
 * response of each call); its additionalContext, and the reason of a
 * `decision: "block"`, go to the model with the results; `continue: false`
 * ends the turn there.
 */
import type { ToolUseContext } from '../contract/tool.js';
import type { BatchedToolCall } from './hookEvents.js';
import { commonInputOfContext, runContextOf } from './hookInput.js';
import type { HookSet } from './types.js';

export type BatchHookResult = { readonly context: readonly string[]; readonly stop?: { readonly reason: string } };

export async function runPostToolBatchHooks(hooks: HookSet, context: ToolUseContext, calls: readonly BatchedToolCall[]): Promise<BatchHookResult> {
  if (calls.length === 0 || !hooks.has('PostToolBatch')) return { context: [] };
  const merged = await hooks.run({ ...commonInputOfContext(context), hook_event_name: 'PostToolBatch', tool_calls: calls }, runContextOf(context));
  const texts = [...(merged.block ? [`PostToolBatch hook feedback: ${merged.block.reason}`] : []), ...merged.additionalContext.map((text) => `PostToolBatch hook context: ${text}`)];
  return {
    context: texts.map((text) => `<system-reminder>${text}</system-reminder>`),
    ...(merged.stop ? { stop: { reason: merged.stop.reason ?? `stopped by hook: ${merged.stop.hook}` } } : {}),
  };
}
