/**
 * Sees through wrapper programs (`env X=1 sudo -u me nice timeout 5 rm x`)
 * to the command that really runs, remembering each wrapper, plus what the
 * wrappers themselves do (change directory, read or write a file, run a
 * shell string).
 */
import { programName } from './commandName.js';
import { ATTACHED_OPTIONAL_VALUE, WRAPPER_COMMANDS, type WrapperSpec } from './wrapperCommands.js';
import type { ShellConcern, WrapperUse } from './shellTypes.js';
import type { ExpandedWord } from './wordExpansion.js';

export type UnwrappedCommand = {
  readonly argv: readonly ExpandedWord[];
  readonly wrappers: readonly WrapperUse[];
  readonly assignments: readonly { name: string; value: ExpandedWord }[];
  readonly chdirs: readonly ExpandedWord[];
  readonly fileReads: readonly ExpandedWord[];
  readonly fileWrites: readonly ExpandedWord[];
  /** Shell source a wrapper runs (`env -S '...'`, `sudo -s cmd`): analysed recursively. */
  readonly shellStrings: readonly { readonly words: readonly ExpandedWord[]; readonly label: string }[];
  readonly hasHiddenArguments: boolean;
  readonly concerns: readonly ShellConcern[];
};

const MAX_WRAPPERS = 16;

export function unwrapCommand(argv: readonly ExpandedWord[]): UnwrappedCommand {
  const result: Collected & { argv: readonly ExpandedWord[]; wrappers: WrapperUse[]; hasHiddenArguments: boolean } = {
    argv,
    wrappers: [],
    assignments: [],
    chdirs: [],
    fileReads: [],
    fileWrites: [],
    shellStrings: [],
    hasHiddenArguments: false,
    concerns: [],
  };
  let current = argv;
  for (let depth = 0; depth < MAX_WRAPPERS; depth++) {
    const name = programName(current[0]);
    const spec = name === undefined ? undefined : WRAPPER_COMMANDS[name];
    if (!name || !spec) return { ...result, argv: current };
    const step = peelWrapper(name, spec, current, result);
    result.wrappers.push({ name, words: current.slice(0, step.innerStart), elevates: spec.elevates === true });
    if (spec.appendsHiddenArguments) result.hasHiddenArguments = true;
    if (step.stop) return { ...result, argv: step.keepWhole ? current : [] };
    current = current.slice(step.innerStart);
    if (current.length === 0) return { ...result, argv: [] };
  }
  result.concerns.push({ kind: 'too-deep', detail: `more than ${MAX_WRAPPERS} nested wrapper commands` });
  return { ...result, argv: current };
}

type PeelStep = { innerStart: number; stop?: boolean; keepWhole?: boolean };

type Collected = {
  assignments: { name: string; value: ExpandedWord }[];
  chdirs: ExpandedWord[];
  fileReads: ExpandedWord[];
  fileWrites: ExpandedWord[];
  shellStrings: { words: readonly ExpandedWord[]; label: string }[];
  concerns: ShellConcern[];
};

