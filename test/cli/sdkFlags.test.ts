// The flags the Claude Agent SDK passes (issue 17), each judged end to end on the built CLI against the fake server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn } from '../support/scenario.js';
import { runCli, tempDir } from '../support/runCli.js';

let server: FakeAnthropicServer | undefined;
let cwd: string;
let configDir: string;

beforeEach(async () => {
  cwd = await tempDir('agentcli-cwd-');
  configDir = await tempDir('agentcli-config-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function headless(script: ScriptedTurn[], args: string[]) {
  server = await startFakeAnthropic({ script });
  return runCli(args, {
    cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
  });
}

function systemText(request: { body: { system: Array<{ text: string }> } }): string {
  return request.body.system.map((block) => block.text).join('\n');
}

function offeredTools(): string[] {
  return (server!.requests[0]!.body.tools ?? []).map((tool: { name: string }) => tool.name);
}

describe('--system-prompt', () => {
  it('replaces the built-in instructions; the environment facts and --append-system-prompt still follow', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--system-prompt=You are a pirate.', '--append-system-prompt', 'Say arr.']);
    expect(run.code).toBe(0);
    const system = systemText(server!.requests[0]!);
    expect(system.startsWith('You are a pirate.')).toBe(true);
    expect(system).not.toContain('You are agentcli');
    expect(system).toContain(`Working directory: ${cwd}`);
    expect(system.trimEnd().endsWith('Say arr.')).toBe(true);
  });

  it('without it the built-in instructions are sent', async () => {
    await headless([endTurn('ok')], ['-p', 'hi']);
    expect(systemText(server!.requests[0]!)).toContain('You are agentcli');
  });
});

describe('--tools', () => {
  it('a list offers the model only those built-ins (the SDK joins names with commas)', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--tools=Read,Grep']);
    expect(run.code).toBe(0);
    expect(offeredTools()).toEqual(['Grep', 'Read']);
  });

  it('"" offers no tools at all', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--tools', '']);
    expect(run.code).toBe(0);
    expect(offeredTools()).toEqual([]);
  });

  it('"default" offers every built-in', async () => {
    await headless([endTurn('ok')], ['-p', 'hi', '--tools=default']);
    expect(offeredTools()).toEqual(expect.arrayContaining(['Bash', 'Edit', 'Read', 'Write', 'Agent']));
  });

  it('a name agentcli lacks is a warning, not a failure', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--tools=Read,NoSuchTool']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('--tools: no built-in tool named NoSuchTool');
    expect(offeredTools()).toEqual(['Read']);
  });
});
