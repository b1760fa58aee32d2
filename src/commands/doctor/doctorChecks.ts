/**
 * `/doctor`'s checks: each looks at one thing a session depends on and says
 * in one line whether it is fine and, when not, what to do. They run
 * concurrently; each has its own short time limit, so a dead network or a
 * hung program cannot hold up the report. Every outside dependency (the
 * environment, the terminal, the sandbox probe, ripgrep) is passed in, so
 * the checks are tested with fakes and a real loopback server.
 */
import { execFile } from 'node:child_process';
import { loadMemorySources } from '../../context/memoryFiles.js';
import { findRepositoryRoot, loadPermissionRules } from '../../permissions/loadPermissionRules.js';
import { formatRuleFileError } from '../../permissions/rules/ruleSet.js';
import type { SandboxAvailability } from '../../sandbox/bwrapAvailability.js';
import { loadMcpConfig } from '../../services/mcp/loadMcpConfig.js';
import type { McpServerView } from '../../services/mcp/types.js';
import { loadDisplaySettings } from '../../settings/displaySettings.js';
import type { SettingsSelection } from '../../settings/settingsFiles.js';
import { readSettingsSnapshot } from '../../settings/settingsSnapshot.js';
import { errorMessageOf } from '../../utils/errors.js';

export type CheckVerdict = 'ok' | 'warn' | 'fail';

export type DoctorCheck = {
  readonly name: string;
  readonly verdict: CheckVerdict;
  readonly detail: string;
  /** What to do about it (absent when nothing needs doing). */
  readonly fix?: string;
};

export type TerminalFacts = {
  readonly isTTY: boolean;
  readonly columns: number | undefined;
  readonly rows: number | undefined;
  /** Bits of colour the terminal claims (1, 4, 8 or 24), as Node's tty.getColorDepth says. */
  readonly colorDepth: number | undefined;
};

/** A front end with no terminal UI of its own (headless -p, an ACP editor): the terminal check does not apply. */
export type NoTerminal = { readonly notApplicable: string };

export type DoctorInputs = {
  readonly env: NodeJS.ProcessEnv;
  readonly settings: SettingsSelection;
  readonly terminal: TerminalFacts | NoTerminal;
  readonly probeSandbox: () => Promise<SandboxAvailability>;
  readonly ripgrepPath: () => Promise<string>;
  /** The session's MCP servers as /mcp shows them (absent: none configured). */
  readonly mcpServers: readonly McpServerView[] | undefined;
  /** Each check's time limit; the API request is the one that usually needs it. */
  readonly timeoutMs?: number;
};

export const DEFAULT_API_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_TIMEOUT_MS = 3_000;
const ANTHROPIC_VERSION = '2023-06-01';

export async function runDoctorChecks(inputs: DoctorInputs): Promise<DoctorCheck[]> {
  const timeoutMs = inputs.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const guarded = (name: string, check: () => Promise<DoctorCheck>): Promise<DoctorCheck> =>
    withTimeout<DoctorCheck>(check(), timeoutMs + 500, { name, verdict: 'fail', detail: `no answer within ${timeoutMs + 500} ms` }).catch((error: unknown) => ({
      name,
      verdict: 'fail' as const,
      detail: `the check itself failed: ${errorMessageOf(error)}`,
    }));
  return Promise.all([
    guarded('API', () => checkApiReachable(inputs.env, timeoutMs)),
    guarded('API key', () => checkKeySource(inputs.env, inputs.settings)),
    guarded('Sandbox', () => checkSandbox(inputs.probeSandbox)),
    guarded('ripgrep', () => checkRipgrep(inputs.ripgrepPath, timeoutMs)),
    guarded('Config files', () => checkConfigFiles(inputs.settings, inputs.env)),
    guarded('MCP servers', () => Promise.resolve(checkMcpServers(inputs.mcpServers))),
    guarded('Terminal', () => Promise.resolve(checkTerminal(inputs.env, inputs.terminal))),
  ]);
}

const MARKS: Record<CheckVerdict, string> = { ok: '✓', warn: '!', fail: '✗' };

/** One line per check (`✓ API  reachable …`), the fix indented under a check that is not fine. */
export function formatDoctorReport(checks: readonly DoctorCheck[]): string {
  const width = Math.max(...checks.map((check) => check.name.length));
  const lines = checks.flatMap((check) => [
    `${MARKS[check.verdict]} ${check.name.padEnd(width)}  ${check.detail}`,
    ...(check.fix && check.verdict !== 'ok' ? [`  ${' '.repeat(width)}  → ${check.fix}`] : []),
  ]);
  const failed = checks.filter((check) => check.verdict === 'fail').length;
  const warned = checks.filter((check) => check.verdict === 'warn').length;
  const summary = failed + warned === 0 ? 'Everything looks fine.' : `${failed} problem${failed === 1 ? '' : 's'}, ${warned} warning${warned === 1 ? '' : 's'}.`;
  return [...lines, '', summary].join('\n');
}