function peelWrapper(name: string, spec: WrapperSpec, argv: readonly ExpandedWord[], out: Collected): PeelStep {
  let i = 1;
  // Options may follow positionals (`flock FILE -c 'cmd'`); the first other word is the command.
  let positionalsLeft = spec.positionals ?? 0;
  let runRestViaShell = false;
  const onValue = (option: string, value: ExpandedWord, restStart: number): PeelStep | undefined => {
    if (spec.chdirOptions?.includes(option)) out.chdirs.push(value);
    if (spec.writesFileOptions?.includes(option)) out.fileWrites.push(value);
    if (spec.readsFileOptions?.includes(option)) out.fileReads.push(value);
    if (spec.shellStringOptions?.includes(option)) {
      out.shellStrings.push({ words: [value, ...argv.slice(restStart)], label: `${name} ${option}` });
      return { innerStart: argv.length, stop: true };
    }
    return undefined;
  };
  while (i < argv.length) {
    const word = argv[i];
    if (!word) break;
    if (word.kind === 'dynamic') {
      // We cannot tell whether this is an option, its value or the command.
      out.concerns.push({ kind: 'dynamic-command', detail: `${name}: cannot tell which word is the command (${word.text})` });
      return { innerStart: argv.length, stop: true };
    }
    const text = word.text;
    if (text === '--') {
      // `timeout -- 5 rm x`: the positionals (the duration) still come before the command.
      i++;
      while (positionalsLeft > 0 && i < argv.length) {
        const positional = argv[i];
        if (name === 'chroot' && positional) out.chdirs.push(positional);
        positionalsLeft--;
        i++;
      }
      break;
    }
    const isOption = text.startsWith('-') && (text !== '-' || spec.flagOptions.includes('-'));
    if (isOption && text === '-') {
      i++;
      continue;
    }
    if (isOption) {
      const parsed = parseOption(name, spec, text);
      if (parsed.kind === 'unknown') {
        out.concerns.push({ kind: 'unparseable', detail: `${name}: unknown option ${text}` });
        return { innerStart: argv.length, stop: true };
      }
      if (parsed.flags.some((flag) => spec.noCommandOptions?.includes(flag))) return { innerStart: argv.length, stop: true, keepWhole: true };
      if (parsed.flags.some((flag) => spec.runsRestViaShellOptions?.includes(flag))) runRestViaShell = true;
      if (parsed.kind === 'value-next') {
        const value = argv[i + 1];
        if (!value) break;
        const stop = onValue(parsed.option, value, i + 2);
        if (stop) return stop;
        i += 2;
        continue;
      }
      if (parsed.kind === 'value-attached') {
        const stop = onValue(parsed.option, literalWord(parsed.value), i + 1);
        if (stop) return stop;
      }
      i++;
      continue;
    }
    if (spec.takesAssignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) {
      const eq = text.indexOf('=');
      out.assignments.push({ name: text.slice(0, eq), value: { ...word, text: text.slice(eq + 1) } });
      i++;
      continue;
    }
    if (positionalsLeft > 0) {
      if (name === 'chroot') out.chdirs.push(word);
      positionalsLeft--;
      i++;
      continue;
    }
    break;
  }
  if (runRestViaShell && i < argv.length) {
    out.shellStrings.push({ words: argv.slice(i), label: `${name} -s` });
    return { innerStart: argv.length, stop: true };
  }
  return { innerStart: i };
}

type ParsedOption =
  | { kind: 'flags'; flags: string[] }
  | { kind: 'value-next'; option: string; flags: string[] }
  | { kind: 'value-attached'; option: string; value: string; flags: string[] }
  | { kind: 'unknown' };

function parseOption(name: string, spec: WrapperSpec, text: string): ParsedOption {
  if (text.startsWith('--')) {
    const eq = text.indexOf('=');
    const option = eq >= 0 ? text.slice(0, eq) : text;
    if (spec.valueOptions.includes(option)) {
      return eq >= 0 ? { kind: 'value-attached', option, value: text.slice(eq + 1), flags: [] } : { kind: 'value-next', option, flags: [] };
    }
    // Long flags such as sudo's --preserve-env may carry an optional =list.
    return spec.flagOptions.includes(option) ? { kind: 'flags', flags: [option] } : { kind: 'unknown' };
  }
  if (spec.numericFlags && /^-\d+$/.test(text)) return { kind: 'flags', flags: [] };
  const optional = ATTACHED_OPTIONAL_VALUE[name] ?? [];
  const flags: string[] = [];
  for (let k = 1; k < text.length; k++) {
    const option = `-${text[k]}`;
    if (optional.includes(option)) return { kind: 'value-attached', option, value: text.slice(k + 1), flags };
    if (spec.valueOptions.includes(option)) {
      const rest = text.slice(k + 1);
      return rest ? { kind: 'value-attached', option, value: rest, flags } : { kind: 'value-next', option, flags };
    }
    if (!spec.flagOptions.includes(option)) return { kind: 'unknown' };
    flags.push(option);
  }
  return { kind: 'flags', flags };
}

/** A word we synthesise from an attached option value (`--chdir=/x`): fully quoted, no globbing. */
export function literalWord(text: string): ExpandedWord {
  return { kind: 'static', text, isGlob: false, masked: { chars: text, quoted: [...text].map(() => true) } };
}
