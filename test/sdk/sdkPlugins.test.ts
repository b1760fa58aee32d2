// --plugin-dir through the real Agent SDK (its `plugins` option): the plugin's command expands,
// its skill is listed, and system/init names the plugin.
import { afterEach, describe, expect, it } from 'vitest';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { ALPHA_FILES, pluginFolder } from '../plugins/pluginFixtures.js';
import { endTurn } from '../support/scenario.js';
import { startSdkRig, type SdkRig } from './sdkHarness.js';

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
});
