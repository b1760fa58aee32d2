/**
 * CLAUDE_ENV_FILE, as Claude Code offers it: SessionStart, Setup, CwdChanged
 * and FileChanged command hooks get the path of a file they may append
 * `export NAME=value` lines to,
 * and those variables apply to every later Bash command of the session
 * (foreground and background), in subagents too.
 *
 * How the file is read — never by sourcing it, in our process or any shell:
 * each line is `export NAME=value` or `NAME=value` (blank lines and `#`
 * comments are skipped); a value is plain characters, 'single-quoted' text,
 * "double-quoted" text (escapes \" \\ \$ \`), and `$NAME` / `${NAME}`
 * references to variables set earlier in the file or in agentcli's own
 * environment, concatenated (`export PATH="$HOME/.venv/bin:$PATH"`). Command
 * substitution, other expansions and any other statement are not run: the
 * line is skipped and the user told. The file is read again before each Bash
 * command, so a hook that writes late still counts.
 *
 * The permission analysis and the sandbox read some variables from
 * agentcli's own environment: `~` and `$HOME` in a command (HOME), where git
 * and fish keep configuration that runs code (XDG_CONFIG_HOME), the
 * sandbox's temporary folder (TMPDIR). A file that changed them would make a
 * command do something else than what was analysed and allowed, so those
 * names are refused, and so is every variable the Bash tool scrubs anyway
 * (LD_PRELOAD, BASH_ENV, GIT_CONFIG_*…: childEnvironment.ts) and agentcli's
 * own. PATH is accepted, absolute entries only (a relative one names a
 * folder under whatever directory the command runs in): it is the user's
 * hook, as trusted as the PATH agentcli inherited, and deny rules match
 * what a command says, not where its program lives. The sandbox's own
 * program is found once in agentcli's PATH, never in this one
 * (bwrapAvailability.ts), so a PATH folder the model can write changes only
 * what runs inside the sandbox.
 *
 * Where the file lives: `$AGENTCLI_CONFIG_DIR/session-env/<session-id>/`,
 * a private folder (0700) outside the working directories, so the model
 * cannot write it: an Edit there asks, and a sandboxed command cannot write
 * there. If the configuration folder is inside a working directory, hooks
 * get no CLAUDE_ENV_FILE and the user is told.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isExecCapableVariable } from '../utils/process/childEnvironment.js';

export const ENV_FILE_VARIABLE = 'CLAUDE_ENV_FILE';

/** Read by the permission analysis or the sandbox from agentcli's own environment. */
const ANALYSED_NAMES = new Set(['HOME', 'XDG_CONFIG_HOME', 'TMPDIR', 'SHELL', ENV_FILE_VARIABLE, 'CLAUDE_PROJECT_DIR']);

export type ParsedEnvFile = {
  readonly variables: Readonly<Record<string, string>>;
  /** One line each: what was skipped and why. */
  readonly problems: readonly string[];
};

export function sessionEnvFilePath(configDir: string, sessionId: string): string {
  return path.join(configDir, 'session-env', sessionId.replace(/[^A-Za-z0-9_.-]/g, '_'), 'env.sh');
}

/** Why a variable may not be set through the file, or undefined. */
export function refusedEnvName(name: string): string | undefined {
  if (ANALYSED_NAMES.has(name)) return 'the permission analysis and the sandbox rely on its value';
  if (name.toUpperCase().startsWith('AGENTCLI')) return 'it is agentcli\'s own';
  if (isExecCapableVariable(name)) return 'it makes programs run code the command does not show (shell commands never get it)';
  return undefined;
}

const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

export function parseEnvFile(text: string, inherited: NodeJS.ProcessEnv): ParsedEnvFile {
  const variables: Record<string, string> = {};
  const problems: string[] = [];
  const lookup = (name: string): string => variables[name] ?? inherited[name] ?? '';
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `line ${index + 1}`;
    const match = ASSIGNMENT.exec(line);
    if (!match) {
      problems.push(`${where}: not an \`export NAME=value\` line, skipped`);
      return;
    }
    const name = match[1]!;
    const refused = refusedEnvName(name);
    if (refused) {
      problems.push(`${where}: ${name} is not set this way (${refused})`);
      return;
    }
    const value = parseValue(match[2]!, lookup);
    if (value === undefined) {
      problems.push(`${where}: the value of ${name} is more than quoted text and $NAME references, skipped`);
      return;
    }
    if (name === 'PATH') {
      // A relative entry (`bin`, `.`, an empty one) names a folder under whatever directory a command runs in.
      const entries = value.split(path.delimiter);
      const kept = entries.filter((entry) => path.isAbsolute(entry));
      if (kept.length < entries.length) problems.push(`${where}: PATH entries that are not absolute were left out`);
      variables[name] = kept.join(path.delimiter);
      return;
    }
    variables[name] = value;
  });
  return { variables, problems };
}

