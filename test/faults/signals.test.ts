// Signals at chosen points of a turn, on the real CLI: whatever the moment, the transcript stays
// valid and resumable with every completed turn, an edited file is old or new (never torn), the
// commands agentcli started are gone, and the user gets one line.
import { existsSync } from 'node:fs';
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, hang, text, toolUse, turn } from '../support/scenario.js';
import { runCli } from '../support/runCli.js';
import { assertResumes, assertTranscriptKeeps, cleanUpRig, cliEnv, expectOneClearLine, fakeServer, pidsWith, sleeperCommand, startCli, transcripts, waitGone, waitUntil, workspace } from './faultRig.js';

afterEach(cleanUpRig);

const BYPASS = ['--permission-mode', 'bypassPermissions'];
/** Every process of the call (sandbox, shell, sleep), once the sleep itself runs: the call is then mid-tool. */
async function startedSleeps(token: string): Promise<number[]> {
  let pids: number[] = [];
  await waitUntil(async () => (pids = await pidsWith(token)).length > 0 && (await pidsWith(`sleep ${token}`)).length > 0, 'the command to start');
  return pidsWith(token);
}

async function pidIn(file: string): Promise<number> {
  await waitUntil(async () => existsSync(file) && (await readFile(file, 'utf8')).trim() !== '', `${file} to hold a pid`);
  return Number((await readFile(file, 'utf8')).trim());
}

describe('signals mid-tool: the command is gone, the call is answered, the session resumes', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} during a long Bash call`, async () => {
      const ws = await workspace();
      const sleeper = sleeperCommand();
      const server = await fakeServer([turn(toolUse('Bash', { command: 'echo first-done' })), turn(toolUse('Bash', { command: sleeper.command })), endTurn('never')]);
      const cli = startCli(ws, ['-p', 'run the slow thing', ...BYPASS], cliEnv(ws, server));
      const sleeps = await startedSleeps(sleeper.token);
      cli.child.kill(signal);
      const exit = await cli.exited;
      expect(exit.code).not.toBe(0);
      for (const pid of sleeps) expect(await waitGone(pid)).toBe(true);
      expectOneClearLine(cli.stderr(), /interrupted/i);
      const loaded = await assertTranscriptKeeps(ws, ['run the slow thing', 'first-done']);
      // The killed call has its result: the API would refuse a tool_use without one.
      expect(JSON.stringify(loaded.messages.at(-1)!.content)).toContain('tool_result');
      await assertResumes(ws, ['run the slow thing', 'first-done']);
    });
  }

  it('SIGKILL during a long Bash call: the command dies with agentcli; the completed turn and the call survive (answered as interrupted on resume)', async () => {
    const ws = await workspace();
    const sleeper = sleeperCommand();
    const server = await fakeServer([turn(toolUse('Bash', { command: 'echo first-done' })), turn(toolUse('Bash', { command: sleeper.command })), endTurn('never')]);
    const cli = startCli(ws, ['-p', 'run it', ...BYPASS], cliEnv(ws, server));
    const sleeps = await startedSleeps(sleeper.token);
    cli.child.kill('SIGKILL');
    await cli.exited;
    for (const pid of sleeps) expect(await waitGone(pid)).toBe(true);
    const loaded = await assertTranscriptKeeps(ws, ['run it', 'first-done']);
    expect(JSON.stringify(loaded.messages)).toContain('interrupted: the session ended before this call finished');
    const resumed = await assertResumes(ws, ['run it', 'first-done', 'interrupted']);
    // Nobody could tell the user at the kill: the next run does, in one line.
    expectOneClearLine(resumed.stderr, /the last run stopped before a tool call finished/);
  });
});

describe('signals mid-stream', () => {
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} while the answer streams: the prompt and the completed tool turn are kept, the half answer is not`, async () => {
      const ws = await workspace();
      const server = await fakeServer([
        turn(toolUse('Bash', { command: 'echo tool-turn-done' })),
        { ...turn(text('a long answer that is still streaming when the process is stopped')), chunkDelayMs: 80, textChunkSize: 4 },
      ]);
      const cli = startCli(ws, ['-p', 'stream please', ...BYPASS], cliEnv(ws, server));
      await waitUntil(() => server.sent.filter((event) => event.requestIndex === 1 && event.event === 'content_block_delta').length >= 2, 'the answer to stream');
      cli.child.kill(signal);
      await cli.exited;
      if (signal !== 'SIGKILL') expectOneClearLine(cli.stderr(), /interrupted/i);
      const loaded = await assertTranscriptKeeps(ws, ['stream please', 'tool-turn-done']);
      expect(JSON.stringify(loaded.messages)).not.toContain('still streaming');
      await assertResumes(ws, ['stream please', 'tool-turn-done']);
    });
  }
});

