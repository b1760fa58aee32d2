/**
 * CLAUDE_ENV_FILE, as Claude Code offers it: a SessionStart (Setup, CwdChanged,
 * FileChanged) command hook finds in `$CLAUDE_ENV_FILE` a file it may
 * append `export NAME=value`
 * lines to (nvm, a virtualenv, a project's PATH), and every later Bash
 * command of the session runs with those variables.
 *
 * Decisions:
 *  - The file is never sourced — not in our process, not in the command's
 *    shell. Its lines are parsed strictly: `export NAME=value` or
 *    `NAME=value`, with the value bare, 'single-quoted' or "double-quoted";
 *    `$NAME` and `${NAME}` expand from the environment (and lines before),
 *    so `export PATH="$HOME/.venv/bin:$PATH"` works. Command substitution,
 *    and anything else a shell would run, makes the line refused with a
 *    one-line notice; blank lines and `#` comments are skipped.
 *  - It lives under the config folder (`session-env/<session id>/`,
 *    mode 0700/0600), outside every working directory, so the model's
 *    tools cannot write it (the sandbox keeps writes to the working
 *    directories); hooks are the user's own configuration and are trusted.
 *  - The variables reach the Bash tool's commands (foreground and
 *    background) through the tool context, after the same scrubbing as the
 *    rest of the environment: a line setting BASH_ENV, LD_PRELOAD or another
 *    variable that makes a shell or the loader run code is dropped there
 *    (childEnvironment.ts). The permission analysis judges the command text
 *    as before; a hook that changes PATH chose what `git` means, as the
 *    user's own shell profile would — absolute entries only (a relative one
 *    names a folder under whatever directory the command runs in), and the
 *    sandbox's own program is never looked up in it (bwrapAvailability.ts).
 *    Names the analysis or the sandbox read from agentcli's own environment
 *    (HOME for `~`, XDG_CONFIG_HOME, TMPDIR) and agentcli's own are refused:
 *    a command must run with the values it was judged with.
 *  - CwdChanged and FileChanged hooks get a file of their own too (direnv
 *    style), emptied before each firing; their variables override
 *    SessionStart's. Each SessionStart (startup, resume, clear, compact)
 *    starts over: what its hooks write is what holds.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** More than any environment file a hook writes; the rest is ignored. */
const MAX_FILE_CHARS = 64 * 1024;

export type ParsedEnvironment = { readonly vars: Readonly<Record<string, string>>; readonly problems: readonly string[] };

/** The events whose command hooks get CLAUDE_ENV_FILE (Claude Code's: the moments an environment may change). */
export type EnvFileEvent = 'Setup' | 'SessionStart' | 'CwdChanged' | 'FileChanged';

const FILE_NAMES: Record<EnvFileEvent, string> = { Setup: 'setup-hook.env', SessionStart: 'sessionstart-hook.env', CwdChanged: 'cwdchanged-hook.env', FileChanged: 'filechanged-hook.env' };
/** Later events' variables win: a CwdChanged hook (direnv) overrides what SessionStart set. */
const ORDER: readonly EnvFileEvent[] = ['Setup', 'SessionStart', 'CwdChanged', 'FileChanged'];

export class SessionShellEnvironment {
  private readonly byEvent = new Map<EnvFileEvent, Readonly<Record<string, string>>>();
  private merged: Readonly<Record<string, string>> = {};
  private problemListener: ((message: string) => void) | undefined;
  private refusedInside = false;
  /** Events whose hooks are running: a command waits for what they write (CwdChanged runs beside the turn). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: { readonly configDir: string }) {}

  /** Where refused lines and an unwritable folder are reported (the front end's warning line). */
  reportProblemsTo(listener: (message: string) => void): void {
    this.problemListener = listener;
  }

  /**
   * Runs one event's hooks with CLAUDE_ENV_FILE pointing at that event's file, emptied first, then takes in
   * what they wrote. Without a file (the folder could not be made) the hooks run without one.
   */
  async around<T>(sessionId: string, event: EnvFileEvent, workingDirectories: readonly string[], run: (envFile: string | undefined) => Promise<T>): Promise<T> {
    const work = (async () => {
      const file = this.outsideAll(workingDirectories) ? await this.prepare(sessionId, event) : undefined;
      try {
        return await run(file);
      } finally {
        if (file) await this.load(event, file);
      }
    })();
    const tracked = work.catch(() => undefined);
    this.inFlight.add(tracked);
    void tracked.then(() => this.inFlight.delete(tracked));
    return work;
  }

  /** The variables set by the session's hooks (empty until one wrote some). */
  current(): Readonly<Record<string, string>> {
    return this.merged;
  }

