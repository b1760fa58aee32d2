// Built-in command names, the same in every front end (src/app/commandCatalog.ts, src/app/inputInterpreter.ts):
// - the user's own command named like a built-in (.claude/commands/review.md against /review, or model.md against
//   the REPL's /model) is the one that runs — in the REPL, headless -p and an ACP editor alike;
// - another front end's built-in (/model in an editor) is refused with one sentence, as -p refuses it, and nothing
//   reaches the model.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { createCommandCatalog } from '../../src/app/commandCatalog.js';
import { interpretInput, PROGRAM_INPUT, REPL_INPUT } from '../../src/app/inputInterpreter.js';
import type { CustomCommand } from '../../src/commands/custom/customCommands.js';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn } from '../support/scenario.js';
import { runCli, tempDir } from '../support/runCli.js';
import { startAcpClient, type AcpTestClient } from '../acp/acpHarness.js';
import { startReplFixture, type ReplFixture } from '../ui/support/replFixture.js';

let server: FakeAnthropicServer | undefined;
let acp: AcpTestClient | undefined;
let repl: ReplFixture | undefined;
afterEach(async () => {
  await acp?.close();
  acp = undefined;
  await repl?.close();
  repl = undefined;
  await server?.close();
  server = undefined;
});

const REVIEW_TEMPLATE = 'Our own review checklist for $ARGUMENTS';
const MODEL_TEMPLATE = 'Our own model notes about $ARGUMENTS';

async function projectWithOwnCommands(): Promise<{ cwd: string; configDir: string }> {
  const cwd = await tempDir('agentcli-builtin-names-');
  const configDir = await tempDir('agentcli-builtin-names-config-');
  await mkdir(path.join(cwd, '.claude', 'commands'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'commands', 'review.md'), `---\ndescription: Our review\n---\n${REVIEW_TEMPLATE}`);
  await writeFile(path.join(cwd, '.claude', 'commands', 'model.md'), `---\ndescription: Our model notes\n---\n${MODEL_TEMPLATE}`);
  await writeFile(path.join(cwd, '.claude', 'commands', 'init.md'), '---\ndescription: Our init\n---\nOur own init');
  return { cwd, configDir };
}

