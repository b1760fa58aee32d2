/**
 * Option tables: the grammar of one program's command line, as data. A
 * command can only be auto-allowed when every word of it is explained by its
 * program's table — an option the table lists (short, long, bundled short,
 * `--opt=value`, or a GNU unique prefix of a long option), that option's
 * value, or an operand the table's operand kind accepts. Anything else is a
 * "problem": the command is not understood and must ask.
 *
 * Options are written in a compact notation, one group per whitespace-
 * separated token: aliases separated by `|` (one letter = `-x`, longer =
 * `--long`), then an optional value marker:
 *
 *   `n|lines=t`  value: text      `f|file=r`   value: a path read
 *   `o|output=w` value: a path written   `C|directory=d` value: a directory
 *   `pre=p`      value: a program run (never auto-allowed)
 *   `e|expression=c` value: code the classifier parses itself
 *   `rcfile=s`   value: a file the program loads and runs as code (`bash
 *                --rcfile f`): a read of that file, and never auto-allowed
 *   `color?t`    optional value, attached only (`--color=auto`, `-i.bak`)
 *   `s|set!`     recognised, but never auto-allowed (changes system state,
 *                runs something, writes somewhere we do not model)
 *
 * Each table carries `accept` and `reject` examples (argument lists after
 * the program name, split on spaces): they are checked when the tables are
 * first used and by a test, so the tables document themselves and cannot
 * drift from the parser.
 */
import type { ExpandedWord } from '../wordExpansion.js';

export type ValueKind = 'text' | 'read' | 'write' | 'dir' | 'program' | 'code' | 'source';

/** What a program's operands are (classifiers with their own operand logic say `custom`). */
export type OperandKind = 'none' | 'text' | 'read' | 'custom';

export type ProgramTable = {
  readonly programs: readonly string[];
  readonly options: string;
  readonly operands: OperandKind;
  /** `head -5`, `nice -10`: a dash followed by digits is an option. */
  readonly numericOption?: boolean;
  /** `date +%Y`, `tail +5`: a word starting with `+` is a format or count, recorded as the option `+`. */
  readonly plusOperands?: boolean;
  /** Options end at the first operand (POSIX style: awk, find, xargs). */
  readonly stopAtFirstOperand?: boolean;
  /** echo, expr: an unknown `-x` word is text the program prints, not an option. */
  readonly unknownOptionsAreText?: boolean;
  readonly accept: readonly string[];
  readonly reject: readonly string[];
};

export type OptionSpec = {
  /** Every spelling with its dashes: `-n`, `--lines`. */
  readonly names: readonly string[];
  readonly value: ValueKind | undefined;
  readonly optionalValue: boolean;
  readonly refused: boolean;
};

export type CompiledTable = {
  readonly table: ProgramTable;
  readonly short: ReadonlyMap<string, OptionSpec>;
  readonly long: ReadonlyMap<string, OptionSpec>;
  /** Whether any option writes, runs a program or is refused: then a computed word may be one of those. */
  readonly hasDangerousOptions: boolean;
};

export type ParsedOption = { readonly name: string; readonly value: ExpandedWord | undefined; readonly spec?: OptionSpec };

export type ParsedArguments = {
  readonly options: readonly ParsedOption[];
  readonly operands: readonly ExpandedWord[];
  readonly dynamicWords: readonly ExpandedWord[];
  /** Why the arguments are not fully understood; empty when they are. */
  readonly problems: readonly string[];
};

export function compileTable(table: ProgramTable): CompiledTable {
  const short = new Map<string, OptionSpec>();
  const long = new Map<string, OptionSpec>();
  for (const group of table.options.split(/\s+/).filter(Boolean)) {
    const match = /^([^=?!]+)(?:([=?])([trwdpcs]))?(!)?$/.exec(group);
    if (!match?.[1]) throw new Error(`option table ${table.programs[0]}: bad option group "${group}"`);
    const aliases = match[1].split('|');
    const names = aliases.map((alias) => (alias.length === 1 ? `-${alias}` : `--${alias}`));
    const spec: OptionSpec = { names, value: match[3] ? VALUE_KINDS[match[3]] : undefined, optionalValue: match[2] === '?', refused: match[4] === '!' };
    for (const name of names) {
      const into = name.startsWith('--') ? long : short;
      if (into.has(name)) throw new Error(`option table ${table.programs[0]}: ${name} listed twice`);
      into.set(name, spec);
    }
  }
  const hasDangerousOptions = [...short.values(), ...long.values()].some((spec) => spec.refused || spec.value === 'write' || spec.value === 'program' || spec.value === 'code' || spec.value === 'source');
  return { table, short, long, hasDangerousOptions };
}