  /**
   * The variables once every event's hooks that are running now have finished (each is bounded by its
   * hooks' timeouts): a command after a `cd` runs with what the CwdChanged hooks wrote for the new folder.
   */
  async settled(): Promise<Readonly<Record<string, string>>> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    return this.merged;
  }

  /**
   * The file must be where the model's tools cannot write: with the config folder inside a working directory
   * (AGENTCLI_CONFIG_DIR=./.agentcli, say) hooks get no file, and the user is told once.
   */
  private outsideAll(workingDirectories: readonly string[]): boolean {
    const inside = workingDirectories.find((dir) => {
      const relative = path.relative(path.resolve(dir), path.resolve(this.options.configDir));
      return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
    });
    if (inside === undefined) return true;
    if (!this.refusedInside) this.problemListener?.(`CLAUDE_ENV_FILE is not offered to hooks: the config folder is inside the working directory ${inside}, where the model could write the file`);
    this.refusedInside = true;
    return false;
  }

  private async prepare(sessionId: string, event: EnvFileEvent): Promise<string | undefined> {
    const dir = path.join(this.options.configDir, 'session-env', sessionId.replace(/[^\w.-]/g, '_'));
    const file = path.join(dir, FILE_NAMES[event]);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(file, '', { mode: 0o600 });
      return file;
    } catch (error) {
      this.problemListener?.(`CLAUDE_ENV_FILE could not be created (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  }

  private async load(event: EnvFileEvent, file: string): Promise<void> {
    const text = await readFile(file, 'utf8').catch(() => '');
    const parsed = parseEnvironmentFile(text.slice(0, MAX_FILE_CHARS), { ...process.env, ...this.merged });
    for (const problem of parsed.problems) this.problemListener?.(`CLAUDE_ENV_FILE ${file}: ${problem}`);
    // A new SessionStart starts over, except for what Setup (--init, once, before it) set.
    if (event === 'SessionStart') for (const each of [...this.byEvent.keys()]) if (each !== 'Setup') this.byEvent.delete(each);
    this.byEvent.set(event, parsed.vars);
    this.merged = Object.assign({}, ...ORDER.map((each) => this.byEvent.get(each) ?? {}));
  }
}

const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

export function parseEnvironmentFile(text: string, base: NodeJS.ProcessEnv): ParsedEnvironment {
  const vars: Record<string, string> = {};
  const problems: string[] = [];
  const lookup = (name: string): string => vars[name] ?? base[name] ?? '';
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = ASSIGNMENT.exec(line);
    const value = match ? parseValue(match[2]!, lookup) : undefined;
    if (!match || value === undefined) {
      problems.push(`line ${index + 1} is not a plain \`export NAME=value\` and was ignored`);
      return;
    }
    const name = match[1]!;
    const refused = refusedName(name);
    if (refused) {
      problems.push(`line ${index + 1} sets ${name}, which a hook may not set (${refused}), and was ignored`);
      return;
    }
    if (name === 'PATH') {
      // A relative entry (`bin`, `.`, an empty one) names a folder under whatever directory a command runs in.
      const entries = value.split(path.delimiter);
      const kept = entries.filter((entry) => path.isAbsolute(entry));
      if (kept.length < entries.length) problems.push(`line ${index + 1}: PATH entries that are not absolute were left out`);
      vars[name] = kept.join(path.delimiter);
      return;
    }
    vars[name] = value;
  });
  return { vars, problems };
}

/**
 * Read by the permission analysis or the sandbox from agentcli's own environment: `~` and `$HOME` in a
 * command (HOME), where git and fish keep configuration that runs code (XDG_CONFIG_HOME), the sandbox's
 * temporary folder (TMPDIR). A hook that changed them would make a command do other than what was
 * analysed and allowed (`rm -rf ~/build` judged against the real home, run against another).
 */
const ANALYSED_NAMES = new Set(['HOME', 'XDG_CONFIG_HOME', 'TMPDIR', 'CLAUDE_ENV_FILE', 'CLAUDE_PROJECT_DIR']);

function refusedName(name: string): string | undefined {
  if (ANALYSED_NAMES.has(name)) return 'the permission analysis and the sandbox rely on its value';
  if (name.toUpperCase().startsWith('AGENTCLI')) return "it is agentcli's own";
  return undefined;
}

/** One value as a shell would read it, for the forms that run nothing; undefined for any other. */
function parseValue(text: string, lookup: (name: string) => string): string | undefined {
  let value = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) return undefined;
      value += text.slice(index + 1, end);
      index = end + 1;
    } else if (char === '"') {
      const end = closingQuote(text, index + 1);
      if (end < 0) return undefined;
      const inner = expand(text.slice(index + 1, end), lookup, true);
      if (inner === undefined) return undefined;
      value += inner;
      index = end + 1;
    } else if (/\s/.test(char)) {
      // `export A=1 B=2` or a trailing comment: more than one plain assignment is not what this reads.
      return text.slice(index).trim() === '' ? value : text.slice(index).trim().startsWith('#') ? value : undefined;
    } else {
      const end = nextSpecial(text, index);
      const word = expand(text.slice(index, end), lookup, false);
      if (word === undefined) return undefined;
      value += word;
      index = end;
    }
  }
  return value;
}

function closingQuote(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return -1;
}

function nextSpecial(text: string, from: number): number {
  let index = from;
  while (index < text.length && !/[\s'"]/.test(text[index]!)) index++;
  return index;
}

/** `$NAME`, `${NAME}` and backslash escapes; undefined for `$(`, backticks, `${…}` operators and unquoted globs. */
function expand(text: string, lookup: (name: string) => string, quoted: boolean): string | undefined {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '`') return undefined;
    if (char === '\\') {
      out += text[index + 1] ?? '';
      index++;
    } else if (char === '$') {
      const braced = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(text.slice(index + 1));
      const plain = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(index + 1));
      if (braced) {
        out += lookup(braced[1]!);
        index += braced[0].length;
      } else if (plain) {
        out += lookup(plain[0]);
        index += plain[0].length;
      } else return undefined;
    } else if (!quoted && char === '~' && (index === 0 || text[index - 1] === ':')) out += lookup('HOME');
    else if (!quoted && /[*?[\]{}();&|<>~]/.test(char)) return undefined;
    else out += char;
  }
  return out;
}
