// Two processes, one project; one session resumed twice at once; a config folder that is full,
// read-only, missing or on another filesystem; a read-only project. Nothing is lost or
// interleaved, and the user is told in one line.
import { chmod, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/runCli.js';
import { endTurn, hang, toolUse, turn } from '../support/scenario.js';
import { assertResumes, assertTranscriptKeeps, cleanUpRig, cliEnv, expectOneClearLine, fakeServer, startCli, transcripts, waitUntil, workspace } from './faultRig.js';

afterEach(cleanUpRig);

const isRoot = process.getuid?.() === 0;

describe('two processes at once', () => {
  it('two runs in one project keep two whole transcripts', async () => {
    const ws = await workspace();
    const server = await fakeServer((request) => {
      const prompt = JSON.stringify(request.body.messages[0]);
      return { ...endTurn(prompt.includes('alpha') ? 'answer alpha' : 'answer beta'), chunkDelayMs: 5 };
    });
    const [alpha, beta] = await Promise.all([
      runCli(['-p', 'prompt alpha'], { cwd: ws.cwd, env: cliEnv(ws, server) }),
      runCli(['-p', 'prompt beta'], { cwd: ws.cwd, env: cliEnv(ws, server) }),
    ]);
    expect([alpha.code, beta.code]).toEqual([0, 0]);
    expect(alpha.stdout).toContain('answer alpha');
    expect(beta.stdout).toContain('answer beta');
    const files = await transcripts(ws);
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    expect(texts.filter((text) => text.includes('prompt alpha') && !text.includes('prompt beta'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('prompt beta') && !text.includes('prompt alpha'))).toHaveLength(1);
  });

  it('the same session resumed twice at once: the second is refused in one line, the first goes on; --fork-session branches it', async () => {
    const ws = await workspace();
    const first = await runCli(['-p', 'the original prompt'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('original answer')])) });
    expect(first.code).toBe(0);
    const [file] = await transcripts(ws);
    const sessionId = path.basename(file!, '.jsonl');

    // The first resume's answer waits until the other runs are done: it holds the session all along.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = await fakeServer(async () => {
      await released;
      return endTurn('first resume answered');
    });
    const holder = startCli(ws, ['-p', 'first resume', '--resume', sessionId], cliEnv(ws, slow));
    await waitUntil(() => slow.requests.length === 1, 'the first resume to send its request');
    const refused = await runCli(['-p', 'second resume', '--resume', sessionId], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('must not run')])) });
    expect(refused.code).not.toBe(0);
    expectOneClearLine(refused.stderr, new RegExp(`session ${sessionId} is open in another agentcli process.*--fork-session`));
    const forked = await runCli(['-p', 'forked resume', '--resume', sessionId, '--fork-session'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('fork answer')])) });
    expect(forked.code, forked.stderr).toBe(0);
    release();
    expect((await holder.exited).code).toBe(0);

    // The original file has one chain: original → first resume; nothing of the refused or forked runs.
    const text = await readFile(file!, 'utf8');
    expect(text).toContain('first resume answered');
    expect(text).not.toContain('second resume');
    expect(text).not.toContain('forked resume');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('a lock left by a killed process does not block the next resume', async () => {
    const ws = await workspace();
    const server = await fakeServer([endTurn('answer'), hang()]);
    const first = await runCli(['-p', 'before the crash'], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(first.code).toBe(0);
    const [file] = await transcripts(ws);
    const running = startCli(ws, ['-p', 'crashing', '--continue'], cliEnv(ws, server));
    await waitUntil(() => server.requests.length === 2, 'the resumed run to send');
    expect(existsSync(`${file}.lock`)).toBe(true);
    running.child.kill('SIGKILL');
    await running.exited;
    await assertResumes(ws, ['before the crash', 'crashing']);
  });
});

