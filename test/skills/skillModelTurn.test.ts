// A skill's `model`, loaded by the model through the Skill tool, holds for the rest of that user
// turn (as when the user runs /name): the loop's later requests name it; the next prompt is back
// on the session's model. Judged by the model id in the requests the fake server receives.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { resolveModelName } from '../../src/services/api/models.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createSession } from '../../src/app/createSession.js';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';

let server: FakeAnthropicServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("a skill's model when the model loads it", () => {
  it('the requests after the Skill call use the skill\'s model until the turn ends; the next turn uses the session\'s', async () => {
    server = await startFakeAnthropic({
      script: [turn(toolUse('Skill', { skill: 'quick' })), turn(toolUse('Read', { file_path: 'notes.txt' })), endTurn('done'), endTurn('next')],
    });
    const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-skillmodel-config-'));
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-skillmodel-cwd-'));
    dirs.push(configDir, cwd);
    await writeFile(path.join(cwd, 'notes.txt'), 'notes');
    await mkdir(path.join(configDir, 'skills', 'quick'), { recursive: true });
    await writeFile(path.join(configDir, 'skills', 'quick', 'SKILL.md'), '---\ndescription: Quick answers\nmodel: haiku\n---\nAnswer briefly.');
    const session = await createSession({
      cwd,
      model: 'claude-sonnet-4-5',
      env: { AGENTCLI_CONFIG_DIR: configDir, ANTHROPIC_API_KEY: 'k' },
      isInteractive: false,
      isTrusted: true,
      baseTools: [ReadTool],
      modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
    });
    const owner = new ConversationSession({ session, persist: false });
    for (const prompt of ['be quick', 'again']) {
      const run = owner.submit(prompt, { signal: new AbortController().signal });
      let step = await run.next();
      while (!step.done) step = await run.next();
    }
    const sessionModel = resolveModelName('claude-sonnet-4-5');
    const skillModel = resolveModelName('haiku');
    expect(skillModel).not.toBe(sessionModel);
    expect(server.requests.map((request) => request.body.model)).toEqual([sessionModel, skillModel, skillModel, sessionModel]);
    expect(owner.model).toBe(sessionModel);
  });
});
