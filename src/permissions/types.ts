/**
 * The permission seam between the engine and the permission system. The
 * engine only needs to ask "may this call run?" and get back one of three
 * answers with a reason it can show to the user and the model.
 */
import type { TraceEntry } from './engine/decisionTypes.js';
import type { PermissionRuleSet } from './rules/ruleSet.js';
import type { SessionSandbox } from '../sandbox/sessionSandbox.js';

export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}

/** Why a decision came out the way it did; shown in dialogs, denials and `permissions check`. */
export type DecisionReason =
  | { readonly type: 'rule'; readonly rule: string; readonly source: string }
  | { readonly type: 'mode'; readonly mode: PermissionMode }
  | { readonly type: 'tool'; readonly detail: string }
  | { readonly type: 'user'; readonly detail: string }
  | { readonly type: 'hook'; readonly detail: string }
  | { readonly type: 'other'; readonly detail: string };

/** Every part of the call the permission system examined (simple commands, paths) and how each came out. */
export type DecisionTrace = readonly TraceEntry[];

export type PermissionAllow = {
  readonly behavior: 'allow';
  readonly reason: DecisionReason;
  readonly trace?: DecisionTrace;
  /** A tool or hook may rewrite the input it allows (e.g. normalised paths). */
  readonly updatedInput?: unknown;
};
export type PermissionDeny = {
  readonly behavior: 'deny';
  readonly message: string;
  readonly reason: DecisionReason;
  readonly trace?: DecisionTrace;
};
export type PermissionAsk = {
  readonly behavior: 'ask';
  readonly message: string;
  readonly reason: DecisionReason;
  readonly trace?: DecisionTrace;
  /** The narrowest rules that would have allowed this call ("don't ask again"). */
  readonly suggestedRules?: readonly string[];
  /** An approved run goes into the OS sandbox; the asker may offer running it outside instead (its own choice). */
  readonly sandboxed?: boolean;
};
export type PermissionDecision = PermissionAllow | PermissionDeny | PermissionAsk;

/** What a tool's own checkPermissions may say; `passthrough` defers to the general rules. */
export type ToolPermissionResult = PermissionDecision | { readonly behavior: 'passthrough' };

/**
 * Everything a permission decision may depend on. Immutable: a mode change
 * produces a new context.
 */
export type ToolPermissionContext = {
  readonly mode: PermissionMode;
  /** The cwd first, then --add-dir / additionalDirectories; all absolute and resolved. */
  readonly workingDirectories: readonly string[];
  /** Whether bypassPermissions may be entered (Shift+Tab only cycles into it if started with it). */
  readonly isBypassAvailable: boolean;
  /**
   * The rule set, opaque to the engine: the permission system puts what it
   * needs here and reads it back in canUseTool.
   */
  readonly rules: PermissionRuleSetHandle;
  /** The OS sandbox Bash commands may run in (src/sandbox/); absent: never sandboxed. */
  readonly sandbox?: SessionSandbox;
};

/**
 * Branded so only the permission system builds one; the engine just carries
 * it. Holds the compiled rules (with their sources) the session runs with.
 */
export type PermissionRuleSetHandle = { readonly __ruleSet: true; readonly ruleSet?: PermissionRuleSet };

/**
 * The answer to an `ask`: the REPL's dialog, or a program driving agentcli
 * (the Agent SDK's canUseTool, a permission-prompt MCP tool). A program may
 * rewrite the input it allows (`updatedInput`: validated and decided against
 * the deny rules again before it runs) and word its own refusal (`message`,
 * sent to the model as it is; `interrupt` ends the turn).
 */
export type PermissionResponse =
  /** outsideSandbox: the person chose to run this Bash command outside the OS sandbox. */
  | { readonly type: 'allow_once'; readonly updatedInput?: unknown; readonly outsideSandbox?: boolean }
  | { readonly type: 'allow_always'; readonly rules: readonly string[] }
  | { readonly type: 'deny'; readonly feedback?: string }
  | { readonly type: 'refuse'; readonly message: string; readonly interrupt: boolean };

/** A denial recorded for headless json output (`permission_denials`). */
export type PermissionDenialRecord = {
  readonly tool_name: string;
  readonly tool_use_id: string;
  readonly tool_input: unknown;
  readonly reason: string;
};
