// CLAUDE_ENV_FILE end to end through the built CLI and the fake model: a real SessionStart (or CwdChanged)
// hook appends `export NAME=value` lines, and later Bash commands of the session see them; what the
// file may not set, and where it may not live, is refused and said.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { writeFiles } from '../support/writeFiles.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

function hookSettings(event: 'SessionStart' | 'CwdChanged', script: string) {
  return { '.claude/settings.json': JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command: script }] }] } }) };
}

const WRITE_ENV = [
  `echo "$CLAUDE_ENV_FILE" > "$CLAUDE_PROJECT_DIR/env-file-path.txt"`,
  `echo 'export GREETING="hello from the hook"' >> "$CLAUDE_ENV_FILE"`,
  `echo 'export TOOLBIN=/opt/tools/bin:$TOOLBIN_BASE' >> "$CLAUDE_ENV_FILE"`,
  `echo 'export LD_PRELOAD=/tmp/evil.so' >> "$CLAUDE_ENV_FILE"`,
  `echo 'export HOME=/' >> "$CLAUDE_ENV_FILE"`,
  `echo 'export STAMP=$(touch "$CLAUDE_PROJECT_DIR/substituted")' >> "$CLAUDE_ENV_FILE"`,
].join('; ');

const SHOW_ENV = 'echo "G=$GREETING T=$TOOLBIN L=${LD_PRELOAD:-unset} H=$HOME S=${STAMP:-unset}"';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(() => true, () => false);
}

