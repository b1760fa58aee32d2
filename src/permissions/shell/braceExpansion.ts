/**
 * Bash brace expansion on quote-masked text. Needed because `{rm,-rf,x}`
 * is one token to a naive reader but three words (`rm -rf x`) to bash, and
 * `cat .{env,x}` names `.env`.
 */
import type { MaskedText } from './wordExpansion.js';

/** More words than this is treated as "cannot bound" rather than enumerated. */
export const MAX_BRACE_WORDS = 256;

/** Returns the expanded words, or undefined if there would be too many. */
export function expandBraces(word: MaskedText): MaskedText[] | undefined {
  const results: MaskedText[] = [];
  const pending: MaskedText[] = [word];
  while (pending.length > 0) {
    const current = pending.shift();
    if (!current) break;
    const group = findBraceGroup(current);
    if (!group) {
      results.push(current);
    } else {
      const prefix = slice(current, 0, group.open);
      const suffix = slice(current, group.close + 1, current.chars.length);
      for (const alternative of group.alternatives) pending.push(concat(prefix, alternative, suffix));
    }
    if (results.length + pending.length > MAX_BRACE_WORDS) return undefined;
  }
  return results;
}

type BraceGroup = { open: number; close: number; alternatives: MaskedText[] };

function findBraceGroup(word: MaskedText): BraceGroup | undefined {
  const isOpen = (i: number): boolean => word.chars[i] === '{' && !word.quoted[i] && !isDollarBrace(word, i);
  for (let open = 0; open < word.chars.length; open++) {
    if (!isOpen(open)) continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < word.chars.length; i++) {
      if (word.quoted[i]) continue;
      const char = word.chars[i];
      if (char === '{' && isOpen(i)) depth++;
      else if (char === '}') {
        depth--;
        if (depth === 0) {
          const alternatives = commas.length > 0 ? splitAt(word, open, commas, i) : sequence(word, open, i);
          if (alternatives) return { open, close: i, alternatives };
          break;
        }
      } else if (char === ',' && depth === 1) commas.push(i);
    }
  }
  return undefined;
}

function isDollarBrace(word: MaskedText, i: number): boolean {
  return i > 0 && word.chars[i - 1] === '$' && !word.quoted[i - 1];
}

function splitAt(word: MaskedText, open: number, commas: number[], close: number): MaskedText[] {
  const bounds = [open, ...commas, close];
  const parts: MaskedText[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) parts.push(slice(word, (bounds[k] ?? 0) + 1, bounds[k + 1] ?? 0));
  return parts;
}

/** `{1..3}`, `{a..c}`, `{1..10..2}`: ranges. Anything else is literal text. */
function sequence(word: MaskedText, open: number, close: number): MaskedText[] | undefined {
  const inner = word.chars.slice(open + 1, close);
  const match = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (!match) return undefined;
  const [, from = '', to = '', stepText] = match;
  const numeric = /^-?\d+$/.test(from) && /^-?\d+$/.test(to);
  if (!numeric && (from.length !== 1 || to.length !== 1)) return undefined;
  const start = numeric ? Number(from) : from.charCodeAt(0);
  const end = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.max(1, Math.abs(Number(stepText ?? 1)));
  // Too long a range: yield one word over the limit so the caller gives up.
  if (Math.abs(end - start) / step > MAX_BRACE_WORDS) return Array.from({ length: MAX_BRACE_WORDS + 1 }, () => word);
  const values: MaskedText[] = [];
  for (let v = start; start <= end ? v <= end : v >= end; v += start <= end ? step : -step) {
    const text = numeric ? String(v) : String.fromCharCode(v);
    values.push({ chars: text, quoted: [...text].map(() => false) });
  }
  return values;
}

function slice(word: MaskedText, from: number, to: number): MaskedText {
  return { chars: word.chars.slice(from, to), quoted: word.quoted.slice(from, to) };
}

function concat(...parts: MaskedText[]): MaskedText {
  return { chars: parts.map((p) => p.chars).join(''), quoted: parts.flatMap((p) => [...p.quoted]) };
}
