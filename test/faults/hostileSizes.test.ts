// Hostile sizes and bytes: a 100 MB tool output, a 10 MB single-line file, binary output, invalid
// UTF-8 in tool output, in file names and in a transcript. The run finishes, the model gets a
// bounded, valid result, and the session stays valid and resumable.
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/runCli.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { assertResumes, assertTranscriptKeeps, cleanUpRig, cliEnv, fakeServer, transcripts, workspace } from './faultRig.js';

afterEach(cleanUpRig);

const BYPASS = ['--permission-mode', 'bypassPermissions'];

function lastResults(body: { messages: { content: unknown }[] }): { type: string; content: unknown; is_error?: boolean }[] {
  const content = body.messages.at(-1)!.content;
  return Array.isArray(content) ? content.filter((block: { type: string }) => block.type === 'tool_result') : [];
}

describe('hostile sizes', () => {
  it('a 100 MB tool output: the model gets a bounded preview and the path of the full output; memory stays bounded', async () => {
    const ws = await workspace();
    const server = await fakeServer([turn(toolUse('Bash', { command: "head -c 100000000 /dev/zero | tr '\\0' 'a'; echo; echo THE-END" })), endTurn('saw it')]);
    const reporter = path.join(ws.configDir, 'report-rss.mjs');
    await writeFile(reporter, "process.on('exit', () => process.stderr.write(`MAXRSS_KB=${process.resourceUsage().maxRSS}\\n`));\n");
    const run = await runCli(['-p', 'flood', ...BYPASS], { cwd: ws.cwd, env: { ...cliEnv(ws, server), NODE_OPTIONS: `--import ${reporter}` }, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    // The output streams to disk: the process never holds it (100 MB as a JS string would be 200 MB).
    const peakMb = Number(run.stderr.match(/MAXRSS_KB=(\d+)/)?.[1]) / 1024;
    expect(peakMb).toBeLessThan(200);
    const [result] = lastResults(server.requests[1]!.body);
    const text = JSON.stringify(result!.content);
    expect(text.length).toBeLessThan(200_000);
    expect(text).toContain('THE-END');
    const saved = text.match(/(\/[^"\s]+tool-results\/[^"\s]+)/)?.[1];
    expect(saved, text.slice(0, 500)).toBeDefined();
    expect((await stat(saved!.replace(/\\+$/, ''))).size).toBeGreaterThan(1_000_000);
    await assertTranscriptKeeps(ws, ['flood']);
    const [file] = await transcripts(ws);
    expect((await stat(file!)).size).toBeLessThan(1_000_000);
  }, 60_000);

  it('a 10 MB single-line file: Read answers with a bounded result', async () => {
    const ws = await workspace();
    const file = path.join(ws.cwd, 'one-line.json');
    await writeFile(file, `[${'"x",'.repeat(2_500_000)}"end"]`);
    const server = await fakeServer([turn(toolUse('Read', { file_path: file })), endTurn('read')]);
    const run = await runCli(['-p', 'read it', ...BYPASS], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(run.code, run.stderr).toBe(0);
    const [result] = lastResults(server.requests[1]!.body);
    expect(JSON.stringify(result!.content).length).toBeLessThan(300_000);
    await assertTranscriptKeeps(ws, ['read it']);
  });

  it('binary and invalid UTF-8 output: a valid result, a transcript that loads, a session that resumes', async () => {
    const ws = await workspace();
    const server = await fakeServer([
      turn(toolUse('Bash', { command: "head -c 3000 /dev/urandom; printf '\\377\\376 invalid \\300\\200 bytes\\n'" })),
      endTurn('binary seen'),
    ]);
    const run = await runCli(['-p', 'dump bytes', ...BYPASS], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(run.code, run.stderr).toBe(0);
    expect(server.violations).toEqual([]);
    const [result] = lastResults(server.requests[1]!.body);
    expect(JSON.stringify(result!.content)).toContain('invalid');
    await assertTranscriptKeeps(ws, ['dump bytes']);
    await assertResumes(ws, ['dump bytes']);
  });

  it('file names that are not UTF-8: listing and searching them works and the session stays valid', async () => {
    const ws = await workspace();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(Buffer.concat([Buffer.from(`${ws.cwd}/bad-`), Buffer.from([0xff, 0xfe]), Buffer.from('-name.txt')]), 'needle inside\n');
    const server = await fakeServer([
      turn(toolUse('Bash', { command: 'ls' }, { id: 'toolu_ls' }), toolUse('Glob', { pattern: '*.txt' }, { id: 'toolu_glob' }), toolUse('Grep', { pattern: 'needle' }, { id: 'toolu_grep' })),
      endTurn('listed'),
    ]);
    const run = await runCli(['-p', 'list', ...BYPASS], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(run.code, run.stderr).toBe(0);
    expect(server.violations).toEqual([]);
    const results = lastResults(server.requests[1]!.body);
    expect(results).toHaveLength(3);
    for (const result of results) expect(JSON.stringify(result.content)).toContain('-name.txt');
    await assertTranscriptKeeps(ws, ['list']);
    await assertResumes(ws, ['list']);
  });

  it('invalid UTF-8 inside a transcript: it loads, and the session resumes', async () => {
    const ws = await workspace();
    const first = await runCli(['-p', 'first prompt'], { cwd: ws.cwd, env: cliEnv(ws, await fakeServer([endTurn('first answer')])) });
    expect(first.code).toBe(0);
    const [file] = await transcripts(ws);
    const text = await readFile(file!, 'utf8');
    const lastLine = text.trimEnd().split('\n').at(-1)!;
    // The answer's text with raw invalid bytes in it, as another writer or a bad disk could leave.
    const corrupted = Buffer.from(lastLine.replace('first answer', 'first \udcff answer'), 'utf8');
    const withBadBytes = Buffer.concat([corrupted.subarray(0, corrupted.indexOf('first ') + 6), Buffer.from([0xc3, 0x28, 0xff]), corrupted.subarray(corrupted.indexOf('first ') + 6)]);
    await writeFile(file!, text.slice(0, text.length - lastLine.length - 1));
    await appendFile(file!, Buffer.concat([withBadBytes, Buffer.from('\n')]));
    await assertTranscriptKeeps(ws, ['first prompt']);
    await assertResumes(ws, ['first prompt']);
  });
});