describe('CLAUDE_ENV_FILE', () => {
  it('a SessionStart hook exports variables that every later Bash command sees; refused names and code are skipped and said', async () => {
    await writeFiles(cwd, hookSettings('SessionStart', WRITE_ENV));
    const run = await workspace.run(
      [turn(toolUse('Bash', { command: SHOW_ENV })), turn(toolUse('Bash', { command: SHOW_ENV, run_in_background: false })), endTurn('Done.')],
      ['-p', 'show the environment', '--output-format', 'json', '--allowedTools', 'Bash'],
      { env: { TOOLBIN_BASE: '/usr/local/bin' } },
    );
    workspace.server!.assertNoViolations();
    expect(JSON.parse(run.stdout).result).toBe('Done.');
    const requests = workspace.server!.requests;
    for (const request of [requests[1]!, requests[2]!]) {
      const output = toolResultText(lastToolResults(request)[0]!);
      expect(output).toContain('G=hello from the hook T=/opt/tools/bin:/usr/local/bin L=unset');
      expect(output).not.toContain('H=/ ');
      expect(output).toContain('S=unset');
    }
    // The file lives in the config folder, outside the working directory, and only its owner may read it.
    const envFile = (await readFile(path.join(cwd, 'env-file-path.txt'), 'utf8')).trim();
    expect(envFile.startsWith(path.join(configDir, 'session-env') + path.sep)).toBe(true);
    expect((await stat(path.dirname(envFile))).mode & 0o077).toBe(0);
    // Nothing in the file was ever run.
    expect(await exists(path.join(cwd, 'substituted'))).toBe(false);
    expect(run.stderr).toContain('sets HOME, which a hook may not set');
    expect(run.stderr).toContain('line 5 is not a plain `export NAME=value`');
  });

  it('a subagent\'s Bash and a background command see the variables too', async () => {
    await writeFiles(cwd, hookSettings('SessionStart', `echo 'export GREETING=hi' >> "$CLAUDE_ENV_FILE"`));
    await workspace.run(
      [
        turn(toolUse('Agent', { description: 'greet', prompt: 'greet', subagent_type: 'general-purpose' })),
        turn(toolUse('Bash', { command: 'echo "child=$GREETING"' })),
        endTurn('greeted'),
        turn(toolUse('Bash', { command: 'echo "bg=$GREETING" > bg.txt', run_in_background: true })),
        endTurn('Done.'),
      ],
      ['-p', 'go', '--output-format', 'json', '--permission-mode', 'acceptEdits', '--allowedTools', 'Bash', 'Agent'],
    );
    workspace.server!.assertNoViolations();
    expect(toolResultText(lastToolResults(workspace.server!.requests[2]!)[0]!)).toContain('child=hi');
    await expect.poll(() => readFile(path.join(cwd, 'bg.txt'), 'utf8').catch(() => ''), { timeout: 5_000 }).toBe('bg=hi\n');
  });

  it('CwdChanged hooks get the file too: a `cd` can set variables for the commands after it', async () => {
    await writeFiles(cwd, { 'sub/.keep': '', ...hookSettings('CwdChanged', `echo "export WHERE=$(basename "$(pwd)")" >> "$CLAUDE_ENV_FILE"`) });
    await workspace.run(
      [
        turn(toolUse('Bash', { command: 'cd sub' })),
        // CwdChanged runs beside the turn: give it a moment before the command that reads its variable.
        turn(toolUse('Bash', { command: 'sleep 1' })),
        turn(toolUse('Bash', { command: 'echo "where=$WHERE"' })),
        endTurn('Done.'),
      ],
      ['-p', 'go', '--output-format', 'json', '--allowedTools', 'Bash'],
    );
    expect(toolResultText(lastToolResults(workspace.server!.requests[3]!)[0]!)).toContain('where=sub');
  });

  it('model_appends_to_the_env_file: refused, even in acceptEdits with Bash allowed, and nothing it tried applies', async () => {
    const sessionId = '0b0e3f57-7c2a-4c53-9d7e-0a4d9b1f2c11';
    await writeFiles(cwd, hookSettings('SessionStart', `echo 'export GREETING=hi' >> "$CLAUDE_ENV_FILE"`));
    const envFile = path.join(configDir, 'session-env', sessionId, 'sessionstart-hook.env');
    await workspace.run(
      [
        turn(toolUse('Bash', { command: `echo 'export PWNED=1' >> ${envFile}` })),
        turn(toolUse('Write', { file_path: envFile, content: 'export PWNED=2\n' })),
        turn(toolUse('Bash', { command: 'echo "p=${PWNED:-unset} g=$GREETING"' })),
        endTurn('Done.'),
      ],
      ['-p', 'go', '--output-format', 'json', '--session-id', sessionId, '--permission-mode', 'acceptEdits', '--allowedTools', 'Bash'],
    );
    workspace.server!.assertNoViolations();
    const requests = workspace.server!.requests;
    expect(lastToolResults(requests[1]!)[0]!.is_error).toBe(true);
    expect(lastToolResults(requests[2]!)[0]!.is_error).toBe(true);
    expect(toolResultText(lastToolResults(requests[3]!)[0]!)).toContain('p=unset g=hi');
    expect(await readFile(envFile, 'utf8')).toBe('export GREETING=hi\n');
  });

  it('path_from_the_env_file_cannot_replace_the_sandbox_program: bwrap is found in agentcli\'s own PATH', async () => {
    const fakeBin = path.join(configDir, 'fake-bin');
    await mkdir(fakeBin, { recursive: true });
    await writeFile(path.join(fakeBin, 'bwrap'), `#!/bin/sh\necho escaped > "${path.join(cwd, 'escaped.txt')}"\nexit 0\n`, { mode: 0o755 });
    await writeFiles(cwd, hookSettings('SessionStart', `echo 'export PATH="${fakeBin}:$PATH"' >> "$CLAUDE_ENV_FILE"`));
    await workspace.run(
      [turn(toolUse('Bash', { command: 'ls' })), endTurn('Done.')],
      ['-p', 'go', '--output-format', 'json', '--sandbox'],
    );
    workspace.server!.assertNoViolations();
    expect(lastToolResults(workspace.server!.requests[1]!)[0]!.is_error).toBeFalsy();
    expect(await exists(path.join(cwd, 'escaped.txt'))).toBe(false);
  });

  it('Setup hooks (--init) get the file too, and the SessionStart that follows keeps what they set', async () => {
    await writeFiles(cwd, {
      '.claude/settings.json': JSON.stringify({
        hooks: {
          Setup: [{ hooks: [{ type: 'command', command: `echo 'export FROM_SETUP=yes' >> "$CLAUDE_ENV_FILE"` }] }],
          SessionStart: [{ hooks: [{ type: 'command', command: `echo 'export FROM_START=yes' >> "$CLAUDE_ENV_FILE"` }] }],
        },
      }),
    });
    await workspace.run(
      [turn(toolUse('Bash', { command: 'echo "setup=$FROM_SETUP start=$FROM_START"' })), endTurn('Done.')],
      ['-p', 'go', '--init', '--output-format', 'json', '--allowedTools', 'Bash'],
    );
    expect(toolResultText(lastToolResults(workspace.server!.requests[1]!)[0]!)).toContain('setup=yes start=yes');
  });

  it('hooks of other events get no CLAUDE_ENV_FILE', async () => {
    await writeFiles(cwd, {
      '.claude/settings.json': JSON.stringify({
        hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo "file=[$CLAUDE_ENV_FILE]" > "$CLAUDE_PROJECT_DIR/seen.txt"` }] }] },
      }),
    });
    await workspace.run([endTurn('Done.')], ['-p', 'go', '--output-format', 'json']);
    expect(await readFile(path.join(cwd, 'seen.txt'), 'utf8')).toBe('file=[]\n');
  });
});
