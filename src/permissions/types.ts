/**
 * The permission seam between the engine and the permission system. The
 * words (modes, decisions, reasons, the context) are the contract's
 * (src/contract/permissions.ts); here the permission system attaches its
 * parts of the context and names the answers an asker gives.
 */
import type { PermissionRuleSet } from './rules/ruleSet.js';
import type { SessionSandbox } from '../sandbox/sessionSandbox.js';

declare module '../contract/permissions.js' {
  interface PermissionContextParts {
    /**
     * The rule set, opaque to the engine: the permission system puts what it
     * needs here and reads it back in canUseTool.
     */
    readonly rules: PermissionRuleSetHandle;
    /** The OS sandbox Bash commands may run in (src/sandbox/); absent: never sandboxed. */
    readonly sandbox?: SessionSandbox;
  }
}

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
