// The real Agent SDK's file checkpointing against the built agentcli: enableFileCheckpointing,
// --replay-user-messages (the client learns each prompt's uuid) and Query.rewindFiles(), dry run and real.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { treeState } from '../support/fileTreeState.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { promptStream, startSdkRig, type SdkRig } from './sdkHarness.js';

let rig: SdkRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** Runs one prompt over an open stream and returns the uuid the replay gave it. */
async function runPrompts(rigNow: SdkRig, texts: readonly string[], options: Parameters<SdkRig['run']>[1]) {
  const prompts = promptStream();
  const run = rigNow.run(prompts.stream, options);
  const replayed: string[] = [];
  const messages: SDKMessage[] = [];
  let results = 0;
  let next = 0;
  const advance = (): void => {
    if (next < texts.length) prompts.push(texts[next++]!);
  };
  advance();
  const iterator = run[Symbol.asyncIterator]();
  const waitForResult = async (): Promise<void> => {
    for (;;) {
      const step = await iterator.next();
      if (step.done) throw new Error('the run ended early');
      messages.push(step.value);
      if (step.value.type === 'user' && 'isReplay' in step.value && step.value.isReplay && step.value.uuid) replayed.push(step.value.uuid);
      if (step.value.type === 'result') {
        results++;
        return;
      }
    }
  };
  for (let index = 0; index < texts.length; index++) {
    await waitForResult();
    advance();
  }
  return {
    run,
    replayed,
    messages,
    results: () => results,
    end: async () => {
      prompts.end();
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) messages.push(step.value);
    },
  };
}

describe('Agent SDK file checkpointing → agentcli', () => {
  it('rewindFiles(uuid) previews with dryRun, then restores the files a prompt changed with Write and Bash', async () => {
    rig = await startSdkRig([
      turn(toolUse('Write', { file_path: 'notes.md', content: 'one\ntwo\n' }), toolUse('Bash', { command: "sed -i 's/keep/changed/' kept.txt && rm gone.txt && chmod +x kept.txt" })),
      endTurn('first done'),
      turn(toolUse('Bash', { command: 'echo three >> notes.md' }, { id: 'toolu_second' })),
      endTurn('second done'),
    ]);
    writeFileSync(path.join(rig.cwd, 'kept.txt'), 'keep me\n');
    chmodSync(path.join(rig.cwd, 'kept.txt'), 0o644);
    writeFileSync(path.join(rig.cwd, 'gone.txt'), 'bye\n');
    const original = treeState(rig.cwd);
    const session = await runPrompts(rig, ['first', 'second'], {
      enableFileCheckpointing: true,
      extraArgs: { 'replay-user-messages': null },
      canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
    });
    expect(session.replayed).toHaveLength(2);
    const [firstUuid, secondUuid] = session.replayed;
    expect(readFileSync(path.join(rig.cwd, 'notes.md'), 'utf8')).toBe('one\ntwo\nthree\n');

    const preview = await session.run.rewindFiles(secondUuid!, { dryRun: true });
    expect(preview).toMatchObject({ canRewind: true, filesChanged: [path.join(rig.cwd, 'notes.md')], insertions: 0, deletions: 1 });
    expect(readFileSync(path.join(rig.cwd, 'notes.md'), 'utf8')).toBe('one\ntwo\nthree\n');

    const dryFirst = await session.run.rewindFiles(firstUuid!, { dryRun: true });
    expect(dryFirst.canRewind).toBe(true);
    expect([...(dryFirst.filesChanged ?? [])].sort()).toEqual(['gone.txt', 'kept.txt', 'notes.md'].map((name) => path.join(rig!.cwd, name)));

    const done = await session.run.rewindFiles(firstUuid!);
    expect(done.canRewind).toBe(true);
    expect(treeState(rig.cwd)).toEqual(original);
    expect(existsSync(path.join(rig.cwd, 'notes.md'))).toBe(false);
    await session.end();
  });

  it('without enableFileCheckpointing, rewindFiles says checkpointing is off', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'a.txt', content: 'x' })), endTurn('ok')]);
    const session = await runPrompts(rig, ['write'], { extraArgs: { 'replay-user-messages': null }, canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }) });
    const answer = await session.run.rewindFiles(session.replayed[0]!);
    expect(answer.canRewind).toBe(false);
    expect(answer.error).toMatch(/file checkpointing is not enabled/);
    expect(existsSync(path.join(rig.cwd, 'a.txt'))).toBe(true);
    await session.end();
  });
});
