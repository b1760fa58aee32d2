/**
 * Bash rule specifiers, matched against one simple command at a time
 * (never the whole compound text, so `Bash(git status*)` cannot allow
 * `git status; rm -rf x`):
 *   - `git commit*`  `*` matches any characters, anywhere;
 *   - `ls *`         a trailing ` *` also matches the bare command (`ls`), never `lsof`;
 *   - `npm run test:*`  the prefix at a word boundary (`npm run test`, `npm run test -- x`);
 *   - anything else  the exact command.
 */
import { effectOfRulePattern } from '../shell/effectsTable.js';
import type { EffectClass } from '../shell/commandEffects.js';

export type BashPattern = {
  readonly specifier: string;
  readonly matches: (command: string) => boolean;
  /** The same pattern with option spellings normalised (see normaliseCommandWords). */
  readonly matchesNormalised: (normalisedCommand: string) => boolean;
  /** The effect this pattern designates (`rm …` → delete), for deny/ask rules. */
  readonly effect: EffectClass | undefined;
};

export function compileBashPattern(specifier: string): BashPattern {
  const text = specifier.trim().replace(/\s+/g, ' ');
  const matches = compile(text);
  const normalised = compile(normalisePattern(text));
  return { specifier: text, matches, matchesNormalised: normalised, effect: effectOfRulePattern(text) };
}

function compile(text: string): (command: string) => boolean {
  if (text.endsWith(':*')) {
    const prefix = text.slice(0, -2).trimEnd();
    return (command) => command === prefix || command.startsWith(`${prefix} `);
  }
  if (!text.includes('*')) return (command) => command === text;
  const bareAllowed = text.endsWith(' *');
  const body = bareAllowed ? text.slice(0, -2) : text;
  const source = body.split('*').map(escapeRegExp).join('.*');
  const regex = new RegExp(`^${source}${bareAllowed ? '(?: .*)?' : ''}$`, 's');
  return (command) => regex.test(command);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Long options that are spelled differently but mean the same to most tools. */
const LONG_TO_SHORT: Readonly<Record<string, string>> = {
  '--recursive': 'r',
  '--force': 'f',
  '--verbose': 'v',
  '--interactive': 'i',
  '--all': 'a',
  '--quiet': 'q',
};

/** Programs where -R and -r mean the same (recursive). */
const CASE_FOLDED_FLAGS = new Set(['rm', 'cp', 'chmod', 'chown', 'chgrp', 'grep']);

/**
 * Rewrites a command's words so spellings of the same options compare
 * equal: `rm -r -f x`, `rm -fr x`, `rm --recursive --force x` all become
 * `rm -fr x` (short flags merged and sorted, placed before operands).
 * Used for deny/ask matching only, where widening is the safe direction.
 */
export function normaliseCommandWords(words: readonly string[]): string[] {
  const [program, ...rest] = words;
  if (program === undefined) return [];
  const subcommandCount = ['git', 'npm', 'yarn', 'pnpm', 'cargo', 'docker', 'kubectl'].includes(program) && rest[0] && !rest[0].startsWith('-') ? 1 : 0;
  const head = [program, ...rest.slice(0, subcommandCount)];
  const flags = new Set<string>();
  const longOptions: string[] = [];
  const operands: string[] = [];
  let afterDoubleDash = false;
  for (const word of rest.slice(subcommandCount)) {
    if (afterDoubleDash || word === '-' || !word.startsWith('-') || word.includes('*')) {
      operands.push(word);
      continue;
    }
    if (word === '--') {
      afterDoubleDash = true;
      operands.push(word);
      continue;
    }
    const short = LONG_TO_SHORT[word];
    if (short) flags.add(short);
    else if (word.startsWith('--') || !/^-[A-Za-z]+$/.test(word)) longOptions.push(word);
    else for (const letter of word.slice(1)) flags.add(CASE_FOLDED_FLAGS.has(program) ? letter.toLowerCase() : letter);
  }
  const cluster = flags.size > 0 ? [`-${[...flags].sort().join('')}`] : [];
  return [...head, ...cluster, ...longOptions.sort(), ...operands];
}

/** `rm -rf*` is read as `rm -rf *` before normalising, so it compares with `rm -fr x`. */
function normalisePattern(text: string): string {
  const words = text.split(' ').flatMap((word) => (/^(-[A-Za-z]+|--[a-z][a-z-]*)\*$/.test(word) ? [word.slice(0, -1), '*'] : [word]));
  if (text.endsWith(':*')) return text;
  return normaliseCommandWords(words).join(' ');
}