describe('the config folder', () => {
  it('full (every write fails with ENOSPC): the answer still comes, with one line saying the transcript could not be written', async () => {
    const ws = await workspace();
    const first = await runCli(['-p', 'before the disk filled'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('first')])) });
    expect(first.code).toBe(0);
    // /dev/full fails every write with ENOSPC, as a full disk does, without root or a mount (CI).
    const [file] = await transcripts(ws);
    const sessionId = path.basename(file!, '.jsonl');
    await rm(file!);
    await symlink('/dev/full', file!);
    const run = await runCli(['-p', 'after the disk filled', '--resume', sessionId], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('still answered')])) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('still answered');
    expectOneClearLine(run.stderr, /could not write the transcript .*ENOSPC/);
  });

  it.runIf(isRoot)('full for real (a 64 kB tmpfs): answers go on, one line says the transcript could not be written, what was written stays valid', async ({ skip }) => {
    const ws = await workspace();
    if (!(await mountTinyTmpfs(ws.configDir))) return skip('this container does not let root mount a tmpfs (the /dev/full case covers a full disk)');
    try {
      const big = 'x'.repeat(40_000);
      const server = await fakeServer([turn(toolUse('Bash', { command: `printf '${big}'` })), turn(toolUse('Bash', { command: `printf '${big}'` })), endTurn('done despite the full disk')]);
      const run = await runCli(['-p', 'fill it', '--permission-mode', 'bypassPermissions'], { cwd: ws.cwd, env: cliEnv(ws, server) });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('done despite the full disk');
      expectOneClearLine(run.stderr, /could not write the transcript .*(ENOSPC|no space)/i);
      const files = await transcripts(ws);
      expect(files).toHaveLength(1);
      await assertTranscriptKeeps(ws, ['fill it']);
    } finally {
      await unmount(ws.configDir);
    }
  });

  it.skipIf(isRoot)('read-only (as a normal user): the run answers and says once that the transcript is not kept', async () => {
    const ws = await workspace();
    await chmod(ws.configDir, 0o500);
    const run = await runCli(['-p', 'hello'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('answered anyway')])) });
    await chmod(ws.configDir, 0o700);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('answered anyway');
    expectOneClearLine(run.stderr, /could not write the transcript/);
  });

  it.runIf(isRoot)('read-only (a read-only bind mount, even for root): the run answers and says once that the transcript is not kept', async ({ skip }) => {
    const ws = await workspace();
    if (!(await remountReadOnly(ws.configDir))) return skip('this container does not allow a read-only bind mount');
    try {
      const run = await runCli(['-p', 'hello'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('answered anyway')])) });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('answered anyway');
      expectOneClearLine(run.stderr, /could not write the transcript .*(EROFS|read-only)/i);
    } finally {
      await unmount(ws.configDir);
    }
  });

  it('missing: it is created, and the session resumes from it', async () => {
    const ws = await workspace();
    const missing = { ...ws, configDir: path.join(ws.configDir, 'not', 'yet') };
    const run = await runCli(['-p', 'into a new folder'], { cwd: ws.cwd, env: cliEnv(missing, await fakeServer([endTurn('made it')])) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    await assertTranscriptKeeps(missing, ['into a new folder']);
    await assertResumes(missing, ['into a new folder']);
  });

  it('on another filesystem (/dev/shm) than the project: large outputs are saved there and the session resumes', async ({ skip }) => {
    const ws = await workspace();
    if (!existsSync('/dev/shm')) return skip('no /dev/shm here');
    const other = { ...ws, configDir: await tempDirIn('/dev/shm') };
    try {
      const server = await fakeServer([turn(toolUse('Bash', { command: 'seq 1 60000' })), endTurn('counted')]);
      const run = await runCli(['-p', 'count', '--permission-mode', 'bypassPermissions'], { cwd: ws.cwd, env: cliEnv(other, server) });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.stringify(server.requests[1]!.body.messages)).toContain(other.configDir);
      await assertTranscriptKeeps(other, ['count']);
      await assertResumes(other, ['count']);
    } finally {
      await rm(other.configDir, { recursive: true, force: true });
    }
  });
});

describe('the project folder read-only', () => {
  it('an Edit fails as a tool error the model sees, the file is unchanged, the session is kept', async ({ skip }) => {
    const ws = await workspace();
    const file = path.join(ws.cwd, 'locked.txt');
    await writeFile(file, 'original\n');
    const ro = isRoot ? await remountReadOnly(ws.cwd) : (await chmod(ws.cwd, 0o500), await chmod(file, 0o400), true);
    if (!ro) return skip('this container does not allow a read-only bind mount');
    try {
      const server = await fakeServer([
        turn(toolUse('Read', { file_path: file })),
        turn(toolUse('Edit', { file_path: file, old_string: 'original', new_string: 'changed' })),
        endTurn('could not edit'),
      ]);
      const run = await runCli(['-p', 'edit it', '--permission-mode', 'bypassPermissions'], { cwd: ws.cwd, env: cliEnv(ws, server) });
      expect(run.code, run.stderr).toBe(0);
      const [result] = (server.requests[2]!.body.messages.at(-1).content as { type: string; is_error?: boolean; content: unknown }[]).filter((block) => block.type === 'tool_result');
      expect(result).toMatchObject({ is_error: true });
      expect(JSON.stringify(result!.content)).toMatch(/read-only|EROFS|EACCES|permission denied/i);
      expect(await readFile(file, 'utf8')).toBe('original\n');
      await assertTranscriptKeeps(ws, ['edit it']);
    } finally {
      if (isRoot) await unmount(ws.cwd);
      else await chmod(ws.cwd, 0o700);
    }
  });
});

// --- mounts (root only; each returns false where the kernel or container refuses) ---

const exec = promisify(execFile);

async function mountTinyTmpfs(dir: string): Promise<boolean> {
  try {
    await exec('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    return true;
  } catch {
    return false;
  }
}

async function remountReadOnly(dir: string): Promise<boolean> {
  try {
    await exec('mount', ['--bind', dir, dir]);
  } catch {
    return false;
  }
  try {
    await exec('mount', ['-o', 'remount,bind,ro', dir]);
    return true;
  } catch {
    await unmount(dir);
    return false;
  }
}

async function unmount(dir: string): Promise<void> {
  await exec('umount', [dir]).catch(() => undefined);
}

async function tempDirIn(parent: string): Promise<string> {
  const { mkdtemp } = await import('node:fs/promises');
  return mkdtemp(path.join(parent, 'agentcli-fault-config-'));
}

