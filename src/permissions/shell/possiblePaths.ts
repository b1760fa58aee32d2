import type { PathAccess } from './commandEffects.js';
import { literalWord } from './unwrapCommand.js';
import type { ExpandedWord } from './wordExpansion.js';

/**
 * Arguments of a program we do not know: each might be a path it reads or
 * writes (`--out=x`, `@x`, `k=x` forms included). Only deny/ask rules and
 * containment look at these; an unknown program is never auto-allowed anyway.
 */
export function possiblePaths(args: readonly ExpandedWord[]): PathAccess[] {
  const paths: PathAccess[] = [];
  for (const word of args) {
    if (word.kind === 'dynamic') {
      paths.push({ target: 'unknown', access: 'write', recursive: true, why: `computed argument ${word.text}`, possible: true });
      continue;
    }
    const candidates = new Set<string>();
    const text = word.text;
    if (!text.startsWith('-')) candidates.add(text);
    const eq = text.indexOf('=');
    if (eq >= 0) candidates.add(text.slice(eq + 1));
    if (text.startsWith('@')) candidates.add(text.slice(1));
    for (const candidate of candidates) {
      if (candidate === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) continue;
      const target = candidate === text ? word : literalWord(candidate);
      paths.push({ target, access: 'write', recursive: false, why: 'argument of a program we do not know', possible: true });
    }
  }
  return paths;
}
