/**
 * The one owner of a session's permission state: the mode, the rules by
 * source, the working directories and the scoped grants (a custom command's
 * or a skill's `allowed-tools`). The state itself lives in the session's
 * app state (`toolPermissionContext`, which every decision reads), but only
 * this file writes it: front ends, commands and tools ask here, and
 * `npm run deps:check` fails when anything else writes it.
 *
 * Who may switch the session into bypassPermissions is decided once, here
 * (mayEnter), keyed by who asks:
 *   - a session started with bypass available (--permission-mode
 *     bypassPermissions, --dangerously-skip-permissions,
 *     --allow-dangerously-skip-permissions) lets a person (REPL Shift+Tab),
 *     a program driving it (SDK set_permission_mode) and a resumed
 *     transcript enter it;
 *   - otherwise those askers are refused: Shift+Tab's cycle skips it, the
 *     SDK client gets an error, and a transcript that was in bypass resumes
 *     in the session's own mode (a transcript never grants bypass);
 *   - an editor's mode picker (ACP session/set_mode) may always enter it:
 *     the user choosing "Bypass permissions" there is the same deliberate
 *     act as the command-line flag, and it makes bypass available from then
 *     on (so Shift+Tab-like cycles and resumes treat it as started with it);
 *   - the model never enters it (EnterPlanMode asks for plan; ExitPlanMode
 *     for the mode the user approved the plan with, never bypass).
 * Deny rules hold in bypass as in every mode; that is the decision engine's.
 */
import os from 'node:os';
import path from 'node:path';
import type { AppStateStore } from '../contract/appState.js';
import { isPermissionMode, PERMISSION_MODES, type PermissionMode, type ToolPermissionContext } from '../contract/permissions.js';
import { parseRule } from './rules/parseRule.js';
import type { RuleBehavior, RuleSourceKind, SourcedRule } from './rules/permissionRule.js';
import { compileRuleSet, emptyPermissionRuleSet, type PermissionRuleSet } from './rules/ruleSet.js';

/** Who asks for a mode change; the bypass rule above is keyed by it. */
export type ModeAsker =
  /** A person at the REPL: Shift+Tab, or the dialog's "allow all edits during this session". */
  | 'user'
  /** An editor's mode picker (ACP session/set_mode). */
  | 'editor'
  /** A program driving agentcli (the Agent SDK's set_permission_mode, a canUseTool answer's setMode). */
  | 'sdkClient'
  /** The mode a resumed transcript was left in. */
  | 'transcript'
  /** The model, through EnterPlanMode. */
  | 'model'
  /** The user approving the model's plan (ExitPlanMode): the mode they chose to carry it out in. */
  | 'planApproval';

export type ModeChange =
  | { readonly ok: true; readonly mode: PermissionMode; readonly changed: boolean }
  | { readonly ok: false; readonly mode: PermissionMode; readonly error: string };

export type ScopedGrant = { readonly ok: true; readonly revoke: () => void } | { readonly ok: false; readonly error: string };

/** Rule sources a session adds to while it runs (the others are read at start). */
export type LiveRuleSource = Extract<RuleSourceKind, 'localSettings' | 'projectSettings' | 'userSettings' | 'session'>;

let nextGrant = 0;

export class PermissionState {
  constructor(private readonly store: AppStateStore) {}

  get context(): ToolPermissionContext {
    return this.store.get().toolPermissionContext;
  }

  get mode(): PermissionMode {
    return this.context.mode;
  }

  /** Whether `asker` may switch the session into `mode` now (see the file comment). */
  mayEnter(mode: PermissionMode, asker: ModeAsker): boolean {
    if (mode !== 'bypassPermissions') return true;
    switch (asker) {
      case 'editor':
        return true;
      case 'model':
      case 'planApproval':
        return false;
      case 'user':
      case 'sdkClient':
      case 'transcript':
        return this.context.isBypassAvailable;
    }
  }

  /** Switches the mode when `asker` may; a refusal leaves the mode as it was and says why. */
  setMode(mode: string, asker: ModeAsker): ModeChange {
    const current = this.mode;
    if (!isPermissionMode(mode)) {
      return { ok: false, mode: current, error: `permission mode "${mode}" is not one agentcli has (${PERMISSION_MODES.join(', ')}); the mode stays as it was` };
    }
    if (!this.mayEnter(mode, asker)) {
      return {
        ok: false,
        mode: current,
        error:
          asker === 'model' || asker === 'planApproval'
            ? 'bypassPermissions cannot be entered on the model\'s request; the mode stays as it was'
            : 'bypassPermissions can only be entered by a session started with it (--permission-mode bypassPermissions or --allow-dangerously-skip-permissions); the mode stays as it was',
      };
    }
    if (current === mode) return { ok: true, mode, changed: false };
    // An editor's deliberate choice of bypass makes it available from then on, as the flag would have.
    const madeAvailable = mode === 'bypassPermissions' && asker === 'editor';
    this.write((context) => ({ ...context, mode, ...(madeAvailable ? { isBypassAvailable: true } : {}) }));
    return { ok: true, mode, changed: true };
  }

  /** Shift+Tab: default → acceptEdits → plan → (bypassPermissions, when a person may enter it) → default. */
  cycleMode(): PermissionMode {
    const next = nextPermissionMode(this.mode, this.mayEnter('bypassPermissions', 'user'));
    this.setMode(next, 'user');
    return this.mode;
  }

