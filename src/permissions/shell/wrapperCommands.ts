/**
 * Programs that run another program: `sudo rm x` removes x just as `rm x`
 * does, so rules must see the inner command. Each wrapper's options are
 * listed exactly, because misreading an option's value as the command name
 * is itself an attack: if we did not know `sudo -g` takes a value,
 * `sudo -g ls rm -rf x` would look like `ls`. An option we do not know makes
 * the command unparseable (ask), never guessed.
 */
export type WrapperSpec = {
  /** Options whose value is the next word (or attached: `-uroot`, `--user=root`). */
  readonly valueOptions: readonly string[];
  /** Options that take no value. Short ones may be clustered (`-En`). */
  readonly flagOptions: readonly string[];
  /** Words between the options and the command (timeout's DURATION, chroot's NEWROOT). */
  readonly positionals?: number;
  /** The inner command runs with other privileges (sudo): allow rules must name the wrapper. */
  readonly elevates?: boolean;
  /** Option values that name a file the wrapper writes (`/usr/bin/time -o f`). */
  readonly writesFileOptions?: readonly string[];
  /** Option values that name a file the wrapper reads (`xargs -a f`). */
  readonly readsFileOptions?: readonly string[];
  /** Option values that change the directory the inner command runs in. */
  readonly chdirOptions?: readonly string[];
  /** The inner command gets arguments we cannot see (xargs appends stdin words). */
  readonly appendsHiddenArguments?: boolean;
  /** Words starting with `-` followed by digits are flags (nice -10). */
  readonly numericFlags?: boolean;
  /** `NAME=value` words after the options are environment assignments (env). */
  readonly takesAssignments?: boolean;
  /** Options after which there is no inner command to run (command -v, sudo -l). */
  readonly noCommandOptions?: readonly string[];
  /** Options whose value is a shell command string (env -S, flock -c, su -c). */
  readonly shellStringOptions?: readonly string[];
  /** Options that make the remaining words one shell command string (sudo -s, sudo -i). */
  readonly runsRestViaShellOptions?: readonly string[];
};

export const WRAPPER_COMMANDS: Readonly<Record<string, WrapperSpec>> = {
  env: {
    valueOptions: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'],
    flagOptions: ['-i', '--ignore-environment', '-0', '--null', '-v', '--debug', '-'],
    chdirOptions: ['-C', '--chdir'],
    takesAssignments: true,
    shellStringOptions: ['-S', '--split-string'],
  },
  sudo: {
    valueOptions: [
      '-u', '--user', '-g', '--group', '-C', '--close-from', '-D', '--chdir', '-h', '--host', '-p', '--prompt',
      '-r', '--role', '-t', '--type', '-T', '--command-timeout', '-U', '--other-user',
    ],
    flagOptions: [
      '-A', '--askpass', '-b', '--background', '-B', '--bell', '-E', '--preserve-env', '-H', '--set-home', '-k',
      '--reset-timestamp', '-K', '--remove-timestamp', '-n', '--non-interactive', '-P', '--preserve-groups', '-S',
      '--stdin', '-N', '--no-update', '-i', '--login', '-s', '--shell', '-l', '--list', '-v', '--validate', '-V',
      '--version',
    ],
    elevates: true,
    chdirOptions: ['-D', '--chdir'],
    noCommandOptions: ['-l', '--list', '-v', '--validate', '-V', '--version', '-k', '-K'],
    runsRestViaShellOptions: ['-s', '--shell', '-i', '--login'],
  },
  doas: { valueOptions: ['-u'], flagOptions: ['-n', '-s'], elevates: true, runsRestViaShellOptions: ['-s'] },
  run0: { valueOptions: ['-u', '--user', '-D', '--chdir'], flagOptions: [], elevates: true, chdirOptions: ['-D', '--chdir'] },
  pkexec: { valueOptions: ['--user'], flagOptions: ['--keep-cwd'], elevates: true },
  command: { valueOptions: [], flagOptions: ['-p', '-v', '-V'], noCommandOptions: ['-v', '-V'] },
  builtin: { valueOptions: [], flagOptions: [] },
  exec: { valueOptions: ['-a'], flagOptions: ['-c', '-l'] },
  nice: { valueOptions: ['-n', '--adjustment'], flagOptions: [], numericFlags: true },
  ionice: { valueOptions: ['-c', '--class', '-n', '--classdata'], flagOptions: ['-t', '--ignore'] },
  nohup: { valueOptions: [], flagOptions: [] },
  // `coproc rm -rf x` runs rm in the background.
  coproc: { valueOptions: [], flagOptions: [] },
  // `busybox rm -rf x` runs the rm applet.
  busybox: { valueOptions: [], flagOptions: [] },
  setsid: { valueOptions: [], flagOptions: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'] },
  timeout: {
    valueOptions: ['-k', '--kill-after', '-s', '--signal'],
    flagOptions: ['--preserve-status', '--foreground', '-v', '--verbose'],
    positionals: 1,
  },
  time: {
    valueOptions: ['-o', '--output', '-f', '--format'],
    flagOptions: ['-p', '-a', '--append', '-v', '--verbose', '-q', '--quiet', '--portability'],
    writesFileOptions: ['-o', '--output'],
  },
  stdbuf: { valueOptions: ['-i', '--input', '-o', '--output', '-e', '--error'], flagOptions: [] },
  unbuffer: { valueOptions: [], flagOptions: ['-p'] },
  chroot: { valueOptions: ['--userspec', '--groups'], flagOptions: ['--skip-chdir'], positionals: 1, elevates: true },
  flock: {
    valueOptions: ['-w', '--timeout', '-E', '--conflict-exit-code', '-c', '--command'],
    flagOptions: ['-s', '--shared', '-x', '-e', '--exclusive', '-u', '--unlock', '-n', '--nb', '--nonblock', '-o', '--close', '-F', '--no-fork'],
    positionals: 1,
    shellStringOptions: ['-c', '--command'],
  },
  xargs: {
    valueOptions: [
      '-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-lines',
      '--max-procs', '--max-chars', '--eof', '--process-slot-var', '--replace',
    ],
    flagOptions: ['-0', '--null', '-r', '--no-run-if-empty', '-t', '--verbose', '-p', '--interactive', '-x', '--exit', '-o', '--open-tty'],
    readsFileOptions: ['-a', '--arg-file'],
    appendsHiddenArguments: true,
  },
};

/** Short options that may carry their value attached with no separator (xargs -i{}, -l5, -e). */
export const ATTACHED_OPTIONAL_VALUE: Readonly<Record<string, readonly string[]>> = {
  xargs: ['-i', '-l', '-e'],
};
