/**
 * The permission vocabulary the tool contract speaks: modes, the answer a
 * tool's own check gives, why a decision came out as it did, and the
 * permission context every call reads. The permission system
 * (src/permissions/) decides; the contract only names the words.
 */

export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}

/**
 * What kind of thing a tool does, as rules see it (src/permissions/rules/toolFamilies.ts
 * says how rule words name families): `read` and `edit` tools are matched by
 * path rules, `execute` tools by command rules, `network` tools by domain rules.
 */
export type ToolFamily = 'read' | 'edit' | 'execute' | 'network' | 'other';

/** One path a call declares it reads or writes, absolute (resolved against the call's cwd). */
export type DeclaredPathAccess = {
  readonly path: string;
  readonly access: 'read' | 'write';
  /** The call reads or writes everything below the path (a content search), not just the entry itself. */
  readonly recursive?: boolean;
};

export type Behavior = 'allow' | 'ask' | 'deny';

/** Why one part (a simple command, a path, the tool) came out as it did. */
export type Explanation =
  | { readonly kind: 'rule'; readonly rule: string; readonly source: string; readonly behavior: Behavior }
  | { readonly kind: 'mode'; readonly mode: PermissionMode; readonly detail: string }
  | { readonly kind: 'safety'; readonly detail: string };

export type TraceEntry = {
  /** The simple command, path or tool this entry is about. */
  readonly subject: string;
  readonly behavior: Behavior;
  readonly explanation: Explanation;
};

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
 * The parts of a permission context that belong to the layers above the
 * contract: the compiled rule set and the OS sandbox. The contract names no
 * type above itself, so src/permissions/types.ts fills this interface in by
 * declaration merging; the engine and the tools carry the parts typed, and
 * only the permission system builds them.
 */
export interface PermissionContextParts {}

/**
 * Everything a permission decision may depend on. Immutable: a change
 * produces a new context, and only PermissionState (src/permissions/) makes one.
 */
export type ToolPermissionContext = PermissionContextParts & {
  readonly mode: PermissionMode;
  /** The cwd first, then --add-dir / additionalDirectories; all absolute and resolved. */
  readonly workingDirectories: readonly string[];
  /** Whether bypassPermissions may be entered (see PermissionState for who may switch into it). */
  readonly isBypassAvailable: boolean;
};
