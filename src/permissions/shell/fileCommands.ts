/**
 * Programs whose job is changing files. Every file operand becomes a Read
 * or an Edit of that path, so `cp .env /tmp/x` reads `.env` (and obeys a
 * `Read(.env)` deny), `ln -s .env x` exposes `.env` under another name,
 * `dd of=~/.bashrc` edits a protected file, and `rm -r dir` edits
 * everything below `dir`.
 */
import { hasOption, optionValues } from './options/optionTable.js';
import { parseProgramArguments } from './options/programTables.js';
import { destroys, reads, writes, type PathAccess } from './commandEffects.js';
import type { Classification } from './readOnlyCommands.js';
import type { ExpandedWord } from './wordExpansion.js';

const RECURSIVE_FLAGS = ['-r', '-R', '--recursive', '-a', '--archive'];

export function classifyFileCommand(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  const classified = classify(program, args);
  if (!classified) return undefined;
  const problems = program === 'dd' ? ddProblems(args) : parseProgramArguments(program, args).problems;
  const result = { ...classified, problems };
  // A computed word (or arguments xargs appends) may be an option that redirects
  // the write (`cp $x a b` with x='-t /etc'): then any path may be written.
  if (!args.some((word) => word.kind === 'dynamic')) return result;
  const destructive = result.paths.some((p) => p.destructive);
  return { ...result, paths: [...result.paths, { target: 'unknown', access: 'write', recursive: true, why: `computed arguments of ${program}`, destructive }] };
}

function classify(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  switch (program) {
    case 'rm':
    case 'unlink':
    case 'srm':
    case 'trash':
    case 'trash-put': {
      const parsed = parseProgramArguments(program, args);
      const recursive = program !== 'unlink' && hasOption(parsed, '-r', '-R', '--recursive');
      return edit(destroys(parsed.operands, `deleted by ${program}`, recursive), ['delete']);
    }
    case 'rmdir': {
      const parsed = parseProgramArguments(program, args);
      const parents = hasOption(parsed, '-p', '--parents') ? parsed.operands.flatMap(parentPrefixes) : [];
      return edit(destroys([...parsed.operands, ...parents], 'removed by rmdir'), ['delete']);
    }
    case 'shred': {
      const parsed = parseProgramArguments(program, args);
      return edit(destroys(parsed.operands, 'destroyed by shred'), ['delete']);
    }
    case 'mv':
    case 'cp':
    case 'ln':
    case 'install':
      return copyLike(program, args);
    case 'touch': {
      const parsed = parseProgramArguments(program, args);
      return edit([...writes(parsed.operands, 'touched'), ...reads(optionValues(parsed, '-r', '--reference'), 'reference of touch')]);
    }
    case 'mkdir':
    case 'mkfifo':
    case 'mknod': {
      const parsed = parseProgramArguments(program, args);
      const operands = program === 'mknod' ? parsed.operands.slice(0, 1) : parsed.operands;
      return edit(writes(operands, `created by ${program}`));
    }
    case 'tee': {
      const parsed = parseProgramArguments(program, args);
      return edit(writes(parsed.operands, 'written by tee'));
    }
    case 'truncate': {
      const parsed = parseProgramArguments(program, args);
      return edit([...writes(parsed.operands, 'truncated'), ...reads(optionValues(parsed, '-r', '--reference'), 'reference of truncate')]);
    }
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
    case 'setfacl':
      return permissionChange(program, args);
    case 'dd':
      return ddCommand(args);
    case 'patch': {
      const parsed = parseProgramArguments(program, args);
      const targets = parsed.operands.length > 0 ? parsed.operands.slice(0, 1) : ['unknown' as const];
      return edit([
        ...writes(targets, 'patched'),
        ...writes(optionValues(parsed, '-o', '--output', '-r', '--reject-file'), 'patch output'),
        ...reads([...optionValues(parsed, '-i', '--input'), ...parsed.operands.slice(1)], 'patch file'),
      ]);
    }
    case 'gzip':
    case 'gunzip':
    case 'bzip2':
    case 'bunzip2':
    case 'xz':
    case 'unxz':
    case 'lzma':
    case 'unlzma':
    case 'zstd':
    case 'unzstd': {
      const parsed = parseProgramArguments(program, args);
      const toStdout = hasOption(parsed, '-c', '-l', '-t');
      if (toStdout) return { kind: 'read-only', paths: reads(parsed.operands, `read by ${program}`), effects: [], concerns: [] };
      // gzip, bzip2 and xz replace the file (the original is deleted) unless told to keep it; zstd keeps it unless --rm.
      const keeps = program.includes('zstd') ? !hasOption(parsed, '--rm') : hasOption(parsed, '-k');
      return keeps ? edit(writes(parsed.operands, `compressed by ${program}`)) : edit(destroys(parsed.operands, `replaced (deleted) by ${program}`), ['delete']);
    }
    default:
      return undefined;
  }
}