function env(url: string, configDir: string): Record<string, string> {
  return { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' };
}

function firstPrompt(): string {
  return JSON.stringify(server!.requests[0]?.body.messages[0]?.content ?? '');
}

function ownCommand(name: string): CustomCommand {
  const expand = async () => ({ type: 'prompt' as const, prompt: `own ${name}` });
  return { name, description: `own ${name}`, source: 'project', expand, run: expand };
}

describe('the command catalog: the user\'s own command shadows a built-in of its name', () => {
  it('in every front end\'s share, the own /review and /model are found, not the built-ins, and nothing is "elsewhere"', () => {
    for (const frontEnd of ['repl', 'headless', 'acp'] as const) {
      const catalog = createCommandCatalog(frontEnd, [ownCommand('review'), ownCommand('model')]);
      const abilities = frontEnd === 'repl' ? REPL_INPUT : PROGRAM_INPUT;
      expect(interpretInput('/review x', catalog, abilities).kind, frontEnd).toBe('custom');
      expect(interpretInput('/model x', catalog, abilities).kind, frontEnd).toBe('custom');
      expect(catalog.elsewhere('model'), frontEnd).toBeUndefined();
      expect(catalog.registry.all().filter((command) => command.name === 'review'), frontEnd).toHaveLength(1);
    }
  });

  it('without an own command of that name the built-ins keep their names', () => {
    const catalog = createCommandCatalog('headless', []);
    expect(interpretInput('/review', catalog, PROGRAM_INPUT).kind).toBe('builtin');
    expect(interpretInput('/model opus', catalog, PROGRAM_INPUT).kind).toBe('elsewhere');
  });
});

describe('front ends: own commands win, other front ends\' built-ins are refused alike', () => {
  it('REPL: /review and /model run the project\'s own commands', async () => {
    repl = await startReplFixture({
      script: [endTurn('reviewed'), endTurn('noted')],
      files: { '.claude/commands/review.md': REVIEW_TEMPLATE, '.claude/commands/model.md': MODEL_TEMPLATE },
    });
    await repl.submit('/review src');
    await repl.terminal.waitFor('reviewed');
    expect(JSON.stringify(repl.server.requests[0]!.body.messages.at(-1).content)).toContain('Our own review checklist for src');
    await repl.submit('/model opus');
    await repl.terminal.waitFor('noted');
    expect(JSON.stringify(repl.server.requests[1]!.body.messages.at(-1).content)).toContain('Our own model notes about opus');
  });

  it('headless -p: /review and /model run the project\'s own commands', async () => {
    const folders = await projectWithOwnCommands();
    server = await startFakeAnthropic({ script: [endTurn('reviewed')] });
    const review = await runCli(['-p', '/review src'], { cwd: folders.cwd, env: env(server.url, folders.configDir) });
    expect(review.code).toBe(0);
    expect(firstPrompt()).toContain('Our own review checklist for src');
    await server.close();
    server = await startFakeAnthropic({ script: [endTurn('noted')] });
    const model = await runCli(['-p', '/model opus'], { cwd: folders.cwd, env: env(server.url, folders.configDir) });
    expect(model.code).toBe(0);
    expect(firstPrompt()).toContain('Our own model notes about opus');
  });

  it('ACP: /review and /model run the project\'s own commands, and the editor is offered the own /review', async () => {
    const folders = await projectWithOwnCommands();
    server = await startFakeAnthropic({ script: [endTurn('reviewed'), endTurn('noted')] });
    acp = await startAcpClient({ cwd: folders.cwd, env: env(server.url, folders.configDir) });
    const { sessionId } = await acp.agent.request('session/new', { cwd: folders.cwd, mcpServers: [] });
    const update = await acp.waitForUpdate((candidate) => candidate.sessionUpdate === 'available_commands_update');
    const offered = update.sessionUpdate === 'available_commands_update' ? update.availableCommands : [];
    expect(offered.filter((command) => command.name === 'review').map((command) => command.description)).toEqual([expect.stringContaining('Our review')]);
    // /init is an ACP built-in: the editor is offered it once, as the project's own.
    expect(offered.filter((command) => command.name === 'init').map((command) => command.description)).toEqual([expect.stringContaining('Our init')]);
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/review src' }] });
    expect(firstPrompt()).toContain('Our own review checklist for src');
    await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/model opus' }] });
    expect(JSON.stringify(server.requests[1]?.body.messages.at(-1).content)).toContain('Our own model notes about opus');
  });

  it('ACP: another front end\'s built-in (/model) is answered with the sentence -p gives, and nothing reaches the model', async () => {
    const cwd = await tempDir('agentcli-builtin-refused-');
    const configDir = await tempDir('agentcli-builtin-refused-config-');
    server = await startFakeAnthropic({ script: [endTurn('never')] });
    acp = await startAcpClient({ cwd, env: env(server.url, configDir) });
    const { sessionId } = await acp.agent.request('session/new', { cwd, mcpServers: [] });
    const { stopReason } = await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/model opus' }] });
    expect(stopReason).toBe('end_turn');
    expect(server.requests).toHaveLength(0);
    const said = acp
      .updatesOf(sessionId)
      .map((update: SessionUpdate) => (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text' ? update.content.text : ''))
      .join('');
    expect(said).toMatch(/^\/model is a command of the interactive REPL; it does not run in an editor session/);

    // The same line -p gives, but for where it was sent.
    const headless = await runCli(['-p', '/model opus'], { cwd, env: env(server.url, configDir) });
    expect(headless.stderr).toBe('agentcli: /model is a command of the interactive REPL; it does not run with -p.\n');
    expect(server.requests).toHaveLength(0);
  });
});
