/**
 * find and archivers: commands whose effect depends on an action buried in
 * their arguments. `find -delete` deletes, `-fprint f` writes f, `-exec`
 * runs a command (analysed separately as a nested command); `tar -x`
 * writes wherever the archive says, `tar --to-command` and
 * `--checkpoint-action=exec=` run programs, `zip -TT cmd` runs cmd.
 */
import { hasOption, optionValues, parseArguments } from './argumentParsing.js';
import { destroys, reads, writes, type PathAccess } from './commandEffects.js';
import type { Classification } from './readOnlyCommands.js';
import { cwdWord } from './readOnlyCommands.js';
import type { ExpandedWord } from './wordExpansion.js';

const FIND_WRITE_ACTIONS = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
const FIND_EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

export function classifyFind(args: readonly ExpandedWord[]): Classification {
  let i = 0;
  const starts: ExpandedWord[] = [];
  while (i < args.length && ['-H', '-L', '-P', '-D', '-O'].includes(args[i]?.text ?? '')) i += args[i]?.text === '-D' ? 2 : 1;
  for (; i < args.length; i++) {
    const word = args[i];
    if (!word || (word.kind === 'static' && /^[-(!)]/.test(word.text))) break;
    starts.push(word);
  }
  const roots = starts.length > 0 ? starts : [cwdWord()];
  const paths: PathAccess[] = [...reads(roots, 'listed by find')];
  let deletes = false;
  let dynamic = false;
  for (; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    if (word.kind === 'dynamic') dynamic = true;
    const text = word.text;
    if (text === '-delete') deletes = true;
    // -exec's command is analysed as a nested command; skip over it here.
    if (FIND_EXEC_ACTIONS.has(text)) while (i + 1 < args.length && args[i + 1]?.text !== ';' && args[i + 1]?.text !== '+') i++;
    if (FIND_WRITE_ACTIONS.has(text)) {
      const target = args[i + 1];
      if (target) paths.push(...writes([target], `find ${text}`));
    }
  }
  if (deletes) paths.push(...destroys(roots, 'deleted by find -delete', true));
  if (dynamic) paths.push(...writes(['unknown'], 'a computed find expression may delete or write'));
  const hasWrites = paths.some((p) => p.access === 'write');
  return { kind: hasWrites ? 'file-edit' : 'read-only', paths, effects: deletes ? ['delete'] : [], concerns: [] };
}

const TAR_EXEC_OPTIONS = /^--(to-command|checkpoint-action|use-compress-program|rsh-command|info-script|new-volume-script|rmt-command)|^-[IF]$/;

export function classifyTar(args: readonly ExpandedWord[]): Classification {
  // Old-style first argument: `tar xzf a.tgz` is `tar -x -z -f a.tgz`.
  const first = args[0];
  const normalised = first?.kind === 'static' && /^[a-zA-Z]+$/.test(first.text) ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
  if (normalised.some((w) => w.kind === 'static' && TAR_EXEC_OPTIONS.test(w.text))) {
    return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'tar option runs another program' }] };
  }
  const parsed = parseArguments(normalised, { valueOptions: ['-f', '--file', '-C', '--directory', '-T', '--files-from', '-X', '--exclude-from', '-b', '-H', '--format', '--exclude', '-K', '-N', '-V', '-L'] });
  const archive = optionValues(parsed, '-f', '--file').filter((w) => w.text !== '-');
  const directory = optionValues(parsed, '-C', '--directory');
  const lists = optionValues(parsed, '-T', '--files-from', '-X', '--exclude-from');
  if (hasOption(parsed, '-x', '--extract', '--get')) {
    const target = directory.length > 0 ? writes(directory, 'extracted into by tar', true) : writes(['unknown'], 'files extracted by tar (names come from the archive)');
    return { kind: 'file-edit', paths: [...reads([...archive, ...lists], 'read by tar'), ...target], effects: [], concerns: [] };
  }
  if (hasOption(parsed, '-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate')) {
    const base = directory[0];
    const sources = parsed.operands.map((w) => (base && w.kind === 'static' && !w.text.startsWith('/') ? { ...w, text: `${base.text}/${w.text}` } : w));
    return { kind: 'file-edit', paths: [...reads([...sources, ...lists], 'archived by tar', true), ...writes(archive, 'archive written by tar')], effects: [], concerns: [] };
  }
  return { kind: 'read-only', paths: reads([...archive, ...lists], 'listed by tar'), effects: [], concerns: [] };
}

export function classifyZip(program: string, args: readonly ExpandedWord[]): Classification {
  if (program === 'zip') {
    if (args.some((w) => w.kind === 'static' && (w.text === '-TT' || w.text.startsWith('--unzip-command')))) {
      return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'zip -TT runs a program' }] };
    }
    const parsed = parseArguments(args, { valueOptions: ['-b', '-n', '-t', '-tt', '-x', '-i', '-P', '-O', '--out', '-Z'] });
    const [archive, ...sources] = parsed.operands;
    const recursive = hasOption(parsed, '-r', '--recurse-paths', '-R');
    return { kind: 'file-edit', paths: [...writes(archive ? [archive] : [], 'archive written by zip'), ...reads(sources, 'archived by zip', recursive), ...writes(optionValues(parsed, '-O', '--out'), 'zip output')], effects: [], concerns: [] };
  }
  const parsed = parseArguments(args, { valueOptions: ['-d', '-x', '-P'] });
  const [archive] = parsed.operands;
  const archiveRead = reads(archive ? [archive] : [], 'read by unzip');
  if (hasOption(parsed, '-l', '-v', '-t', '-p', '-Z', '-z')) return { kind: 'read-only', paths: archiveRead, effects: [], concerns: [] };
  const directory = optionValues(parsed, '-d');
  const target = directory.length > 0 ? writes(directory, 'extracted into by unzip', true) : writes(['unknown'], 'files extracted by unzip');
  return { kind: 'file-edit', paths: [...archiveRead, ...target], effects: [], concerns: [] };
}
