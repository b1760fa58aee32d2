/** Suggests known names close to a mistyped one ("Did you mean ...?"). */
import { compareStrings } from './format.js';
export function closestNames(target: string, candidates: readonly string[], max = 3): string[] {
  const lowered = target.toLowerCase();
  return candidates
    .map((name) => {
      const candidate = name.toLowerCase();
      const contains = candidate.includes(lowered) || lowered.includes(candidate);
      return { name, score: contains ? 0 : editDistance(lowered, candidate) };
    })
    .filter(({ name, score }) => score <= Math.max(2, Math.floor(name.length / 2)))
    .sort((a, b) => a.score - b.score || compareStrings(a.name, b.name))
    .slice(0, max)
    .map(({ name }) => name);
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