/**
 * Any HTTP answer from the models endpoint means the server is reachable;
 * 401/403 means it is, but refuses the key. An Anthropic-compatible server
 * without a models endpoint answers 404, which is still reachable.
 */
export async function checkApiReachable(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<DoctorCheck> {
  const base = (env.ANTHROPIC_BASE_URL || DEFAULT_API_BASE_URL).replace(/\/+$/, '');
  const url = `${base}/v1/models?limit=1`;
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (env.ANTHROPIC_API_KEY) headers['x-api-key'] = env.ANTHROPIC_API_KEY;
  else if (env.ANTHROPIC_AUTH_TOKEN) headers['authorization'] = `Bearer ${env.ANTHROPIC_AUTH_TOKEN}`;
  const started = Date.now();
  let status: number;
  try {
    const response = await fetch(url, { method: 'GET', headers, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : errorMessageOf(error);
    return {
      name: 'API',
      verdict: 'fail',
      detail: timedOut ? `${base} did not answer within ${timeoutMs} ms` : `cannot reach ${base} (${cause})`,
      fix: env.ANTHROPIC_BASE_URL ? 'check that the server at ANTHROPIC_BASE_URL is running, or unset it' : 'check the network connection and any proxy (HTTPS_PROXY)',
    };
  }
  const elapsed = Date.now() - started;
  if (status === 401 || status === 403) {
    return { name: 'API', verdict: 'fail', detail: `${base} is reachable but refused the key (HTTP ${status})`, fix: 'check ANTHROPIC_API_KEY: it may be mistyped, revoked or for another organisation' };
  }
  if (status >= 500) return { name: 'API', verdict: 'warn', detail: `${base} answered HTTP ${status} (${elapsed} ms): the service has trouble`, fix: 'try again in a minute; agentcli retries such answers itself' };
  return { name: 'API', verdict: 'ok', detail: `${base} reachable (HTTP ${status}, ${elapsed} ms)` };
}

export async function checkKeySource(env: NodeJS.ProcessEnv, settings: SettingsSelection): Promise<DoctorCheck> {
  const helper = (await readSettingsSnapshot(settings)).objects.find((layer) => typeof layer.values['apiKeyHelper'] === 'string');
  const helperNote = helper ? ` (apiKeyHelper in ${helper.file} is not used: agentcli reads the key from the environment)` : '';
  if (env.ANTHROPIC_API_KEY) return { name: 'API key', verdict: 'ok', detail: `ANTHROPIC_API_KEY from the environment (${maskSecret(env.ANTHROPIC_API_KEY)})${helperNote}` };
  if (env.ANTHROPIC_AUTH_TOKEN) return { name: 'API key', verdict: 'ok', detail: `ANTHROPIC_AUTH_TOKEN from the environment, sent as a bearer token (${maskSecret(env.ANTHROPIC_AUTH_TOKEN)})${helperNote}` };
  if (env.ANTHROPIC_BASE_URL) {
    return { name: 'API key', verdict: 'warn', detail: `none: requests to ${env.ANTHROPIC_BASE_URL} carry no key${helperNote}`, fix: 'fine for a local server that needs none; otherwise export ANTHROPIC_API_KEY' };
  }
  return { name: 'API key', verdict: 'fail', detail: `none${helperNote}`, fix: 'export ANTHROPIC_API_KEY=… (or ANTHROPIC_AUTH_TOKEN, or ANTHROPIC_BASE_URL for a compatible server)' };
}

/** The last four characters only: enough to tell two keys apart, never enough to use one. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '…' : `…${secret.slice(-4)}`;
}

export async function checkSandbox(probe: () => Promise<SandboxAvailability>): Promise<DoctorCheck> {
  const availability = await probe();
  if (availability.available) {
    const engine = availability.engine === 'seatbelt' ? 'Seatbelt (sandbox-exec)' : `bubblewrap (${availability.bwrap})`;
    return { name: 'Sandbox', verdict: 'ok', detail: `${engine} builds the Bash sandbox` };
  }
  return { name: 'Sandbox', verdict: 'fail', detail: `unavailable: ${availability.reason}`, fix: availability.howToEnable };
}

export async function checkRipgrep(findPath: () => Promise<string>, timeoutMs: number): Promise<DoctorCheck> {
  let rg: string;
  try {
    rg = await findPath();
  } catch (error) {
    return { name: 'ripgrep', verdict: 'fail', detail: `not found (${errorMessageOf(error)})`, fix: 'reinstall agentcli (npm install -g agentcli): ripgrep comes with it (@vscode/ripgrep)' };
  }
  return new Promise((resolve) => {
    execFile(rg, ['--version'], { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout) => {
      if (error) {
        resolve({ name: 'ripgrep', verdict: 'fail', detail: `${rg} does not run (${error.message.split('\n')[0] ?? ''})`, fix: 'reinstall agentcli; Grep, Glob and @ completion need ripgrep' });
        return;
      }
      resolve({ name: 'ripgrep', verdict: 'ok', detail: `${stdout.split('\n')[0]?.trim() ?? 'ripgrep'} (${rg})` });
    });
  });
}

/**
 * Every settings file, the CLAUDE.md files' rule lines and `.mcp.json`,
 * read as a session start reads them: each problem with its file and line.
 */
export async function checkConfigFiles(selection: SettingsSelection, env: NodeJS.ProcessEnv): Promise<DoctorCheck> {
  const problems: string[] = [];
  const settings = await readSettingsSnapshot(selection);
  const [rules, display] = await Promise.all([
    loadPermissionRules({
      ...settings,
      allowedTools: [],
      disallowedTools: [],
      memoryFiles: loadMemorySources({ cwd: settings.cwd, projectRoot: findRepositoryRoot(settings.cwd), configDir: settings.configDir, ...(settings.settingSources ? { settingSources: settings.settingSources } : {}) }),
    }),
    loadDisplaySettings(settings),
  ]);
  problems.push(...rules.errors.map(formatRuleFileError), ...display.warnings);
  try {
    await loadMcpConfig({ ...settings, isTrusted: true, env });
  } catch (error) {
    problems.push(errorMessageOf(error));
  }
  if (problems.length === 0) {
    const count = rules.files.length;
    return { name: 'Config files', verdict: 'ok', detail: count === 0 ? 'none found (nothing to check)' : `${count} file${count === 1 ? '' : 's'} valid: ${rules.files.join(', ')}` };
  }
  return {
    name: 'Config files',
    verdict: 'fail',
    detail: problems.length === 1 ? problems[0]! : `${problems.length} problems:\n${problems.map((problem) => `      ${problem}`).join('\n')}`,
    fix: 'fix the lines named; a file that cannot be parsed stops the session from starting',
  };
}

export function checkMcpServers(servers: readonly McpServerView[] | undefined): DoctorCheck {
  if (!servers || servers.length === 0) return { name: 'MCP servers', verdict: 'ok', detail: 'none configured' };
  const broken = servers.filter((server) => server.status === 'failed' || server.status === 'needs-auth');
  const describe = (server: McpServerView): string =>
    `${server.name} ${server.status}${server.status === 'connected' ? ` (${server.toolCount} tools)` : ''}${server.problem ? `: ${server.problem}` : ''}`;
  const detail = servers.map(describe).join(', ');
  if (broken.length === 0) return { name: 'MCP servers', verdict: servers.some((server) => server.status === 'pending') ? 'warn' : 'ok', detail };
  const needsAuth = broken.find((server) => server.status === 'needs-auth');
  return {
    name: 'MCP servers',
    verdict: 'fail',
    detail,
    fix: needsAuth ? `/mcp login ${needsAuth.name}` : `/mcp shows why and the end of its stderr; /mcp reconnect ${broken[0]!.name} tries again`,
  };
}

export function checkTerminal(env: NodeJS.ProcessEnv, terminal: TerminalFacts | NoTerminal): DoctorCheck {
  if ('notApplicable' in terminal) return { name: 'Terminal', verdict: 'ok', detail: `n/a (${terminal.notApplicable})` };
  const term = env.TERM || '(unset)';
  const colours = env.NO_COLOR ? 'colour off (NO_COLOR)' : describeColours(terminal.colorDepth);
  const size = terminal.columns && terminal.rows ? `${terminal.columns}×${terminal.rows}` : 'size unknown';
  const detail = `TERM=${term}, ${colours}, ${size}${terminal.isTTY ? '' : ', not a terminal'}`;
  if (!terminal.isTTY) return { name: 'Terminal', verdict: 'warn', detail, fix: 'the REPL needs a terminal; use -p for scripts' };
  if (env.TERM === 'dumb') return { name: 'Terminal', verdict: 'warn', detail, fix: 'TERM=dumb turns off cursor movement; set TERM=xterm-256color' };
  if ((terminal.columns ?? 80) < 60 || (terminal.rows ?? 24) < 15) return { name: 'Terminal', verdict: 'warn', detail, fix: 'dialogs and diffs need at least 60×15; enlarge the window' };
  return { name: 'Terminal', verdict: 'ok', detail };
}

function describeColours(depth: number | undefined): string {
  if (depth === undefined || depth <= 1) return 'no colour';
  if (depth >= 24) return 'true colour';
  return depth >= 8 ? '256 colours' : '16 colours';
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