const VALUE_KINDS: Readonly<Record<string, ValueKind>> = { t: 'text', r: 'read', w: 'write', d: 'dir', p: 'program', c: 'code', s: 'source' };

/** Parses a program's arguments against its table; every word it cannot explain is a problem. */
export function parseWithTable(compiled: CompiledTable, args: readonly ExpandedWord[]): ParsedArguments {
  const { table } = compiled;
  const options: ParsedOption[] = [];
  const operands: ExpandedWord[] = [];
  const dynamicWords: ExpandedWord[] = [];
  const problems: string[] = [];
  const program = table.programs[0] ?? '';
  let onlyOperands = false;
  const take = (spec: OptionSpec, name: string, value: ExpandedWord | undefined): void => {
    options.push({ name, value, spec });
    if (spec.refused) problems.push(`${program} ${name} is not auto-allowed`);
    else if (spec.value === 'program') problems.push(`${program} ${name} names a program to run`);
    else if (spec.value === 'source') problems.push(`${program} ${name} runs the file it names as code`);
    else if (spec.value !== undefined && !spec.optionalValue && value === undefined) problems.push(`${program} ${name} is missing its value`);
  };
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    if (word.kind === 'dynamic') {
      dynamicWords.push(word);
      operands.push(word);
      if (compiled.hasDangerousOptions && !onlyOperands) problems.push(`${program}: the computed word ${word.text} could be an option that writes or runs something`);
      continue;
    }
    const text = word.text;
    const isOperand = onlyOperands || text === '-' || !text.startsWith('-') || (table.numericOption !== true && /^-\d/.test(text) && !compiled.short.has(`-${text[1] ?? ''}`));
    if (table.plusOperands && text.startsWith('+') && !onlyOperands) {
      options.push({ name: '+', value: word });
      continue;
    }
    if (isOperand) {
      operands.push(word);
      if (table.stopAtFirstOperand) onlyOperands = true;
      continue;
    }
    if (text === '--') {
      onlyOperands = true;
      continue;
    }
    if (table.numericOption && /^-\d+$/.test(text)) {
      options.push({ name: text, value: undefined });
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const spelled = eq >= 0 ? text.slice(0, eq) : text;
      const resolved = resolveLong(compiled, spelled);
      if (resolved.kind !== 'found') {
        if (table.unknownOptionsAreText) operands.push(word);
        else problems.push(resolved.kind === 'ambiguous' ? `${program} ${spelled} is ambiguous (${resolved.candidates.join(', ')})` : `${program} does not know the option ${spelled}`);
        continue;
      }
      const { spec, name } = resolved;
      if (eq >= 0) {
        if (spec.value === undefined) problems.push(`${program} ${name} takes no value`);
        take(spec, name, { ...word, text: text.slice(eq + 1) });
      } else if (spec.value !== undefined && !spec.optionalValue) {
        take(spec, name, args[++i]);
      } else {
        take(spec, name, undefined);
      }
      continue;
    }
    const cluster = parseCluster(compiled, word, () => args[++i]);
    if (cluster === undefined) {
      if (table.unknownOptionsAreText) operands.push(word);
      else problems.push(`${program} does not know the option ${text.length > 2 ? `${text} (in ${text})` : text}`);
      continue;
    }
    for (const option of cluster) take(option.spec, option.name, option.value);
  }
  if (table.operands === 'none' && operands.length > 0) problems.push(`${program} takes no operand, but was given ${operands[0]?.text ?? ''}`);
  return { options, operands, dynamicWords, problems };
}

