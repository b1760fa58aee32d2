// CLAUDE_ENV_FILE: SessionStart command hooks write `export NAME=value` lines; every later Bash command of the
// session runs with them. The file is parsed, never sourced: a line that would run something is refused.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvironmentFile } from '../../src/hooks/sessionShellEnvironment.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { writeFiles } from '../support/writeFiles.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));
const exists = (file: string) => access(file).then(() => true, () => false);

describe('parseEnvironmentFile', () => {
  const base = { HOME: '/home/u', PATH: '/usr/bin' };
  it('reads the forms hooks write, expanding $NAME and ${NAME} from the environment and earlier lines', () => {
    const parsed = parseEnvironmentFile(
      [
        '# written by nvm',
        'export PATH="/opt/node/bin:$PATH"',
        "export GREETING='hello $not expanded'",
        'VENV=${HOME}/.venv',
        'export BIN=~/bin:$VENV/bin',
        'export EMPTY=',
        'export SPACED="a b"  # trailing comment',
        'export ESCAPED="say \\"hi\\""',
      ].join('\n'),
      base,
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.vars).toEqual({
      PATH: '/opt/node/bin:/usr/bin',
      GREETING: 'hello $not expanded',
      VENV: '/home/u/.venv',
      BIN: '/home/u/bin:/home/u/.venv/bin',
      EMPTY: '',
      SPACED: 'a b',
      ESCAPED: 'say "hi"',
    });
  });

  it('refuses every line that a shell would run something for, and keeps the rest', () => {
    const refused = ['export A=$(touch pwned)', 'export B="`touch pwned`"', 'C=1 D=2', 'export E=x; touch pwned', 'source ./evil.sh', 'export F=${G:-$(id)}', 'export H=*', 'export "I=1"', 'export J="unclosed'];
    const parsed = parseEnvironmentFile([...refused, 'export OK=1'].join('\n'), base);
    expect(parsed.vars).toEqual({ OK: '1' });
    expect(parsed.problems).toHaveLength(refused.length);
  });
});

describe('CLAUDE_ENV_FILE end to end', () => {
  it('variables a SessionStart hook writes reach the Bash tool; a line that would run something is refused and runs nothing', async () => {
    const hook = [
      'echo "export GREETING=\\"hello from the hook\\"" >> "$CLAUDE_ENV_FILE"',
      'echo "export PATH=\\"$CLAUDE_PROJECT_DIR/tools:\\$PATH\\"" >> "$CLAUDE_ENV_FILE"',
      'echo "export EVIL=\\$(touch $CLAUDE_PROJECT_DIR/pwned)" >> "$CLAUDE_ENV_FILE"',
      'echo "$CLAUDE_ENV_FILE" > "$CLAUDE_PROJECT_DIR/env-file-path"',
    ].join('; ');
    await writeFiles(configDir, { 'settings.json': JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: hook }] }] } }) });
    await writeFiles(cwd, { 'tools/say': '#!/bin/sh\necho "said: $1"\n' });
    await import('node:fs/promises').then((fs) => fs.chmod(path.join(cwd, 'tools/say'), 0o755));
    const run = await workspace.run(
      [turn(toolUse('Bash', { command: 'echo "[$GREETING]"; say it' })), endTurn('ok')],
      ['-p', 'go', '--output-format', 'json', '--allowedTools', 'Bash(echo:*)', '--allowedTools', 'Bash(say:*)'],
    );
    expect(JSON.parse(run.stdout).result).toBe('ok');
    const output = toolResultText(lastToolResults(workspace.server!.requests[1]!)[0]!);
    expect(output).toContain('[hello from the hook]');
    expect(output).toContain('said: it');
    expect(await exists(path.join(cwd, 'pwned'))).toBe(false);
    expect(run.stderr).toContain('line 3 is not a plain `export NAME=value`');
    // Kept outside the working directory, under the config folder.
    const envFile = (await readFile(path.join(cwd, 'env-file-path'), 'utf8')).trim();
    expect(envFile.startsWith(path.join(configDir, 'session-env') + path.sep)).toBe(true);
  });

  it('a CwdChanged hook (direnv style) sets variables for the commands after the move, over what SessionStart set', async () => {
    const settings = {
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: 'echo "export WHERE=start STAYS=yes" >> "$CLAUDE_ENV_FILE"; echo "export WHERE=start" >> "$CLAUDE_ENV_FILE"; echo "export STAYS=yes" >> "$CLAUDE_ENV_FILE"' }] }],
        CwdChanged: [{ hooks: [{ type: 'command', command: 'echo "export WHERE=moved" >> "$CLAUDE_ENV_FILE"' }] }],
      },
    };
    await writeFiles(configDir, { 'settings.json': JSON.stringify(settings) });
    await writeFiles(cwd, { 'sub/.keep': '' });
    await workspace.run(
      [turn(toolUse('Bash', { command: 'echo "[$WHERE]"' })), turn(toolUse('Bash', { command: 'cd sub' })), turn(toolUse('Bash', { command: 'echo "[$WHERE][$STAYS]"' })), endTurn('ok')],
      ['-p', 'go', '--output-format', 'json', '--allowedTools', 'Bash(echo:*)', '--allowedTools', 'Bash(cd:*)'],
    );
    const requests = workspace.server!.requests;
    expect(toolResultText(lastToolResults(requests[1]!)[0]!)).toContain('[start]');
    expect(toolResultText(lastToolResults(requests[3]!)[0]!)).toContain('[moved][yes]');
  });
});

describe('what a hook may not set through CLAUDE_ENV_FILE', () => {
  it.each(['HOME', 'XDG_CONFIG_HOME', 'TMPDIR', 'AGENTCLI_SANDBOX', 'CLAUDE_ENV_FILE'])(
    'hook_sets_%s: refused, the permission analysis or the sandbox reads it from agentcli',
    (name) => {
      const parsed = parseEnvironmentFile(`export ${name}=/tmp/elsewhere\nexport OK=1`, { HOME: '/home/u' });
      expect(parsed.vars).toEqual({ OK: '1' });
      expect(parsed.problems).toEqual([expect.stringContaining(`sets ${name}, which a hook may not set`)]);
    },
  );

  it('relative_path_entries_are_left_out: they would name folders under the command\'s cwd', () => {
    const parsed = parseEnvironmentFile('export PATH="bin:.::/opt/bin:$PATH"', { PATH: '/usr/bin:/bin' });
    expect(parsed.vars).toEqual({ PATH: '/opt/bin:/usr/bin:/bin' });
    expect(parsed.problems).toEqual([expect.stringContaining('PATH entries that are not absolute were left out')]);
  });

  it('is not offered when the config folder is inside the working directory (the model could write it there)', async () => {
    const insideConfig = path.join(cwd, '.agentcli-config');
    const hook = 'echo "[${CLAUDE_ENV_FILE:-none}]" > "$CLAUDE_PROJECT_DIR/seen"';
    await writeFiles(insideConfig, { 'settings.json': JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: hook }] }] } }) });
    const run = await workspace.run([endTurn('ok')], ['-p', 'go', '--output-format', 'json'], { env: { AGENTCLI_CONFIG_DIR: insideConfig } });
    expect(JSON.parse(run.stdout).result).toBe('ok');
    expect(await readFile(path.join(cwd, 'seen'), 'utf8')).toBe('[none]\n');
    expect(run.stderr).toContain('CLAUDE_ENV_FILE is not offered to hooks: the config folder is inside the working directory');
  });
});
