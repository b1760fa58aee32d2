/**
 * find and archivers: commands whose effect depends on an action buried in
 * their arguments. `find -delete` deletes, `-fprint f` writes f, `-exec`
 * runs a command (analysed separately as a nested command); `tar -x`
 * writes wherever the archive says, `tar --to-command` and
 * `--checkpoint-action=exec=` run programs, `zip -TT cmd` runs cmd.
 */
import { hasOption, optionValues } from './options/optionTable.js';
import { parseProgramArguments } from './options/programTables.js';
import { destroys, reads, writes, type PathAccess } from './commandEffects.js';
import type { Classification } from './readOnlyCommands.js';
import { cwdWord } from './readOnlyCommands.js';
import type { ExpandedWord } from './wordExpansion.js';

const FIND_WRITE_ACTIONS = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
const FIND_EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** Predicates of GNU find and how many words follow each (its expression language, as a table). */
const FIND_PREDICATES: Readonly<Record<string, number>> = {
  '(': 0, ')': 0, '!': 0, ',': 0, '-not': 0, '-a': 0, '-and': 0, '-o': 0, '-or': 0,
  '-amin': 1, '-anewer': 1, '-atime': 1, '-cmin': 1, '-cnewer': 1, '-ctime': 1, '-empty': 0, '-executable': 0, '-false': 0,
  '-fstype': 1, '-gid': 1, '-group': 1, '-ilname': 1, '-iname': 1, '-inum': 1, '-ipath': 1, '-iregex': 1, '-iwholename': 1,
  '-links': 1, '-lname': 1, '-mmin': 1, '-mtime': 1, '-name': 1, '-newer': 1, '-nogroup': 0, '-nouser': 0, '-path': 1,
  '-perm': 1, '-readable': 0, '-regex': 1, '-samefile': 1, '-size': 1, '-true': 0, '-type': 1, '-uid': 1, '-used': 1,
  '-user': 1, '-wholename': 1, '-writable': 0, '-xtype': 1, '-context': 1,
  '-d': 0, '-depth': 0, '-files0-from': 1, '-follow': 0, '-ignore_readdir_race': 0, '-maxdepth': 1, '-mindepth': 1, '-mount': 0,
  '-noignore_readdir_race': 0, '-noleaf': 0, '-regextype': 1, '-warn': 0, '-nowarn': 0, '-xdev': 0, '-daystart': 0,
  '-delete': 0, '-fls': 1, '-fprint': 1, '-fprint0': 1, '-fprintf': 2, '-ls': 0, '-print': 0, '-print0': 0, '-printf': 1,
  '-prune': 0, '-quit': 0,
};
/** Predicates whose value is a file find reads. */
const FIND_READ_VALUES = new Set(['-anewer', '-cnewer', '-newer', '-samefile', '-files0-from']);
/** Actions after which find's output is not just the names it found. */
const FIND_CUSTOM_OUTPUT = new Set(['-printf', '-ls', '-fprintf', '-fls', '-fprint', '-fprint0', '-exec', '-execdir', '-ok', '-okdir']);

export function findStartingPoints(args: readonly ExpandedWord[]): { roots: ExpandedWord[]; expressionStart: number } {
  let i = 0;
  while (i < args.length && ['-H', '-L', '-P', '-D', '-O'].includes(args[i]?.text ?? '')) i += args[i]?.text === '-D' || args[i]?.text === '-O' ? 2 : 1;
  const roots: ExpandedWord[] = [];
  for (; i < args.length; i++) {
    const word = args[i];
    if (!word || (word.kind === 'static' && /^[-(!)]/.test(word.text))) break;
    roots.push(word);
  }
  return { roots: roots.length > 0 ? roots : [cwdWord()], expressionStart: i };
}

/** Whether find prints only the paths it finds (no -printf, -ls, -exec…): then they all lie below its roots. */
export function findPrintsOnlyNames(args: readonly ExpandedWord[]): boolean {
  const { expressionStart } = findStartingPoints(args);
  return args.slice(expressionStart).every((word) => word.kind === 'static' && !FIND_CUSTOM_OUTPUT.has(word.text));
}