function edit(paths: readonly PathAccess[], effects: Classification['effects'] = []): Classification {
  return { kind: 'file-edit', paths, effects, concerns: [] };
}

/** mv/cp/ln/install: sources then a destination, or `-t DIR` then sources. */
function copyLike(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  if (program === 'install' && hasOption(parsed, '-d', '--directory')) return edit(writes(parsed.operands, 'created by install -d'));
  const targetDirectory = optionValues(parsed, '-t', '--target-directory');
  const sources = targetDirectory.length > 0 ? parsed.operands : parsed.operands.slice(0, -1);
  const destinations = targetDirectory.length > 0 ? targetDirectory : parsed.operands.slice(-1);
  // mv removes every source path (and all below it); cp -r reads whole trees; a link exposes everything below its target.
  const recursive = program === 'mv' || program === 'ln' || hasOption(parsed, ...RECURSIVE_FLAGS);
  const sourceAccess = program === 'mv' ? destroys(sources, 'moved away by mv', true) : reads(sources, `source of ${program}`, recursive);
  // `cp --remove-destination`, `ln -f`: the destination is deleted first.
  const removesDestination = (program === 'cp' && hasOption(parsed, '--remove-destination')) || (program === 'ln' && hasOption(parsed, '-f'));
  const destinationAccess = removesDestination ? destroys(destinations, `replaced (deleted) by ${program}`) : writes(destinations, `destination of ${program}`, true);
  const paths = [...sourceAccess, ...destinationAccess];
  if (parsed.operands.length === 1 && targetDirectory.length === 0 && program === 'ln') {
    // `ln -s target` creates a link named after the target in the cwd.
    return edit([...reads(parsed.operands, 'target of ln', true), ...writes(['unknown'], 'link created by ln')]);
  }
  return edit(paths, removesDestination ? ['delete'] : []);
}

function permissionChange(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const reference = optionValues(parsed, '--reference');
  // `chmod 644 f`: the first operand is the mode or owner, unless --reference gives it.
  const usesModeOperand = reference.length === 0 && !['setfacl'].includes(program);
  const files = usesModeOperand ? parsed.operands.slice(1) : parsed.operands;
  const recursive = hasOption(parsed, '-R', '--recursive');
  const targets = recursive ? destroys(files, `${program} -R target`, true) : writes(files, `${program} target`);
  return edit([...targets, ...reads(reference, `reference of ${program}`)], ['change-permissions']);
}

function ddCommand(args: readonly ExpandedWord[]): Classification {
  const paths: PathAccess[] = [];
  for (const word of args) {
    if (word.kind === 'dynamic') {
      paths.push({ target: 'unknown', access: 'write', recursive: false, why: `computed dd operand ${word.text}` });
      continue;
    }
    const match = /^(if|of)=(.*)$/s.exec(word.text);
    if (!match) continue;
    const target: ExpandedWord = { ...word, text: match[2] ?? '' };
    paths.push({ target, access: match[1] === 'of' ? 'write' : 'read', recursive: false, why: `dd ${match[1]}=` });
  }
  return edit(paths);
}

const DD_OPERAND = /^(if|of|bs|ibs|obs|cbs|count|skip|seek|iseek|oseek|conv|iflag|oflag|status)=/;

/** dd's operands are `name=value`; anything else (or a computed word) is not understood. */
function ddProblems(args: readonly ExpandedWord[]): string[] {
  return args.filter((word) => word.kind === 'dynamic' || !DD_OPERAND.test(word.text)).map((word) => `dd does not know the operand ${word.text}`);
}

function parentPrefixes(word: ExpandedWord): ExpandedWord[] {
  if (word.kind === 'dynamic') return [];
  const parts = word.text.split('/').filter(Boolean);
  const prefixes: ExpandedWord[] = [];
  for (let k = parts.length - 1; k > 0; k--) {
    prefixes.push({ ...word, text: (word.text.startsWith('/') ? '/' : '') + parts.slice(0, k).join('/') });
  }
  return prefixes;
}
