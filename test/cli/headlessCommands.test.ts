// Custom commands in headless -p, through the built CLI against the fake model server: the request
// carries the prompt expanded exactly as the REPL expands it (arguments, !`cmd` output, @file
// inlined, the command's model), allowed-tools hold for that run only, a snippet that would ask is
// denied and nothing is sent, and a /word that is not a command goes to the model as typed.
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { execFileSync, spawn } from 'node:child_process';
import { CLI_BIN, runCli, tempDir } from '../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const exists = (file: string) => access(file).then(() => true, () => false);

async function project(files: Record<string, string>): Promise<{ cwd: string; configDir: string }> {
  const cwd = await tempDir('agentcli-hcmd-cwd-');
  const configDir = await tempDir('agentcli-hcmd-config-');
  for (const [file, content] of Object.entries(files)) {
    const full = file.startsWith('~config/') ? path.join(configDir, file.slice('~config/'.length)) : path.join(cwd, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }
  return { cwd, configDir };
}

async function headless(folders: { cwd: string; configDir: string }, script: ScriptedTurn[], prompt: string, args: string[] = []) {
  server = await startFakeAnthropic({ script });
  const run = await runCli(['-p', prompt, '--output-format', 'json', ...args], {
    cwd: folders.cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: folders.configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
  });
  server.assertNoViolations();
  return run;
}

function lastUserMessage(index: number): string {
  return JSON.stringify(server!.requests[index]!.body.messages.at(-1).content);
}

describe('custom commands in headless -p', () => {
  it('/frontend:lint src expands arguments, runs its allowed !`cmd`, inlines @file, and uses its model', async () => {
    const folders = await project({
      '.claude/commands/frontend/lint.md': [
        '---',
        'description: Lint a folder',
        'allowed-tools: Bash(echo:*)',
        'model: haiku',
        '---',
        'Lint $1 ($ARGUMENTS). Linter says: !`echo lint-output-for-$1`',
        'Config: @lint.json',
      ].join('\n'),
      'lint.json': '{"rules": "strict"}\n',
    });
    const run = await headless(folders, [endTurn('Linted.')], '/frontend:lint src');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).result).toBe('Linted.');
    const sent = lastUserMessage(0);
    expect(sent).toContain('Lint src (src). Linter says: lint-output-for-src');
    expect(sent).toContain('Contents of @lint.json');
    expect(sent).toContain('strict');
    expect(server!.requests[0]!.body.model).toBe('claude-haiku-4-5-20251001');
  });

  it('allowed-tools hold for the command\'s run, model calls included, and not for a run without it', async () => {
    const folders = await project({
      '.claude/commands/mark.md': '---\nallowed-tools: Bash(touch marked.txt)\n---\nMake the mark.',
    });
    const run = await headless(folders, [turn(toolUse('Bash', { command: 'touch marked.txt' })), endTurn('Marked.')], '/mark');
    expect(run.code).toBe(0);
    expect(await exists(path.join(folders.cwd, 'marked.txt'))).toBe(true);

    const plain = await headless(folders, [turn(toolUse('Bash', { command: 'touch other.txt' })), endTurn('Could not.')], 'make the other mark');
    expect(plain.code).toBe(0);
    expect(toolResultText(lastToolResults(server!.requests[1]!)[0]!)).toMatch(/permission/i);
    expect(await exists(path.join(folders.cwd, 'other.txt'))).toBe(false);
  });

  it('a !`cmd` that would ask is denied headless: nothing is sent, the run fails with the reason, nothing ran', async () => {
    const folders = await project({ '.claude/commands/wipe.md': 'Wiped: !`touch wiped.txt`' });
    const run = await headless(folders, [endTurn('never')], '/wipe');
    expect(run.code).toBe(1);
    expect(server!.requests).toHaveLength(0);
    expect(run.stderr).toMatch(/agentcli: \/wipe: !`touch wiped.txt` did not run \(denied: .*\), so the prompt was not sent\./);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'result', is_error: true, subtype: 'error_during_execution' });
    expect(await exists(path.join(folders.cwd, 'wiped.txt'))).toBe(false);
  });

  it('a user command (config folder) runs too; a project command of the same name wins', async () => {
    const folders = await project({ '~config/commands/greet.md': 'User greeting for $ARGUMENTS', '~config/commands/hello.md': 'User hello' , '.claude/commands/hello.md': 'Project hello' });
    await headless(folders, [endTurn('hi')], '/greet Ada');
    expect(lastUserMessage(0)).toContain('User greeting for Ada');
    await headless(folders, [endTurn('hi')], '/hello');
    expect(lastUserMessage(0)).toContain('Project hello');
  });

  it('an unknown /word is sent as typed; a REPL-only built-in is refused with one line; /init sends its prompt', async () => {
    const folders = await project({});
    const unknown = await headless(folders, [endTurn('It is a path.')], '/usr/local/bin is missing from PATH, why?');
    expect(unknown.code).toBe(0);
    expect(lastUserMessage(0)).toContain('/usr/local/bin is missing from PATH, why?');
    const word = await headless(folders, [endTurn('ok')], '/frobnicate the widgets');
    expect(word.code).toBe(0);
    expect(lastUserMessage(0)).toContain('/frobnicate the widgets');

    const builtin = await headless(folders, [endTurn('never')], '/model opus');
    expect(builtin.code).toBe(1);
    expect(builtin.stderr).toBe('agentcli: /model is a command of the interactive REPL; it does not run with -p.\n');
    expect(server!.requests).toHaveLength(0);

    await headless(folders, [endTurn('Wrote it.')], '/init');
    expect(lastUserMessage(0)).toContain('Write a CLAUDE.md file for this repository');
  });

  it('/doctor answers in headless runs with the report (terminal n/a), as text and as a json result, sending no prompt', async () => {
    const folders = await project({});
    const json = await headless(folders, [endTurn('never')], '/doctor');
    const result = JSON.parse(json.stdout);
    // A failed check (this machine may lack bubblewrap) makes the run exit non-zero, for CI to gate on.
    expect(json.code).toBe(/^✗/m.test(result.result) ? 1 : 0);
    expect(result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, num_turns: 0 });
    for (const check of ['API', 'API key', 'Sandbox', 'ripgrep', 'Config files', 'MCP servers']) expect(result.result).toMatch(new RegExp(`^[✓!✗] ${check} `, 'm'));
    expect(result.result).toMatch(/^✓ Terminal +n\/a \(headless: no terminal UI\)$/m);
    expect(result.result).toContain(`${server!.url} reachable`);
    expect(server!.requests).toHaveLength(0);

    server = await startFakeAnthropic({ script: [] });
    const text = await runCli(['-p', '/doctor'], { cwd: folders.cwd, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: folders.configDir } });
    expect(text.stdout).toMatch(/^✓ API key +ANTHROPIC_API_KEY from the environment/m);
    expect(text.stdout).toMatch(/Terminal +n\/a \(headless/);
  });

  it('/doctor without any credentials reports the missing key (exit 1) instead of failing to start; any other prompt still fails to start', async () => {
    const folders = await project({});
    const doctor = await runCli(['-p', '/doctor'], { cwd: folders.cwd, env: { AGENTCLI_CONFIG_DIR: folders.configDir } });
    expect(doctor.stdout).toMatch(/^✗ API key +none$/m);
    expect(doctor.code).toBe(1);
    expect(doctor.stderr).toMatch(/^agentcli: \/doctor: \d+ checks? failed$/m);
    const prompt = await runCli(['-p', 'hi'], { cwd: folders.cwd, env: { AGENTCLI_CONFIG_DIR: folders.configDir } });
    expect(prompt.code).toBe(1);
    expect(prompt.stderr).toContain('ANTHROPIC_API_KEY is not set');
  });

  it('/permissions in headless runs: its text form adds, lists and removes rules; an added rule holds for the next run', async () => {
    const folders = await project({});
    const added = await headless(folders, [], '/permissions allow Bash(touch made.txt)');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout).result).toMatch(/^Added allow: Bash\(touch made\.txt\)/);
    const listed = await headless(folders, [], '/permissions');
    expect(JSON.parse(listed.stdout).result).toMatch(/Allow:\n {2}Bash\(touch made\.txt\) {2}— local: .*settings\.local\.json/);
    // Headless asks nobody: without the rule this call would be denied.
    const run = await headless(folders, [turn(toolUse('Bash', { command: 'touch made.txt' })), endTurn('made')], 'make it');
    expect(run.code).toBe(0);
    expect(await exists(path.join(folders.cwd, 'made.txt'))).toBe(true);
    const invalid = await headless(folders, [], '/permissions allow Bash(');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/not a valid rule|Usage/);
    const removed = await headless(folders, [], '/permissions remove Bash(touch made.txt)');
    expect(JSON.parse(removed.stdout).result).toContain('Removed Bash(touch made.txt)');
    // Nothing to remove is a failure a script can see.
    const missing = await headless(folders, [], '/permissions remove Bash(touch made.txt)');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('is not in');
  });

  it('/review sends the uncommitted diff for a review (CI); with nothing changed it fails in one line, sending nothing', async () => {
    const folders = await project({ 'a.txt': 'one\n' });
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: folders.cwd, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'first');
    const clean = await headless(folders, [endTurn('never')], '/review');
    expect(clean.code).toBe(1);
    expect(clean.stderr).toContain('No changes to review');
    expect(server!.requests).toHaveLength(0);
    await writeFile(path.join(folders.cwd, 'a.txt'), 'two\n');
    const run = await headless(folders, [endTurn('Looks fine.')], '/review naming');
    expect(run.code).toBe(0);
    expect(lastUserMessage(0)).toContain('Focus especially on: naming');
    expect(lastUserMessage(0)).toContain('-one\\n+two');
  });

  it('Ctrl+C while a command\'s !`cmd` runs: nothing is sent, the run stops with exit 130', async () => {
    const folders = await project({ '.claude/commands/slow.md': '---\nallowed-tools: Bash(touch started), Bash(sleep 30)\n---\nAfter: !`touch started && sleep 30`' });
    server = await startFakeAnthropic({ script: [endTurn('never')] });
    const child = spawn(process.execPath, [CLI_BIN, '-p', '/slow'], {
      cwd: folders.cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: folders.configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The snippet is running once its first command has left its mark.
    const deadline = Date.now() + 20_000;
    while (!(await exists(path.join(folders.cwd, 'started'))) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(stderr).toMatch(/!`touch started && sleep 30` did not run \(interrupted\)/);
    expect(server.requests).toHaveLength(0);
  }, 40_000);
});
