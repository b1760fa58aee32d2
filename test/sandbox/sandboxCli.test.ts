// The sandbox from the command line: --sandbox in any mode, what the model is told when a
// sandboxed command fails, the one start-up line when bwrap cannot run, and refusal to start
// with sandbox.failIfUnavailable.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { sandboxAvailability } from './sandboxHarness.js';

const availability = await sandboxAvailability();
/** Each test starts the built CLI (several times): generous on a loaded 2-core machine. */
const CLI_TIMEOUT_MS = 60_000;
vi.setConfig({ testTimeout: 150_000 });

let server: FakeAnthropicServer | undefined;
let cwd: string;
let configDir: string;
beforeEach(async () => {
  cwd = await tempDir('agentcli-sandbox-cli-');
  configDir = await tempDir('agentcli-sandbox-cli-config-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function headless(script: ScriptedTurn[], args: string[], env: Record<string, string> = {}) {
  server = await startFakeAnthropic({ script });
  return runCli(['-p', 'go', '--output-format', 'stream-json', '--verbose', ...args], {
    cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5', ...env },
    timeoutMs: CLI_TIMEOUT_MS,
  });
}

function toolResults(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; message?: { content?: unknown } })
    .filter((event) => event.type === 'user')
    .flatMap((event) => (Array.isArray(event.message?.content) ? event.message.content : []))
    .map((block: { content?: unknown }) => (typeof block.content === 'string' ? block.content : JSON.stringify(block.content)));
}

describe.skipIf(!availability.available)('--sandbox', () => {
  it('runs Bash in the sandbox in default mode too, and a failure tells the model where the walls are', async () => {
    const script = [turn(toolUse('Bash', { command: `echo "sandbox=$AGENTCLI_SANDBOX"; python3 -c "open('/usr/agentcli-probe', 'w')"` })), endTurn('done')];
    const run = await headless(script, ['--sandbox', '--allowedTools', 'Bash']);
    expect(run.code).toBe(0);
    const [result] = toolResults(run.stdout);
    expect(result).toContain('sandbox=1');
    expect(result).toMatch(/Read-only file system/);
    // Nobody to ask in a headless run: the failure says the sandbox refused it, and how to allow it.
    expect(result).toContain('The sandbox refused a write (read-only file system)');
    expect(result).toContain('Nobody here can approve running it outside the sandbox');
  });
});

describe('bwrap unavailable', () => {
  const brokenBwrap = { AGENTCLI_BWRAP: '/nonexistent/bwrap' };

  it('bypassPermissions: one line at start says why and how to enable it; commands run unsandboxed', async () => {
    const script = [turn(toolUse('Bash', { command: 'echo "sandbox=$AGENTCLI_SANDBOX"' })), endTurn('done')];
    const run = await headless(script, ['--permission-mode', 'bypassPermissions'], brokenBwrap);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'agentcli: the Bash sandbox is unavailable (bubblewrap (bwrap) is not installed), so commands run unsandboxed. ' +
        'To enable it: install it (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap); set sandbox.failIfUnavailable to refuse instead.\n',
    );
    expect(toolResults(run.stdout)[0]).toBe('sandbox=');
  });

  it('default mode says so too: the sandbox is on in every mode', async () => {
    const run = await headless([endTurn('hi')], [], brokenBwrap);
    expect(run.stderr).toMatch(/^agentcli: the Bash sandbox is unavailable \(bubblewrap \(bwrap\) is not installed\)/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('sandbox.enabled false: one warning line, whatever bwrap can do', async () => {
    await writeFile(path.join(configDir, 'settings.json'), '{"sandbox":{"enabled":false}}');
    const run = await headless([endTurn('hi')], [], brokenBwrap);
    expect(run.stderr).toBe('agentcli: the Bash sandbox is off (sandbox.enabled: false): commands run unsandboxed, and only commands the analyser fully understands run without asking.\n');
  });

  it('sandbox.failIfUnavailable: refuses to start, with one line and a non-zero exit', async () => {
    await writeFile(path.join(configDir, 'settings.json'), '{"sandbox":{"enabled":true,"failIfUnavailable":true}}');
    const run = await headless([endTurn('never')], [], brokenBwrap);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^agentcli: the Bash sandbox is required \(sandbox\.failIfUnavailable\) but unavailable: bubblewrap \(bwrap\) is not installed/);
    expect(server?.requests ?? []).toHaveLength(0);
  });
});

describe.skipIf(!availability.available)('agentcli permissions check with the sandbox', () => {
  const call = 'python3 -c "print(1)"';
  const check = (...args: string[]) => runCli(['permissions', 'check', call, ...args], { cwd, env: { AGENTCLI_CONFIG_DIR: configDir }, timeoutMs: CLI_TIMEOUT_MS });

  it('bypassPermissions: the sandbox enforces a Read deny, so inline code runs', async () => {
    const run = await check('--mode', 'bypassPermissions', '--disallowedTools', 'Read(./.env)');
    expect(run.stdout).toMatch(/^ALLOW {2}Bash/);
    expect(run.stdout).toContain('sandbox: on — it enforces every deny and ask rule a command could run into');
  });

  it('a deny the sandbox cannot hold keeps the question, and says which', async () => {
    const run = await check('--mode', 'bypassPermissions', '--disallowedTools', 'Read(./.env)', 'Bash(rm:*)');
    expect(run.stdout).toMatch(/^ASK {2}Bash/);
    expect(run.stdout).toContain('sandbox: on — rules it cannot enforce keep the analysis in force: Bash(rm:*)');
  });

  it('default mode: on by default; sandbox.enabled false turns it off and the question comes back', async () => {
    const on = await check('--allowedTools', 'Bash(python3:*)', '--disallowedTools', 'Read(./.env)');
    expect(on.stdout).toMatch(/^ALLOW {2}Bash/);
    await writeFile(path.join(configDir, 'settings.json'), '{"sandbox":{"enabled":false}}');
    const off = await check('--allowedTools', 'Bash(python3:*)', '--disallowedTools', 'Read(./.env)');
    expect(off.stdout).toMatch(/^ASK {2}Bash/);
    expect(off.stdout).toContain('sandbox: off');
  });
});
