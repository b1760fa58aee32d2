// --plugin-dir through the real Agent SDK (its `plugins` option): the plugin's command expands,
// its skill is listed, and system/init names the plugin.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { ALPHA_FILES, BETA_FILES, pluginFolder } from '../plugins/pluginFixtures.js';
import { endTurn } from '../support/scenario.js';
import { collect, startSdkRig, type SdkRig } from './sdkHarness.js';

/** Spawns agentcli as the SDK asks, keeping each command line for the test to read. */
function recordingSpawn(argvs: string[][]): Options['spawnClaudeCodeProcess'] {
  return (options) => {
    argvs.push(options.args);
    return spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal });
  };
}

const offeredTools = (rig: SdkRig): string[] => rig.server.requests[0]!.body.tools.map((definition: { name: string }) => definition.name);

let rig: SdkRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('plugins through the Agent SDK', () => {
  it('plugins: [{type: "local", path}] loads the plugin for the session', async () => {
    const dir = await pluginFolder(ALPHA_FILES);
    rig = await startSdkRig([endTurn('Hello from the plugin.')]);
    const messages: SDKMessage[] = [];
    for await (const message of rig.run('/alpha:hello sdk', { plugins: [{ type: 'local', path: dir }] })) messages.push(message);
    const init = messages.find((message) => message.type === 'system' && message.subtype === 'init');
    expect(init).toMatchObject({ plugins: [{ name: 'alpha', path: dir }], skills: ['alpha:tidy'] });
    expect(init && 'slash_commands' in init ? init.slash_commands : []).toEqual(expect.arrayContaining(['alpha:hello', 'alpha:tidy']));
    expect(JSON.stringify(rig.server.requests[0]!.body.messages)).toContain(`ALPHA-COMMAND from ${dir} for sdk`);
    expect(messages.at(-1)).toMatchObject({ type: 'result', result: 'Hello from the plugin.' });
  });

  it("pluginDelivery 'initialize': the plugin comes in the initialize request, not on the command line, and is loaded (plugins_applied)", async () => {
    const dir = await pluginFolder(ALPHA_FILES);
    rig = await startSdkRig([endTurn('Hello from the plugin.')]);
    const argvs: string[][] = [];
    const run = rig.run('/alpha:hello init', { plugins: [{ type: 'local', path: dir }], pluginDelivery: 'initialize', spawnClaudeCodeProcess: recordingSpawn(argvs) });
    const messages = await collect(run);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Hello from the plugin.' });
    expect((await run.initializationResult()).plugins_applied).toBe(true);
    expect(argvs[0]).toContain('--await-initialize');
    expect(argvs[0]!.join(' ')).not.toContain(dir);
    expect(messages.find((message) => message.type === 'system' && message.subtype === 'init')).toMatchObject({ plugins: [{ name: 'alpha', path: dir }] });
    expect(JSON.stringify(rig.server.requests[0]!.body.messages)).toContain(`ALPHA-COMMAND from ${dir} for init`);
  });

  it('a plugin folder that does not load reads plugins_applied: false', async () => {
    const missing = `${await pluginFolder({})}/nothing-here`;
    rig = await startSdkRig([endTurn('ok')]);
    const run = rig.run('hi', { plugins: [{ type: 'local', path: missing }], pluginDelivery: 'initialize' });
    await collect(run);
    expect((await run.initializationResult()).plugins_applied).toBe(false);
  });

  it.each([
    ['argv', '--plugin-dir-no-mcp'],
    ['initialize', '--await-initialize'],
  ] as const)('skipMcpDiscovery (%s): the plugin loads but its MCP servers do not start; without it they do', async (delivery, flag) => {
    const dir = await pluginFolder(BETA_FILES);
    rig = await startSdkRig([endTurn('one'), endTurn('two')]);
    const argvs: string[][] = [];
    // The server would run in the OS sandbox, whose /tmp is private: the plugin's folder is made visible.
    const visible = { additionalDirectories: [dir] };
    const skipped = rig.run('hi', { ...visible, plugins: [{ type: 'local', path: dir, skipMcpDiscovery: true }], pluginDelivery: delivery, spawnClaudeCodeProcess: recordingSpawn(argvs) });
    const messages = await collect(skipped);
    expect(argvs[0]!.join(' ')).toContain(flag);
    expect(messages.find((message) => message.type === 'system' && message.subtype === 'init')).toMatchObject({ plugins: [{ name: 'beta', path: dir }] });
    expect(offeredTools(rig).filter((name) => name.startsWith('mcp__'))).toEqual([]);
    const withServers = await collect(rig.run('hi', { ...visible, plugins: [{ type: 'local', path: dir }], pluginDelivery: delivery }));
    expect(withServers.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    const second = rig.server.requests[1]!.body.tools.map((definition: { name: string }) => definition.name);
    expect(second.some((name: string) => name.startsWith('mcp__beta-tools__'))).toBe(true);
  });
});
