/**
 * What the user (not the model) should read after an event's hooks ran:
 * failures, systemMessages, and a block whose reason is for the user
 * (events where no model turn reads it). Shared by the REPL's notices and
 * headless stderr, so both say the same thing.
 */
import type { HookEventName } from './hookEvents.js';
import type { HookActivity } from './types.js';

export type HookNotice = { readonly tone: 'info' | 'warning'; readonly text: string };

/** Events whose blocking reason nobody else shows: the model never sees it. */
const USER_FACING_BLOCKS: ReadonlySet<HookEventName> = new Set([
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'PostCompact',
  'Notification',
  'Setup',
  'StopFailure',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'ConfigChange',
  'TaskCreated',
  'TaskCompleted',
  'PermissionDenied',
  'Elicitation',
  'ElicitationResult',
]);

export function hookNotices(activity: HookActivity): HookNotice[] {
  if (activity.type !== 'hooks_finished') return [];
  const { event, merged } = activity;
  return [
    ...merged.errors.map((error): HookNotice => ({ tone: 'warning', text: `${event} hook failed (${error.hook}): ${error.message}` })),
    ...merged.systemMessages.map((message): HookNotice => ({ tone: 'info', text: `${event} hook: ${message}` })),
    ...(merged.block && USER_FACING_BLOCKS.has(event) ? [{ tone: 'warning' as const, text: `${event} hook (${merged.block.hook}): ${merged.block.reason}` }] : []),
  ];
}

/** The REPL's quiet progress line while an event's hooks run. */
export function hookProgressLabel(activity: Extract<HookActivity, { type: 'hooks_started' }>): string {
  const count = activity.hooks.length;
  const target = activity.target !== undefined && activity.event.includes('ToolUse') ? ` for ${activity.target}` : '';
  return `Running ${activity.event} hook${count === 1 ? '' : `s (${count})`}${target}`;
}
