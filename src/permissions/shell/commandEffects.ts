/**
 * What one simple command does, as the permission engine needs to know it:
 * which paths it reads or writes, which protected effects it has, and
 * whether it is read-only, a pure file edit, or something broader.
 */
import type { ShellConcern } from './shellTypes.js';
import type { ExpandedWord } from './wordExpansion.js';

export type PathAccess = {
  /** The word naming the path; 'unknown' when it is supplied at run time (xargs, `{}`). */
  readonly target: ExpandedWord | 'unknown';
  readonly access: 'read' | 'write';
  /** The operation covers everything below the path (rm -r, grep -r, cp -r, mv of a directory). */
  readonly recursive: boolean;
  readonly why: string;
  /**
   * Only possibly a path (an argument of a program we do not know): a deny
   * rule matching it makes the command ask rather than be denied outright.
   */
  readonly possible?: boolean;
  /** Destroys what is there (rm, mv's source, find -delete, chmod -R): checked against rm-of-/ protections. */
  readonly destructive?: boolean;
  /** Comes from a redirection (`> f`), not from the program's operands: an allow rule for the program does not cover it. */
  readonly viaRedirect?: boolean;
  /**
   * The path is a tree whose file names xargs splits on blanks and quotes:
   * it is only bounded to that tree if no name below it holds such a
   * character (the engine looks), else it is any path.
   */
  readonly namesSplitOnBlanks?: boolean;
  /** Named by an option's value (`sort -o out`, `grep -f pats`), not an operand. */
  readonly fromOptionValue?: boolean;
  /** The path stands for names `find` printed below it (see boundHiddenArguments); any write elsewhere in the command voids that. */
  readonly foundByFind?: boolean;
};

/** Effects a deny or ask rule protects whatever program performs them (see effectsTable.ts). */
export type EffectClass = 'delete' | 'network' | 'kill-process' | 'change-permissions' | 'elevate-privileges';

/**
 * read-only: reads the listed paths at most. file-edit: reads/writes only
 * the listed paths (acceptEdits may allow it). other: anything broader
 * (runs project code, changes system state, talks to the network).
 */
export type CommandKind = 'read-only' | 'file-edit' | 'other';

export type CommandEffects = {
  readonly program: string | undefined;
  readonly kind: CommandKind;
  readonly paths: readonly PathAccess[];
  readonly effects: readonly EffectClass[];
  readonly concerns: readonly ShellConcern[];
  /** A script file the command executes (`bash x.sh`, `./x`, `source x`). */
  readonly runsScript?: ExpandedWord;
  /** Directory the command operates in instead of the shell's (`git -C dir`, `make -C dir`). */
  readonly cwdOverride?: ExpandedWord;
  /**
   * git: the directory git finds its repository from (`.` or the `-C` path, relative to the shell's
   * directory). The repository found there is input too: its config (core.fsmonitor, core.hooksPath,
   * aliases, diff and filter drivers) can make git run a program, so the permission engine checks that
   * it is the working directories' own repository (engine/gitRepositories.ts).
   */
  readonly gitRepositoryFrom?: ExpandedWord;
  /** Words to match rules against: argv with option noise that does not change meaning removed (git -C). */
  readonly matchArgv: readonly ExpandedWord[];
  /** Whether our catalog knows this program at all. */
  readonly known: boolean;
  /**
   * Why the command's arguments are not fully understood (an option or
   * operand its option table does not explain, no table at all, a
   * program-valued option). Empty when every word is understood; only then
   * may a mode (default's read-only, acceptEdits' edits) allow it without a rule.
   */
  readonly notUnderstood: readonly string[];
};

export function readOnly(paths: readonly PathAccess[] = []): Pick<CommandEffects, 'kind' | 'paths'> {
  return { kind: 'read-only', paths };
}

export function reads(targets: readonly (ExpandedWord | 'unknown')[], why: string, recursive = false): PathAccess[] {
  return targets.map((target) => ({ target, access: 'read', recursive, why }));
}

export function writes(targets: readonly (ExpandedWord | 'unknown')[], why: string, recursive = false): PathAccess[] {
  return targets.map((target) => ({ target, access: 'write', recursive, why }));
}

/** Writes that destroy their target (deletion, moving away, recursive permission changes). */
export function destroys(targets: readonly (ExpandedWord | 'unknown')[], why: string, recursive = false): PathAccess[] {
  return targets.map((target) => ({ target, access: 'write', recursive, why, destructive: true }));
}
