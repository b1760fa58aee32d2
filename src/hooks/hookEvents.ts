/**
 * The hook events and the JSON each hook receives on stdin, with Claude
 * Code's names and field names, so hooks written for it run unchanged.
 */
import path from 'node:path';
import type { PermissionMode } from '../contract/permissions.js';

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
  'PermissionRequest',
  'PermissionDenied',
  'PostToolBatch',
  'UserPromptExpansion',
  'SubagentStart',
  'PostCompact',
  'StopFailure',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'ConfigChange',
  'Setup',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
] as const;
export type HookEventName = (typeof HOOK_EVENT_NAMES)[number];

export function isHookEventName(value: string): value is HookEventName {
  return (HOOK_EVENT_NAMES as readonly string[]).includes(value);
}

/** Events whose matcher is compared with a tool name; the others match on their own field or always. */
export const TOOL_EVENTS: ReadonlySet<HookEventName> = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied']);

/** One finished call of a batch, as PostToolBatch lists it. */
export type BatchedToolCall = { readonly tool_name: string; readonly tool_input: unknown; readonly tool_use_id: string; readonly tool_response: unknown };

/** Why a turn ended on an API error (StopFailure's matcher), in Claude Code's words. */
export type StopFailureKind = 'rate_limit' | 'authentication_failed' | 'billing_error' | 'invalid_request' | 'server_error' | 'max_output_tokens' | 'unknown';

/** Where a settings change came from (ConfigChange's matcher). */
export type ConfigChangeSource = 'user_settings' | 'project_settings' | 'local_settings' | 'policy_settings' | 'skills';

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
  | { readonly hook_event_name: 'Notification'; readonly message: string }
  | {
      /** A call is about to ask the user (headless: about to be refused): a hook may answer for them. */
      readonly hook_event_name: 'PermissionRequest';
      readonly tool_name: string;
      readonly tool_input: unknown;
      readonly tool_use_id: string;
      /** The rules "don't ask again" would save, as Claude Code's permission updates. */
      readonly permission_suggestions: readonly { readonly type: 'addRules'; readonly rules: readonly { readonly toolName: string; readonly ruleContent?: string }[]; readonly behavior: 'allow'; readonly destination: 'localSettings' }[];
    }
  | { readonly hook_event_name: 'PermissionDenied'; readonly tool_name: string; readonly tool_input: unknown; readonly tool_use_id: string; readonly reason: string }
  | { readonly hook_event_name: 'PostToolBatch'; readonly tool_calls: readonly BatchedToolCall[] }
  | {
      readonly hook_event_name: 'UserPromptExpansion';
      readonly expansion_type: 'slash_command' | 'mcp_prompt';
      readonly command_name: string;
      readonly command_args: string;
      readonly command_source: 'project' | 'user' | 'plugin' | 'mcp';
      readonly prompt: string;
    }
  | { readonly hook_event_name: 'SubagentStart'; readonly agent_id: string; readonly agent_type: string }
  | { readonly hook_event_name: 'PostCompact'; readonly trigger: 'manual' | 'auto'; readonly compact_summary: string }
  | { readonly hook_event_name: 'StopFailure'; readonly error: StopFailureKind; readonly error_details: string; readonly last_assistant_message?: string }
  | {
      readonly hook_event_name: 'InstructionsLoaded';
      readonly file_path: string;
      readonly memory_type: 'User' | 'Project' | 'Local';
      readonly load_reason: 'session_start' | 'nested_traversal' | 'include' | 'compact';
      readonly trigger_file_path?: string;
      readonly parent_file_path?: string;
    }
  | { readonly hook_event_name: 'CwdChanged'; readonly old_cwd: string; readonly new_cwd: string }
  | { readonly hook_event_name: 'FileChanged'; readonly file_path: string; readonly event: 'change' | 'add' | 'unlink' }
  | { readonly hook_event_name: 'ConfigChange'; readonly source: ConfigChangeSource; readonly file_path: string }
  | { readonly hook_event_name: 'Setup'; readonly trigger: 'init' | 'maintenance' }
  | { readonly hook_event_name: 'TaskCreated'; readonly task_id: string; readonly task_subject: string; readonly task_description?: string }
  | { readonly hook_event_name: 'TaskCompleted'; readonly task_id: string; readonly task_subject: string; readonly task_description?: string; readonly task_status: 'completed' | 'failed' | 'killed' }
  | {
      readonly hook_event_name: 'Elicitation';
      readonly mcp_server_name: string;
      readonly message: string;
      readonly mode: 'form' | 'url';
      readonly url?: string;
      readonly elicitation_id?: string;
      readonly requested_schema?: unknown;
    }
  | {
      readonly hook_event_name: 'ElicitationResult';
      readonly mcp_server_name: string;
      readonly action: 'accept' | 'decline' | 'cancel';
      readonly content?: Record<string, unknown>;
      readonly mode: 'form' | 'url';
      readonly elicitation_id?: string;
    };

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
    case 'PermissionRequest':
    case 'PermissionDenied':
      return input.tool_name;
    case 'SessionStart':
      return input.source;
    case 'PreCompact':
    case 'PostCompact':
      return input.trigger;
    case 'SubagentStop':
    case 'SubagentStart':
      return input.agent_type;
    case 'UserPromptExpansion':
      return input.command_name;
    case 'StopFailure':
      return input.error;
    case 'InstructionsLoaded':
      return input.load_reason;
    case 'FileChanged':
      return path.basename(input.file_path);
    case 'ConfigChange':
      return input.source;
    case 'Setup':
      return input.trigger;
    case 'Elicitation':
    case 'ElicitationResult':
      return input.mcp_server_name;
    default:
      return undefined;
  }
}
