/**
 * The text forms a simple command is matched in. Allow rules see one
 * canonical form: the real program and its arguments, each argument
 * re-quoted if it holds anything but plain characters — so
 * `git log "x; rm -rf /"` is `git log 'x; rm -rf /'` and cannot satisfy
 * `Bash(git log:*)` as if `rm` were a separate word. Deny and ask rules
 * see every plausible form (unquoted, with wrappers, options normalised),
 * because widening a deny is the safe direction.
 */
import { normaliseCommandWords } from '../rules/bashPattern.js';
import type { AnalyzedSimpleCommand } from '../shell/analyzeShellCommand.js';
import type { ExpandedWord } from '../shell/wordExpansion.js';

export type CommandSpellings = {
  /** First entry is the canonical form allow rules match; the rest are for deny/ask. */
  readonly spellings: readonly string[];
  readonly normalised: readonly string[];
  /** Canonical form, for display and "don't ask again" suggestions. */
  readonly canonical: string;
  /** Whether every word is static (a suggestion can name the exact command). */
  readonly fullyStatic: boolean;
};

/** System locations where `/usr/bin/git` is just `git`; `./git` is someone's script and stays `./git`. */
const SYSTEM_BIN = /^\/(usr\/)?(local\/)?s?bin\/|^\/opt\/homebrew\/bin\//;

const HIDDEN_ARGUMENTS = '<arguments supplied at run time>';

export function commandSpellings({ command, effects }: AnalyzedSimpleCommand): CommandSpellings {
  const argv = effects.matchArgv;
  const hidden = command.hasHiddenArguments ? [HIDDEN_ARGUMENTS] : [];
  const programWord = argv[0];
  const allowProgram = programWord ? programForAllow(programWord) : '';
  const baseProgram = effects.program ?? allowProgram;
  const rest = argv.slice(1);
  const elevating = command.wrappers.findIndex((wrapper) => wrapper.elevates);
  const wrapperWords = command.wrappers.flatMap((wrapper) => wrapper.words);
  const fromElevation = elevating >= 0 ? command.wrappers.slice(elevating).flatMap((wrapper) => wrapper.words) : [];

  const canonicalInner = join([allowProgram, ...rest.map(quoteWord), ...hidden]);
  // Elevated commands must be allowed as written with the wrapper: `Bash(sudo apt-get install *)`.
  const allowForm = elevating >= 0 ? join([...fromElevation.map(quoteWord), canonicalInner]) : canonicalInner;
  const unquotedRest = rest.map((word) => word.text);
  const spellings = unique([
    allowForm,
    join([baseProgram, ...rest.map(quoteWord), ...hidden]),
    join([baseProgram, ...unquotedRest, ...hidden]),
    // Case-insensitive file systems run `GIT` as git.
    join([baseProgram.toLowerCase(), ...unquotedRest, ...hidden]),
    join([...wrapperWords.map((w) => w.text), baseProgram, ...unquotedRest]),
    join([...wrapperWords.map(quoteWord), canonicalInner]),
  ]);
  const normalised = unique([normaliseCommandWords([baseProgram, ...unquotedRest]).join(' ')]);
  const fullyStatic = !command.hasHiddenArguments && argv.every((word) => word.kind === 'static') && wrapperWords.every((w) => w.kind === 'static');
  return { spellings, normalised, canonical: allowForm, fullyStatic };
}

function programForAllow(word: ExpandedWord): string {
  if (word.kind === 'dynamic') return word.text;
  return SYSTEM_BIN.test(word.text) ? word.text.replace(/^.*\//, '') : quoteWord(word);
}

/** Quotes a word the way a user would write it, if it needs quoting at all. */
export function quoteWord(word: ExpandedWord): string {
  if (word.kind === 'dynamic') return word.text;
  if (word.isGlob) return word.text;
  if (/^[A-Za-z0-9_@%+=:,./~^-]+$/.test(word.text)) return word.text;
  return `'${word.text.replace(/'/g, `'\\''`)}'`;
}

function join(words: readonly string[]): string {
  return words.filter((word) => word !== '').join(' ');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