export function classifyFind(args: readonly ExpandedWord[]): Classification {
  const { roots, expressionStart } = findStartingPoints(args);
  const paths: PathAccess[] = [...reads(roots, 'listed by find', true)];
  const problems: string[] = [];
  let deletes = false;
  let dynamic = false;
  for (let i = expressionStart; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    if (word.kind === 'dynamic') {
      dynamic = true;
      problems.push(`find: the computed word ${word.text} could be any predicate`);
      continue;
    }
    const text = word.text;
    if (text === '-delete') deletes = true;
    // -exec's command is analysed as a nested command; skip over it here.
    if (FIND_EXEC_ACTIONS.has(text)) {
      while (i + 1 < args.length && args[i + 1]?.text !== ';' && args[i + 1]?.text !== '+') i++;
      i++;
      continue;
    }
    const arity = /^-newer[amcBt][amcBt]$/.test(text) ? 1 : FIND_PREDICATES[text];
    if (arity === undefined) {
      problems.push(`find does not know the predicate ${text}`);
      continue;
    }
    const value = args[i + 1];
    if (FIND_WRITE_ACTIONS.has(text) && value) paths.push(...writes([value], `find ${text}`));
    if ((FIND_READ_VALUES.has(text) || /^-newer..$/.test(text)) && value) paths.push(...reads([value], `find ${text}`));
    i += arity;
  }
  if (deletes) paths.push(...destroys(roots, 'deleted by find -delete', true));
  if (dynamic) paths.push(...writes(['unknown'], 'a computed find expression may delete or write'));
  const hasWrites = paths.some((p) => p.access === 'write');
  return { kind: hasWrites ? 'file-edit' : 'read-only', paths, effects: deletes ? ['delete'] : [], concerns: [], problems: [...parseProgramArguments('find', args.slice(0, expressionStart)).problems, ...problems] };
}

const TAR_EXEC_OPTIONS = /^--(to-command|checkpoint-action|use-compress-program|rsh-command|info-script|new-volume-script|rmt-command)|^-[IF]$/;

export function classifyTar(args: readonly ExpandedWord[]): Classification {
  // Old-style first argument: `tar xzf a.tgz` is `tar -x -z -f a.tgz`.
  const first = args[0];
  const normalised = first?.kind === 'static' && /^[a-zA-Z]+$/.test(first.text) ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
  if (normalised.some((w) => w.kind === 'static' && TAR_EXEC_OPTIONS.test(w.text))) {
    return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'tar option runs another program' }] };
  }
  const parsed = parseProgramArguments('tar', normalised);
  const problems = [...parsed.problems];
  const archive = optionValues(parsed, '-f').filter((w) => w.text !== '-');
  const directory = optionValues(parsed, '-C');
  // `tar -C a -C b x`: each -C applies to the names after it; we do not track that.
  if (directory.length > 1) problems.push('tar with more than one -C');
  const lists = optionValues(parsed, '-T');
  const removes = hasOption(parsed, '--remove-files');
  if (hasOption(parsed, '-x')) {
    const target = directory.length > 0 ? writes(directory, 'extracted into by tar', true) : writes(['unknown'], 'files extracted by tar (names come from the archive)');
    return { kind: 'file-edit', paths: [...reads(archive, 'read by tar'), ...target], effects: [], concerns: [], problems };
  }
  if (hasOption(parsed, '-c', '-r', '-u', '-A')) {
    const base = directory[0];
    const sources = parsed.operands.map((w) => (base && w.kind === 'static' && !w.text.startsWith('/') ? { ...w, text: `${base.text}/${w.text}` } : w));
    // Names listed in a -T file are archived too, and we cannot see them.
    const listed = lists.length > 0 ? reads(['unknown'], 'files named in the tar -T list', true) : [];
    const sourceAccess = removes ? destroys(sources, 'archived and removed by tar --remove-files', true) : reads(sources, 'archived by tar', true);
    return { kind: 'file-edit', paths: [...sourceAccess, ...listed, ...writes(archive, 'archive written by tar')], effects: removes ? ['delete'] : [], concerns: [], problems };
  }
  return { kind: 'read-only', paths: reads(archive, 'listed by tar'), effects: [], concerns: [], problems };
}

export function classifyZip(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  if (program === 'zip') {
    if (args.some((w) => w.kind === 'static' && (w.text === '-TT' || w.text.startsWith('--unzip-command')))) {
      return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'zip -TT runs a program' }] };
    }
    const [archive, ...sources] = parsed.operands;
    const recursive = hasOption(parsed, '-r', '-R');
    // `zip -m` moves the files into the archive: the originals are deleted.
    const moves = hasOption(parsed, '-m');
    const sourceAccess = moves ? destroys(sources, 'moved into the archive by zip -m', recursive) : reads(sources, 'archived by zip', recursive);
    return { kind: 'file-edit', paths: [...writes(archive ? [archive] : [], 'archive written by zip'), ...sourceAccess], effects: moves ? ['delete'] : [], concerns: [], problems: parsed.problems };
  }
  const [archive] = parsed.operands;
  const archiveRead = reads(archive ? [archive] : [], 'read by unzip');
  if (hasOption(parsed, '-l', '-v', '-t', '-p', '-Z', '-z')) return { kind: 'read-only', paths: archiveRead, effects: [], concerns: [], problems: parsed.problems };
  const directory = optionValues(parsed, '-d');
  const target = directory.length > 0 ? writes(directory, 'extracted into by unzip', true) : writes(['unknown'], 'files extracted by unzip');
  return { kind: 'file-edit', paths: [...archiveRead, ...target], effects: [], concerns: [], problems: parsed.problems };
}
