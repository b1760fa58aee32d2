// A skill's allowed-tools, granted when the model loads it, hold for the rest of that user turn
// and end with it: the next prompt in the same session is asked (headless: denied) again.
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createSession } from '../../src/app/createSession.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

let server: FakeAnthropicServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) => access(file).then(() => true, () => false);

describe('a skill grant is scoped to the turn', () => {
  it('holds after the Skill call in the same turn and is gone in the next', async () => {
    server = await startFakeAnthropic({
      script: [
        turn(toolUse('Skill', { skill: 'marker' })),
        turn(toolUse('Bash', { command: 'touch first.txt' })),
        endTurn('marked'),
        turn(toolUse('Bash', { command: 'touch second.txt' })),
        endTurn('not marked'),
      ],
    });
    const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-skillturn-config-'));
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-skillturn-cwd-'));
    dirs.push(configDir, cwd);
    await mkdir(path.join(configDir, 'skills', 'marker'), { recursive: true });
    await writeFile(path.join(configDir, 'skills', 'marker', 'SKILL.md'), '---\ndescription: Marks files\nallowed-tools: Bash(touch:*)\n---\nTouch the files.');
    const session = await createSession({
      cwd,
      env: { AGENTCLI_CONFIG_DIR: configDir, ANTHROPIC_API_KEY: 'k' },
      isInteractive: false,
      isTrusted: true,
      allowedTools: ['Skill'],
      baseTools: [BashTool],
      modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
    });
    const owner = new ConversationSession({ session, persist: false });
    for (const prompt of ['mark it', 'mark it again']) {
      const run = owner.submit(prompt, { signal: new AbortController().signal });
      let step = await run.next();
      while (!step.done) step = await run.next();
    }
    expect(await exists(path.join(cwd, 'first.txt'))).toBe(true);
    expect(await exists(path.join(cwd, 'second.txt'))).toBe(false);
    expect(toolResultText(lastToolResults(server.requests[4]!)[0]!)).toMatch(/permission/i);
  });
});