type Resolved = { kind: 'found'; spec: OptionSpec; name: string } | { kind: 'unknown' } | { kind: 'ambiguous'; candidates: string[] };

/** GNU getopt_long: an exact name, else a prefix shared by the spellings of exactly one option. */
function resolveLong(compiled: CompiledTable, spelled: string): Resolved {
  const exact = compiled.long.get(spelled);
  if (exact) return { kind: 'found', spec: exact, name: spelled };
  const candidates = [...compiled.long.entries()].filter(([name]) => name.startsWith(spelled) && spelled.length > 2);
  const specs = new Set(candidates.map(([, spec]) => spec));
  const first = candidates[0];
  if (specs.size === 1 && first) return { kind: 'found', spec: first[1], name: first[0] };
  if (specs.size > 1) return { kind: 'ambiguous', candidates: candidates.map(([name]) => name) };
  return { kind: 'unknown' };
}

/** `-abc`, `-n5`, `-ofile`, `-i.bak`: bundled short options, the first that takes a value ending the bundle. */
function parseCluster(compiled: CompiledTable, word: ExpandedWord, next: () => ExpandedWord | undefined): { spec: OptionSpec; name: string; value: ExpandedWord | undefined }[] | undefined {
  const text = word.text;
  const parsed: { spec: OptionSpec; name: string; value: ExpandedWord | undefined }[] = [];
  for (let k = 1; k < text.length; k++) {
    const name = `-${text[k] ?? ''}`;
    const spec = compiled.short.get(name);
    if (!spec) return undefined;
    if (spec.value === undefined) {
      parsed.push({ spec, name, value: undefined });
      continue;
    }
    const attached = text.slice(k + 1);
    if (spec.optionalValue) parsed.push({ spec, name, value: attached ? { ...word, text: attached } : undefined });
    else parsed.push({ spec, name, value: attached ? { ...word, text: attached } : next() });
    return parsed;
  }
  return parsed;
}

export function hasOption(parsed: Pick<ParsedArguments, 'options'>, ...names: string[]): boolean {
  return parsed.options.some((option) => names.includes(option.name) || (option.spec?.names.some((name) => names.includes(name)) ?? false));
}

export function optionValues(parsed: Pick<ParsedArguments, 'options'>, ...names: string[]): ExpandedWord[] {
  return parsed.options.flatMap((option) => {
    const named = names.includes(option.name) || (option.spec?.names.some((name) => names.includes(name)) ?? false);
    return named && option.value ? [option.value] : [];
  });
}

/** Option values the table marks as paths: each is a read or a write the permission checks must see. */
export function optionPathValues(parsed: ParsedArguments): { word: ExpandedWord; access: 'read' | 'write'; option: string }[] {
  const paths: { word: ExpandedWord; access: 'read' | 'write'; option: string }[] = [];
  for (const option of parsed.options) {
    const kind = option.spec?.value;
    if (!option.value || kind === undefined) continue;
    if (kind === 'read' || kind === 'dir' || kind === 'source') paths.push({ word: option.value, access: 'read', option: option.name });
    if (kind === 'write') paths.push({ word: option.value, access: 'write', option: option.name });
  }
  return paths;
}

/** Checks a table's own examples; returns one line per example the parser judges differently. */
export function checkTableExamples(compiled: CompiledTable): string[] {
  const failures: string[] = [];
  const program = compiled.table.programs[0] ?? '';
  for (const [examples, shouldAccept] of [[compiled.table.accept, true], [compiled.table.reject, false]] as const) {
    for (const example of examples) {
      const words = example.split(' ').filter(Boolean).map(exampleWord);
      const problems = parseWithTable(compiled, words).problems;
      if (shouldAccept && problems.length > 0) failures.push(`${program} ${example}: should be understood, but ${problems.join('; ')}`);
      if (!shouldAccept && problems.length === 0) failures.push(`${program} ${example}: should not be understood, but is`);
    }
  }
  return failures;
}

function exampleWord(text: string): ExpandedWord {
  if (text === '$X') return { kind: 'dynamic', text, reason: 'example of a computed word' };
  return { kind: 'static', text, isGlob: false, masked: { chars: text, quoted: [...text].map(() => true) } };
}
