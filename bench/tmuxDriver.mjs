// A terminal for benchmarks: a private tmux server, its screen, and the CPU of what runs in it.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export const hasTmux = () => spawnSync('tmux', ['-V']).status === 0;

/** `env`: the whole environment of the programs started in it (tmux does not pass the caller's). */
export async function openTmux(name, env) {
  const socket = `agentcli-bench-${name}-${process.pid}`;
  const tmux = (...args) => run('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env, encoding: 'utf8' });
  await tmux('new-session', '-d', '-s', 'bench', '-x', '100', '-y', '30');
  const screen = async (target) => (await tmux('capture-pane', '-p', '-t', target)).stdout;
  return {
    tmux,
    screen,
    /** Polls the screen until `test` holds; returns performance.now() of that moment. */
    async waitFor(target, test, started, timeoutMs = 20_000) {
      for (;;) {
        const text = await screen(target);
        if (test(text)) return performance.now();
        if (performance.now() - started > timeoutMs) throw new Error(`timed out on ${target}:\n${text}`);
      }
    },
    async pidOf(target) {
      return Number((await tmux('display-message', '-p', '-t', target, '#{pane_pid}')).stdout.trim());
    },
    close: () => tmux('kill-server').catch(() => undefined),
  };
}

/** User + system CPU a process has used so far. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/**
 * What the REPL benches run in: a project folder with a 40-line notes.md (the file their model
 * reads), a config folder that already trusts it (no trust question), and the environment for
 * the REPL in tmux against the fake server at `serverUrl`.
 */
export function replBenchWorkspace(name, serverUrl) {
  const cwd = mkdtempSync(path.join(os.tmpdir(), `agentcli-bench-${name}-`));
  const configDir = mkdtempSync(path.join(os.tmpdir(), `agentcli-bench-${name}-config-`));
  writeFileSync(path.join(cwd, 'notes.md'), Array.from({ length: 40 }, (_, index) => `line ${index}: notes about the project`).join('\n'));
  writeFileSync(path.join(configDir, 'trusted-folders.json'), JSON.stringify([cwd]));
  return {
    cwd,
    configDir,
    env: {
      PATH: process.env.PATH,
      HOME: os.homedir(),
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: serverUrl,
      AGENTCLI_CONFIG_DIR: configDir,
    },
    remove() {
      rmSync(cwd, { recursive: true, force: true });
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
