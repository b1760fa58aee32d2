/**
 * The hook events and the JSON each hook receives on stdin, with Claude
 * Code's names and field names, so hooks written for it run unchanged.
 */
import type { PermissionMode } from '../permissions/types.js';

export const HOOK_EVENT_NAMES = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'Notification',
] as const;
export type HookEventName = (typeof HOOK_EVENT_NAMES)[number];

export function isHookEventName(value: string): value is HookEventName {
  return (HOOK_EVENT_NAMES as readonly string[]).includes(value);
}

/** Events whose matcher is compared with a tool name; the others match on their own field or always. */
export const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure']);

/** Fields every event carries. */
export type HookCommonInput = {
  readonly session_id: string;
  /** The session's JSONL transcript. */
  readonly transcript_path: string;
  readonly cwd: string;
  readonly permission_mode: PermissionMode;
};

export type HookEventInput =
  | { readonly hook_event_name: 'PreToolUse'; readonly tool_name: string; readonly tool_input: unknown; readonly tool_use_id: string }
  | {
      readonly hook_event_name: 'PostToolUse';
      readonly tool_name: string;
      readonly tool_input: unknown;
      readonly tool_use_id: string;
      readonly tool_response: unknown;
    }
  | {
      readonly hook_event_name: 'PostToolUseFailure';
      readonly tool_name: string;
      readonly tool_input: unknown;
      readonly tool_use_id: string;
      readonly error: string;
      readonly is_interrupt: boolean;
    }
  | { readonly hook_event_name: 'UserPromptSubmit'; readonly prompt: string }
  | { readonly hook_event_name: 'Stop'; readonly stop_hook_active: boolean }
  | {
      /** transcript_path stays the main session's (as in Claude Code); the child's own is agent_transcript_path. */
      readonly hook_event_name: 'SubagentStop';
      readonly stop_hook_active: boolean;
      readonly agent_id: string;
      readonly agent_type: string;
      /** The child's sidechain JSONL; absent when nothing is saved (--no-session-persistence). */
      readonly agent_transcript_path?: string;
    }
  | { readonly hook_event_name: 'SessionStart'; readonly source: 'startup' | 'resume' | 'clear' | 'compact' }
  | { readonly hook_event_name: 'SessionEnd'; readonly reason: 'clear' | 'logout' | 'prompt_input_exit' | 'other' }
  | { readonly hook_event_name: 'PreCompact'; readonly trigger: 'manual' | 'auto'; readonly custom_instructions: string }
  | { readonly hook_event_name: 'Notification'; readonly message: string };

export type HookInput = HookCommonInput & HookEventInput;

/**
 * What a matcher is compared with: the tool name for tool events, the
 * source / trigger for SessionStart / PreCompact, the agent type for
 * SubagentStop (as Claude Code does);
 * undefined for events that take no matcher.
 */
export function matchTargetOf(input: HookEventInput): string | undefined {
  switch (input.hook_event_name) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return input.tool_name;
    case 'SessionStart':
      return input.source;
    case 'PreCompact':
      return input.trigger;
    case 'SubagentStop':
      return input.agent_type;
    default:
      return undefined;
  }
}