  /**
   * Makes rules effective for the rest of this session (the next decision
   * reads them): "don't ask again", /permissions add, an SDK client's or an
   * editor's answer. Malformed rules are skipped (callers validate first
   * where the user typed them).
   */
  addRules(behavior: RuleBehavior, rules: readonly string[], source: { readonly kind: LiveRuleSource; readonly origin: string }): void {
    const sourced: SourcedRule[] = [];
    for (const text of rules) {
      const parsed = parseRule(text);
      if (parsed.ok) sourced.push({ behavior, rule: parsed.value, source: { kind: source.kind, origin: source.origin, fromRepository: false } });
    }
    if (sourced.length === 0) return;
    this.writeRules((current) => ({ ...current, rules: [...current.rules, ...compileLike(current, sourced, true).rules] }));
  }

  /** Drops a rule that came from `origin` (/permissions remove). */
  removeRule(ruleText: string, origin: string): void {
    this.writeRules((current) => ({ ...current, rules: current.rules.filter((rule) => !(rule.rule.text === ruleText && rule.source.origin === origin)) }));
  }

  /**
   * Replaces every rule of one source kind with `rules` (the memory files'
   * rule lines after `/memory` or a `#` note); other sources are left alone.
   */
  replaceRulesOfKind(kind: RuleSourceKind, rules: readonly SourcedRule[], options: { readonly folderTrusted: boolean }): void {
    this.writeRules((current) => ({ ...current, rules: [...current.rules.filter((rule) => rule.source.kind !== kind), ...compileLike(current, rules, options.folderTrusted).rules] }));
  }

  /**
   * Replaces every rule that came from one file with `rules` (a settings
   * file changed while the session runs, and ConfigChange let it through),
   * including those "don't ask again" or /permissions added to it.
   */
  replaceRulesFrom(origin: string, rules: readonly SourcedRule[], options: { readonly folderTrusted: boolean }): void {
    this.writeRules((current) => ({ ...current, rules: [...current.rules.filter((rule) => rule.source.origin !== origin), ...compileLike(current, rules, options.folderTrusted).rules] }));
  }

  /** --add-dir at run time (/add-dir, an SDK client's addDirectories): absolute directories not yet in the list; returns those added. */
  addWorkingDirectories(directories: readonly string[]): readonly string[] {
    const current = this.context.workingDirectories;
    const added = directories.map((dir) => path.resolve(dir)).filter((dir, index, all) => !current.includes(dir) && all.indexOf(dir) === index);
    if (added.length > 0) this.write((context) => ({ ...context, workingDirectories: [...context.workingDirectories, ...added] }));
    return added;
  }

  /**
   * Allow rules that hold until `revoke` (a custom command's or a skill's
   * `allowed-tools`, for the turn it runs in). Checks every rule first: one
   * malformed rule grants nothing. Deny and ask rules keep their precedence
   * over these as over any allow rule. Each grant has its own origin, so
   * revoking one never touches another's rules (or a saved rule with the
   * same text).
   */
  grant(request: {
    readonly rules: readonly string[];
    /** Whose `allowed-tools` these are, as the user calls it (`/commit`). */
    readonly grantedBy: string;
    readonly fromRepository: boolean;
  }): ScopedGrant {
    const origin = `${request.grantedBy} allowed-tools (this command's turn) #${++nextGrant}`;
    const sourced: SourcedRule[] = [];
    for (const text of request.rules) {
      const parsed = parseRule(text);
      if (!parsed.ok) return { ok: false, error: `allowed-tools of ${request.grantedBy}: "${text}" is not a valid rule: ${parsed.error}` };
      sourced.push({ behavior: 'allow', rule: parsed.value, source: { kind: 'session', origin, fromRepository: request.fromRepository } });
    }
    if (sourced.length === 0) return { ok: true, revoke: () => {} };
    // Commands and skills with allowed-tools run only in a folder the user trusted.
    this.writeRules((current) => ({ ...current, rules: [...current.rules, ...compileLike(current, sourced, true).rules] }));
    let revoked = false;
    return {
      ok: true,
      revoke: () => {
        if (revoked) return;
        revoked = true;
        this.writeRules((current) => ({ ...current, rules: current.rules.filter((rule) => rule.source.origin !== origin) }));
      },
    };
  }

  private writeRules(change: (current: PermissionRuleSet) => PermissionRuleSet): void {
    this.write((context) => ({ ...context, rules: { __ruleSet: true, ruleSet: change(context.rules.ruleSet ?? emptyRuleSetAt(context)) } }));
  }

  /** The only write of the permission context in src/ (scripts/checkDependencies.mjs OWNED_STATE). */
  private write(change: (context: ToolPermissionContext) => ToolPermissionContext): void {
    this.store.set((state) => ({ ...state, toolPermissionContext: change(state.toolPermissionContext) }));
  }
}

/** A session with no rules yet: relative rule paths anchor at its cwd (the first working directory). */
function emptyRuleSetAt(context: ToolPermissionContext): PermissionRuleSet {
  return emptyPermissionRuleSet(context.workingDirectories[0] ?? process.cwd(), os.homedir());
}

/** Compiles rules against the same project root and home as the rule set they join. */
function compileLike(current: PermissionRuleSet, rules: readonly SourcedRule[], folderTrusted: boolean): PermissionRuleSet {
  return compileRuleSet(rules, { projectRoot: current.projectRoot, home: current.home, folderTrusted });
}

/** default → acceptEdits → plan → (bypassPermissions, when it may be entered) → default. */
export function nextPermissionMode(mode: PermissionMode, bypassAllowed: boolean): PermissionMode {
  switch (mode) {
    case 'default':
      return 'acceptEdits';
    case 'acceptEdits':
      return 'plan';
    case 'plan':
      return bypassAllowed ? 'bypassPermissions' : 'default';
    case 'bypassPermissions':
      return 'default';
  }
}