describe('SIGKILL during a transcript write', () => {
  it('a line torn by the kill neither hides the next run\'s prompt nor breaks the session', async () => {
    const ws = await workspace();
    const first = await runCli(['-p', 'first prompt'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('first answer')])) });
    expect(first.code).toBe(0);
    const [file] = await transcripts(ws);
    // What a kill in the middle of write(2) leaves: the start of a line, no newline.
    const line = JSON.stringify({ uuid: 'torn', parentUuid: null, type: 'user', message: { role: 'user', content: 'never finished' } });
    await appendFile(file!, line.slice(0, 40));
    const second = await runCli(['-p', 'second prompt', '--continue'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('second answer')])) });
    expect(second.code, second.stderr).toBe(0);
    expectOneClearLine(second.stderr, /torn line/);
    await assertTranscriptKeeps(ws, ['first prompt', 'second prompt']);
    await assertResumes(ws, ['first prompt', 'second prompt']);
  });
});

describe('SIGKILL during compaction', () => {
  it('the conversation before the compaction is kept whole and resumes', async () => {
    const ws = await workspace();
    const server = await fakeServer([
      // A response that leaves the context over the threshold: the summary request comes next, and hangs.
      { ...turn(toolUse('Bash', { command: 'echo before-compaction' })), usage: { input_tokens: 9_500 } },
      { ...endTurn('answered'), usage: { input_tokens: 9_600 } },
      hang(),
    ]);
    const cli = startCli(ws, ['-p', 'fill the context', ...BYPASS], cliEnv(ws, server, { AGENTCLI_CONTEXT_WINDOW: '10000' }));
    await waitUntil(() => server.requests.length >= 3, 'the compaction request');
    cli.child.kill('SIGKILL');
    await cli.exited;
    await assertTranscriptKeeps(ws, ['fill the context', 'before-compaction']);
    await assertResumes(ws, ['fill the context']);
  });
});

describe("SIGKILL during an Edit's write", () => {
  it('the file is the old or the new content at every kill moment, never a mix', async () => {
    const old = `${'old line of a large file\n'.repeat(400_000)}MARKER\n`;
    const fresh = old.replace('MARKER', 'CHANGED');
    for (const delayMs of [0, 20, 60, 120]) {
      const ws = await workspace();
      const file = path.join(ws.cwd, 'big.txt');
      await writeFile(file, old);
      const server = await fakeServer([
        turn(toolUse('Read', { file_path: file, offset: 399_990, limit: 20 })),
        turn(toolUse('Edit', { file_path: file, old_string: 'MARKER', new_string: 'CHANGED' })),
        endTurn('edited'),
      ]);
      const cli = startCli(ws, ['-p', 'edit it', ...BYPASS], cliEnv(ws, server));
      await waitUntil(() => server.requests.length >= 2 && server.sent.some((event) => event.requestIndex === 1 && event.event === 'message_stop'), 'the Edit call');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      cli.child.kill('SIGKILL');
      await cli.exited;
      const now = await readFile(file, 'utf8');
      expect(now === old || now === fresh, `torn file after a kill at +${delayMs} ms (${now.length} chars)`).toBe(true);
      expect((await stat(file)).size).toBeGreaterThan(0);
      await assertTranscriptKeeps(ws, ['edit it']);
    }
  });
});

describe('signals during MCP start-up', () => {
  it('SIGTERM while a stdio MCP server is starting: the server process is gone too', async () => {
    const ws = await workspace();
    const pidFile = path.join(ws.cwd, 'mcp.pid');
    // A server that records its pid and never answers initialize.
    const script = path.join(ws.cwd, 'slow-mcp.mjs');
    await writeFile(script, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nsetInterval(() => {}, 1000);\n`);
    await writeFile(path.join(ws.cwd, 'mcp.json'), JSON.stringify({ mcpServers: { slow: { command: process.execPath, args: [script] } } }));
    const server = await fakeServer([endTurn('never reached')]);
    const cli = startCli(ws, ['-p', 'hello', '--mcp-config', path.join(ws.cwd, 'mcp.json')], cliEnv(ws, server));
    await pidIn(pidFile);
    // Found by its command line: a sandboxed server runs in its own PID namespace, where the pid it records is not the host's.
    const serverPids = await pidsWith(script);
    expect(serverPids.length).toBeGreaterThan(0);
    cli.child.kill('SIGTERM');
    const exit = await cli.exited;
    expect(exit.code === null ? exit.signal : exit.code).not.toBe(0);
    for (const pid of serverPids) expect(await waitGone(pid)).toBe(true);
    expect(cli.stderr()).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
