/**
 * The shapes shell analysis produces. Parsing yields a tree; reduction
 * yields `SimpleCommand`s (one program invocation each, wrappers seen
 * through); classification yields each command's `CommandEffects`.
 */
import type { ExpandedWord } from './wordExpansion.js';

/**
 * Where relative paths resolve. After `cd x` bash may be in either the old
 * or the new directory (the cd can fail), so we keep every candidate; a `cd`
 * we cannot follow (`cd $X`, `cd -`) makes relative paths unknowable.
 */
export type CwdState =
  | { readonly kind: 'known'; readonly dirs: readonly string[] }
  | { readonly kind: 'unknown'; readonly reason: string };

export type RedirectAccess = 'read' | 'write';

export type Redirect = {
  readonly access: RedirectAccess;
  /** The file, or undefined for fd duplication/closing and here-docs (no file involved). */
  readonly target: ExpandedWord | undefined;
  readonly text: string;
};

/** A wrapper seen through on the way to the real command (`sudo`, `timeout 5`, `xargs -0`). */
export type WrapperUse = {
  readonly name: string;
  readonly words: readonly ExpandedWord[];
  /** Runs the inner command with other privileges: allow rules must name it explicitly. */
  readonly elevates: boolean;
};

export type SimpleCommand = {
  /** Source text of the whole simple command, for display. */
  readonly source: string;
  /** The program and its arguments after seeing through wrappers. Empty for a bare assignment or redirect. */
  readonly argv: readonly ExpandedWord[];
  /** Outermost first. */
  readonly wrappers: readonly WrapperUse[];
  readonly assignments: readonly { readonly name: string; readonly value: ExpandedWord | undefined }[];
  readonly redirects: readonly Redirect[];
  readonly cwd: CwdState;
  /** Arguments appended at run time that we cannot see (xargs input, find's `{}`). */
  readonly hasHiddenArguments: boolean;
  /** Where the hidden arguments come from, when a pipeline bounds them (`find src | xargs wc -l`). */
  readonly hiddenArgumentsFrom?: { readonly roots: readonly ExpandedWord[]; readonly splitOnBlanks: boolean };
  /** How we reached this command, e.g. ["bash -c"], for traces. */
  readonly via: readonly string[];
};

export type ConcernKind =
  /** The parser reported ERROR/MISSING nodes, or a construct we do not model. */
  | 'unparseable'
  /** The program name comes from a variable or substitution. */
  | 'dynamic-command'
  /** eval / source / sh -c of text we cannot see statically. */
  | 'eval-computed-text'
  /** Interpreter code passed on the command line (node -e, python -c, awk with system()). */
  | 'inline-code'
  /** Text bash evaluates (arithmetic, subscripts, `${x@P}`, names given to read/printf -v) is not a plain literal. */
  | 'evaluated-code'
  /** The command changes how later text is interpreted (alias, shopt, dangerous env vars, trap). */
  | 'alters-shell'
  /** A file written by this command is then executed by it. */
  | 'runs-written-script'
  /** Nesting deeper than we follow. */
  | 'too-deep';

export type ShellConcern = { readonly kind: ConcernKind; readonly detail: string };

export type ShellAnalysis = {
  readonly commands: readonly SimpleCommand[];
  readonly concerns: readonly ShellConcern[];
};
