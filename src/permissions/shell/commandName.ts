/**
 * What program a command word names. `/bin/rm`, `/usr/bin/env`, `./rm`
 * all run something called `rm`; rules and tables match on that basename so
 * a path prefix cannot dodge a deny rule.
 */
import type { ExpandedWord } from './wordExpansion.js';

export function programName(word: ExpandedWord | undefined): string | undefined {
  if (!word || word.kind !== 'static' || word.isGlob) return undefined;
  const text = word.text;
  const slash = text.lastIndexOf('/');
  return slash >= 0 ? text.slice(slash + 1) : text;
}

/** Versioned interpreters (`python3.12`, `node20`) are the interpreter. */
export function baseProgramName(name: string): string {
  return name.replace(/(?<=[a-z])[-.]?\d+(\.\d+)*$/i, '');
}
