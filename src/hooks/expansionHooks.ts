/**
 * UserPromptExpansion: a slash command (a custom command, a skill, a
 * plugin's command) is about to become the prompt. The matcher is the
 * command's name. A block (`decision: "block"` or exit 2) stops it — the
 * user sees the reason, nothing is sent; additionalContext and plain stdout
 * go to the model with the prompt.
 */
import type { HookEventInput } from './hookEvents.js';
import { commonHookInput } from './hookInput.js';
import type { SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

export type ExpansionHookResult = { readonly kind: 'proceed'; readonly context: readonly string[] } | { readonly kind: 'blocked'; readonly message: string };

export async function runUserPromptExpansionHooks(
  hooks: HookSet,
  call: SessionHookCall,
  expansion: Omit<Extract<HookEventInput, { hook_event_name: 'UserPromptExpansion' }>, 'hook_event_name'>,
): Promise<ExpansionHookResult> {
  if (!hooks.has('UserPromptExpansion', expansion.command_name)) return { kind: 'proceed', context: [] };
  const merged = await hooks.run({ ...commonHookInput(call), hook_event_name: 'UserPromptExpansion', ...expansion }, call.run);
  if (merged.block) return { kind: 'blocked', message: `UserPromptExpansion hook blocked /${expansion.command_name}: ${merged.block.reason}` };
  if (merged.stop) return { kind: 'blocked', message: merged.stop.reason ?? `stopped by hook: ${merged.stop.hook}` };
  const context = [...merged.outputs, ...merged.additionalContext].map((text) => `<system-reminder>UserPromptExpansion hook context: ${text}</system-reminder>`);
  return { kind: 'proceed', context };
}