// No `~`: bash expands it in an assignment (at the start and after `:`), and we do not.
const PLAIN = /[A-Za-z0-9_./:@%+,=-]/;
const REFERENCE = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/;

/** The value's text, or undefined when it holds anything beyond quoting and plain references. */
function parseValue(source: string, lookup: (name: string) => string): string | undefined {
  let value = '';
  let at = 0;
  const reference = (): boolean => {
    const match = REFERENCE.exec(source.slice(at));
    if (!match) return false;
    value += lookup(match[1] ?? match[2]!);
    at += match[0].length;
    return true;
  };
  while (at < source.length) {
    const char = source[at]!;
    if (char === "'") {
      const end = source.indexOf("'", at + 1);
      if (end < 0) return undefined;
      value += source.slice(at + 1, end);
      at = end + 1;
    } else if (char === '"') {
      at++;
      for (;;) {
        const inner = source[at];
        if (inner === undefined) return undefined;
        if (inner === '"') break;
        if (inner === '\\' && source[at + 1] !== undefined && '"\\$`'.includes(source[at + 1]!)) {
          value += source[at + 1];
          at += 2;
        } else if (inner === '$') {
          if (!reference()) return undefined;
        } else if (inner === '`' || inner === '\\') {
          return undefined;
        } else {
          value += inner;
          at++;
        }
      }
      at++;
    } else if (char === '$') {
      if (!reference()) return undefined;
    } else if (PLAIN.test(char)) {
      value += char;
      at++;
    } else {
      return undefined;
    }
  }
  return value;
}

/**
 * The session's file: created empty (and its folder private) when the
 * session first offers it to hooks, read before each shell command.
 */
export class SessionEnvFile {
  private prepared: Promise<boolean> | undefined;
  private lastText: string | undefined;
  private lastParsed: ParsedEnvFile = { variables: {}, problems: [] };
  private onProblem: (message: string) => void = () => undefined;

  constructor(
    readonly file: string,
    private readonly options: {
      /** The working directories now: the file must be outside every one. */
      readonly workingDirectories: () => readonly string[];
      readonly inherited?: NodeJS.ProcessEnv;
    },
  ) {}

  /** Where skipped lines and a file that cannot be offered are reported (the front end's warnings). */
  reportProblemsTo(listener: (message: string) => void): void {
    this.onProblem = listener;
  }

  /** The path to give hooks, or undefined when it cannot be offered safely. */
  async forHooks(): Promise<string | undefined> {
    this.prepared ??= this.prepare();
    return (await this.prepared) ? this.file : undefined;
  }

  /** The variables the file sets now (none before any hook was offered it). */
  async variables(): Promise<Readonly<Record<string, string>>> {
    if (!this.prepared || !(await this.prepared)) return {};
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return {};
    }
    if (text !== this.lastText) {
      this.lastText = text;
      this.lastParsed = parseEnvFile(text, this.options.inherited ?? process.env);
      if (this.lastParsed.problems.length > 0) this.onProblem(`${ENV_FILE_VARIABLE} (${this.file}): ${this.lastParsed.problems.join('; ')}`);
    }
    return this.lastParsed.variables;
  }

  private async prepare(): Promise<boolean> {
    const resolved = path.resolve(this.file);
    const inside = this.options.workingDirectories().find((dir) => resolved === dir || resolved.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep));
    if (inside) {
      this.onProblem(`${ENV_FILE_VARIABLE} is not offered to hooks: ${this.file} is inside the working directory ${inside}, where the model could write it`);
      return false;
    }
    try {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      // Empty at the start of each run: a resumed session's hooks write it again.
      await writeFile(this.file, '', { mode: 0o600 });
      return true;
    } catch (error) {
      this.onProblem(`${ENV_FILE_VARIABLE} is not offered to hooks: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
