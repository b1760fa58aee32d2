// Every built-in tool, run by the BUILT bundle (not the TypeScript source):
// lazily imported dependencies (diff, micromatch, ripgrep, execa, the shell
// parser) must resolve and interoperate after bundling and code splitting.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { runCli, tempDir } from '../support/runCli.js';
import { inputJsonSchemaOf } from '../../src/services/api/toolSchemas.js';
import { getAllBaseTools } from '../../src/tools.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('built-in tools through the bundled CLI', () => {
  it('each tool answers without an error', async () => {
    const cwd = await tempDir('agentcli-tools-');
    await mkdir(path.join(cwd, 'src'));
    await writeFile(path.join(cwd, 'src', 'app.ts'), 'export const answer = 41;\n');
    const file = path.join(cwd, 'src', 'app.ts');
    const calls = [
      toolUse('Read', { file_path: file }),
      toolUse('Edit', { file_path: file, old_string: '41', new_string: '42' }),
      toolUse('Write', { file_path: path.join(cwd, 'notes.md'), content: '# notes\n' }),
      toolUse('Glob', { pattern: '**/*.ts' }),
      toolUse('Grep', { pattern: 'answer', output_mode: 'content' }),
      toolUse('Bash', { command: 'ls src && echo done', description: 'List src' }),
      toolUse('TodoWrite', { todos: [{ content: 'Fix it', status: 'in_progress', activeForm: 'Fixing it' }] }),
    ];
    server = await startFakeAnthropic({ script: [...calls.map((call) => turn(call)), endTurn('finished')] });
    const run = await runCli(['-p', 'use every tool', '--permission-mode', 'bypassPermissions'], {
      cwd,
      env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: await tempDir() },
      timeoutMs: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('finished\n');
    const results = server.requests.slice(1).map((request) => lastToolResults(request)[0]!);
    const summary = results.map((result) => ({ error: result.is_error === true, text: toolResultText(result).slice(0, 200) }));
    expect(summary.filter((entry) => entry.error)).toEqual([]);
    expect(summary[3]!.text).toContain('app.ts');
    expect(summary[4]!.text).toContain('answer');
    expect(summary[5]!.text).toContain('done');
    expect(await readFile(file, 'utf8')).toBe('export const answer = 42;\n');
  });

  it('sends the same input schemas as the source computes (the bundle precomputes them at build time)', async () => {
    server = await startFakeAnthropic({ script: [endTurn('ok')] });
    await runCli(['-p', 'hi'], {
      cwd: await tempDir(),
      env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: await tempDir() },
    });
    const sent: Array<{ name: string; input_schema: unknown }> = server.requests[0]!.body.tools;
    const live = new Map(getAllBaseTools().map((tool) => [tool.name, inputJsonSchemaOf(tool)]));
    expect(sent.length).toBeGreaterThan(10);
    for (const tool of sent) {
      if (!live.has(tool.name)) continue;
      expect({ name: tool.name, schema: tool.input_schema }).toEqual({ name: tool.name, schema: live.get(tool.name) });
    }
  });
});
