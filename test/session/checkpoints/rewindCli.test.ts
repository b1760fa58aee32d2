// The built CLI end to end: headless prompts change a real git repository through Write, Edit and Bash
// (sed -i, rm -rf, mv, a script); the transcript records each prompt's checkpoint; `--resume <id>
// --rewind-to <uuid>` puts the files back byte for byte and leaves the user's .git as it was.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCheckpoints } from '../../../src/session/checkpoints/checkpointRecord.js';
import { makeUserRepo, treeState, userGitState } from '../../support/fileTreeState.js';
import { useHeadlessWorkspace } from '../../support/headlessWorkspace.js';
import { endTurn, toolUse, turn } from '../../support/scenario.js';

let cwd = '';
let configDir = '';
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

function transcriptOf(sessionId: string): string {
  const projects = path.join(configDir, 'projects');
  for (const project of readdirSync(projects)) {
    const file = path.join(projects, project, `${sessionId}.jsonl`);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  throw new Error(`no transcript for ${sessionId}`);
}

/** The uuids of the user's prompts in a transcript, oldest first. */
function promptUuids(transcript: string): string[] {
  return transcript
    .split('\n')
    .filter((line) => line.startsWith('{"uuid"'))
    .map((line) => JSON.parse(line) as { uuid: string; type: string; isMeta?: boolean; message: { content: unknown } })
    .filter((line) => line.type === 'user' && !line.isMeta && typeof line.message.content === 'string')
    .map((line) => line.uuid);
}

function makeRepo(): void {
  const git = makeUserRepo(cwd);
  writeFileSync(path.join(cwd, 'src', 'old.ts'), 'old\n');
  writeFileSync(path.join(cwd, 'tool.sh'), '#!/bin/sh\n');
  chmodSync(path.join(cwd, 'tool.sh'), 0o644);
  git('add', '-A');
  git('commit', '-qm', 'initial');
  writeFileSync(path.join(cwd, 'staged.txt'), 'staged by the user\n');
  git('add', 'staged.txt');
}

describe('agentcli --resume <id> --rewind-to <message-uuid>', () => {
  it('restores every file the prompts changed, byte for byte, and leaves .git alone', async () => {
    makeRepo();
    const before = treeState(cwd);
    const gitBefore = userGitState(cwd);
    const sessionId = '11111111-2222-4333-8444-555555555555';
    const first = await workspace.run(
      [
        turn(toolUse('Write', { file_path: path.join(cwd, 'src', 'new.ts'), content: 'export const fresh = 1;\n' }), toolUse('Read', { file_path: path.join(cwd, 'src', 'app.ts') })),
        turn(toolUse('Edit', { file_path: path.join(cwd, 'src', 'app.ts'), old_string: '41', new_string: '42' })),
        turn(toolUse('Bash', { command: "sed -i 's/42/43/' src/app.ts" }), toolUse('Bash', { command: 'rm -rf src/old.ts' })),
        turn(toolUse('Bash', { command: 'mv tool.sh tool2.sh && chmod +x tool2.sh' })),
        turn(toolUse('Bash', { command: "for i in 1 2 3 4 5; do echo $i > gen$i.txt; done; printf 'x' > logo.bin; ln -sfn tool2.sh current" })),
        endTurn('done'),
      ],
      ['-p', 'change things', '--session-id', sessionId, '--permission-mode', 'bypassPermissions', '--output-format', 'json'],
    );
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, 'src', 'app.ts'), 'utf8')).toBe('export const answer = 43;\n');
    expect(existsSync(path.join(cwd, 'gen5.txt'))).toBe(true);

    const transcript = transcriptOf(sessionId);
    const [prompt] = promptUuids(transcript);
    const checkpoints = parseCheckpoints(transcript);
    expect(checkpoints).toHaveLength(1);
    expect(checkpoints[0]).toMatchObject({ messageUuid: prompt, prompt: 'change things' });
    expect(checkpoints[0]!.after).toBeDefined();

    const rewind = await workspace.run([], ['--resume', sessionId, '--rewind-to', prompt!]);
    expect(rewind.code, rewind.stderr).toBe(0);
    expect(rewind.stdout).toContain(`removed (was created): ${path.join(cwd, 'src', 'new.ts')}`);
    expect(rewind.stdout).toContain(`restored (was deleted): ${path.join(cwd, 'src', 'old.ts')}`);
    expect(treeState(cwd)).toEqual(before);
    expect(userGitState(cwd)).toEqual(gitBefore);
  });

  it("resume, another prompt, then rewind to the first: a user edit in between is listed and kept", async () => {
    makeRepo();
    const sessionId = '21111111-2222-4333-8444-555555555555';
    const first = await workspace.run(
      [turn(toolUse('Bash', { command: "echo agent-one > one.txt && sed -i 's/41/1/' src/app.ts" })), endTurn('one')],
      ['-p', 'first', '--session-id', sessionId, '--permission-mode', 'bypassPermissions'],
    );
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(path.join(cwd, 'mine.txt'), 'the user wrote this\n');
    writeFileSync(path.join(cwd, 'src', 'app.ts'), 'the user rewrote this\n');
    const second = await workspace.run(
      [turn(toolUse('Bash', { command: 'echo agent-two > two.txt && echo more >> src/app.ts' }, { id: 'toolu_second_run' })), endTurn('two')],
      ['-p', 'second', '--resume', sessionId, '--permission-mode', 'bypassPermissions'],
    );
    expect(second.code, second.stderr).toBe(0);
    const [firstPrompt, secondPrompt] = promptUuids(transcriptOf(sessionId));
    expect(parseCheckpoints(transcriptOf(sessionId)).map((record) => record.messageUuid)).toEqual([firstPrompt, secondPrompt]);

    const rewind = await workspace.run([], ['--resume', sessionId, '--rewind-to', firstPrompt!]);
    expect(rewind.code, rewind.stderr).toBe(0);
    expect(rewind.stdout).toContain(`kept (changed outside agentcli since): ${path.join(cwd, 'src', 'app.ts')}`);
    expect(existsSync(path.join(cwd, 'one.txt'))).toBe(false);
    expect(existsSync(path.join(cwd, 'two.txt'))).toBe(false);
    expect(readFileSync(path.join(cwd, 'mine.txt'), 'utf8')).toBe('the user wrote this\n');
    expect(readFileSync(path.join(cwd, 'src', 'app.ts'), 'utf8')).toBe('the user rewrote this\nmore\n');
  });

  it('--fork-session carries the checkpoints: the fork rewinds what the original session changed', async () => {
    makeRepo();
    const before = treeState(cwd);
    const sessionId = '41111111-2222-4333-8444-555555555555';
    const forkId = '51111111-2222-4333-8444-555555555555';
    await workspace.run([turn(toolUse('Bash', { command: 'echo one > one.txt' })), endTurn('one')], ['-p', 'first', '--session-id', sessionId, '--permission-mode', 'bypassPermissions']);
    const [firstPrompt] = promptUuids(transcriptOf(sessionId));
    const fork = await workspace.run([endTurn('forked')], ['-p', 'in the fork', '--resume', sessionId, '--fork-session', '--session-id', forkId]);
    expect(fork.code, fork.stderr).toBe(0);
    expect(parseCheckpoints(transcriptOf(forkId)).map((record) => record.messageUuid)).toEqual([firstPrompt]);
    const rewind = await workspace.run([], ['--resume', forkId, '--rewind-to', firstPrompt!]);
    expect(rewind.code, rewind.stderr).toBe(0);
    expect(treeState(cwd)).toEqual(before);
  });

  it('a session start deletes transcripts older than cleanupPeriodDays, also with checkpoints off', async () => {
    writeFileSync(path.join(configDir, 'settings.json'), JSON.stringify({ cleanupPeriodDays: 7, fileCheckpointingEnabled: false }));
    const project = path.join(configDir, 'projects', 'some-other-project');
    mkdirSync(project, { recursive: true });
    const oldSession = path.join(project, '61111111-2222-4333-8444-555555555555.jsonl');
    const weekOld = path.join(project, '71111111-2222-4333-8444-555555555555.jsonl');
    writeFileSync(oldSession, '{"type":"user"}\n');
    writeFileSync(weekOld, '{"type":"user"}\n');
    const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
    utimesSync(oldSession, days(8), days(8));
    utimesSync(weekOld, days(6), days(6));
    const run = await workspace.run([endTurn('hi')], ['-p', 'hello']);
    expect(run.code, run.stderr).toBe(0);
    // The cleanup runs in the background of the start; a one-turn run gives it more than enough time.
    for (let waited = 0; waited < 40 && existsSync(oldSession); waited++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(oldSession)).toBe(false);
    expect(existsSync(weekOld)).toBe(true);
  });

  it('names the problem in one line for an unknown message', async () => {
    makeRepo();
    const sessionId = '31111111-2222-4333-8444-555555555555';
    await workspace.run([endTurn('hi')], ['-p', 'hello', '--session-id', sessionId]);
    const rewind = await workspace.run([], ['--resume', sessionId, '--rewind-to', 'not-a-message']);
    expect(rewind.code).toBe(1);
    expect(rewind.stderr.trim()).toBe(`agentcli: session ${sessionId} has no message not-a-message.`);
  });
});
