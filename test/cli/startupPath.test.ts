// What the BUILT CLI loads on its way to the first request. Node's global
// Headers/Response/fetch load undici (~25 ms of CPU here); the bundle gives the
// Anthropic SDK our FetchHeaders and a node:http fetch instead
// (scripts/build.mjs sdkFetchHeadersPlugin), so a headless turn never loads it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn, overloaded } from '../support/scenario.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs `agentcli -p hi` with a preload that records, as the process exits, which Node internals it loaded. */
async function runRecordingModules(script: ScriptedTurn[]) {
  const dir = await tempDir('agentcli-startup-path-');
  const record = path.join(dir, 'modules.json');
  const preload = path.join(dir, 'record.mjs');
  await writeFile(preload, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.moduleLoadList)));\n`);
  server = await startFakeAnthropic({ script });
  const run = await runCli(['-p', 'hi'], {
    cwd: dir,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: await tempDir(), NODE_OPTIONS: `--import ${preload}` },
  });
  const modules: string[] = JSON.parse(await readFile(record, 'utf8'));
  return { run, modules };
}

describe('the headless start-up path of the built CLI', () => {
  it("answers a prompt without loading undici (Node's fetch), and sends the SDK's headers", async () => {
    const { run, modules } = await runRecordingModules([endTurn('hello')]);
    expect(run.stdout).toBe('hello\n');
    expect(modules.filter((name) => name.includes('undici'))).toEqual([]);
    const headers = server!.requests[0]!.headers;
    expect(headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
    expect(headers['x-api-key'] ?? headers.authorization).toMatch(/^(Bearer )?test-key$/);
    expect(headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(headers['user-agent']).toMatch(/^Anthropic\/JS /);
    expect(headers['x-stainless-retry-count']).toBe('0');
  });

  it('reads an API error (status, JSON body, retry-after) and retries without undici', async () => {
    const { run, modules } = await runRecordingModules([overloaded({ message: 'busy right now' }), endTurn('patience pays')]);
    expect(run.stdout).toBe('patience pays\n');
    expect(server!.requests).toHaveLength(2);
    expect(modules.filter((name) => name.includes('undici'))).toEqual([]);
  });

  it('a plain -p run compiles neither the YAML library, the Agent SDK initialize module nor the slash-command list', async () => {
    const plain = await runRecordingLoadedFiles(await tempDir('agentcli-startup-plain-'));
    expect(plain.run.stdout).toBe('hello\n');
    expect(plain.files.filter((file) => /\/(sdkInitialize|headlessSlashCommandList)-[^/]*\.js$/.test(file))).toEqual([]);
    expect(await filesContaining(plain.files, 'YAMLParseError')).toEqual([]);

    // The control: a skill file with front matter is parsed at start, and then the library loads.
    const withSkill = await tempDir('agentcli-startup-skill-');
    await mkdir(path.join(withSkill, '.claude', 'skills', 'tidy'), { recursive: true });
    await writeFile(path.join(withSkill, '.claude', 'skills', 'tidy', 'SKILL.md'), '---\ndescription: Tidy things\n---\nTidy.\n');
    const skilled = await runRecordingLoadedFiles(withSkill);
    expect(skilled.run.stdout).toBe('hello\n');
    expect(await filesContaining(skilled.files, 'YAMLParseError')).toHaveLength(1);
  });
});

/** `agentcli -p hi` in `cwd` with a module loader hook that lists every JavaScript file the process loads. */
async function runRecordingLoadedFiles(cwd: string) {
  const dir = await tempDir('agentcli-startup-files-');
  const log = path.join(dir, 'files.log');
  const hooks = [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');`,
    '  return next(url, context);',
    '}',
  ].join('\n');
  const preload = path.join(dir, 'hooks.mjs');
  await writeFile(preload, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);
  await server?.close();
  server = await startFakeAnthropic({ script: [endTurn('hello')] });
  const run = await runCli(['-p', 'hi'], {
    cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: await tempDir(), NODE_OPTIONS: `--import ${preload}` },
  });
  const files = (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '').map((url) => new URL(url).pathname);
  return { run, files };
}

async function filesContaining(files: readonly string[], text: string): Promise<string[]> {
  const matches = await Promise.all(files.map(async (file) => ((await readFile(file, 'utf8').catch(() => '')).includes(text) ? [file] : [])));
  return matches.flat();
}
