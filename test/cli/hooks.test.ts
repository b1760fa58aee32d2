// Hooks end to end: the built CLI, the fake model, real hook processes, real tools on disk.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

const headless = workspace.run;

async function projectHooks(hooks: Record<string, unknown>, permissions: Record<string, unknown> = {}): Promise<void> {
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions, hooks }, null, 2));
}

const command = (text: string, timeout?: number) => ({ type: 'command', command: text, ...(timeout ? { timeout } : {}) });

describe('hooks through the built CLI', () => {
  it('the .claude-example rm -rf hook blocks the real Bash tool: nothing is deleted, the model reads why', async () => {
    await mkdir(path.join(cwd, '.claude', 'hooks'), { recursive: true });
    const example = path.resolve('.claude-example/.claude/hooks/refuse-rm-rf.sh');
    await writeFile(path.join(cwd, '.claude', 'hooks', 'refuse-rm-rf.sh'), await readFile(example, 'utf8'));
    await projectHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [command('sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/refuse-rm-rf.sh')] }] });
    await mkdir(path.join(cwd, 'build'));
    await writeFile(path.join(cwd, 'build', 'out.js'), 'x');
    const run = await headless([turn(toolUse('Bash', { command: 'rm -rf build' })), endTurn('ok')], ['-p', 'clean up', '--dangerously-skip-permissions']);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'build', 'out.js'))).toBe(true);
    const [result] = lastToolResults(workspace.server!.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toBe('PreToolUse hook blocked Bash: rm -rf is refused by this project: delete specific files, or ask the user to do it.');
  });

  it('PostToolUse formats after Write: the file on disk is what the hook made of it', async () => {
    await projectHooks({
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [command(`node -e 'let t="";process.stdin.on("data",c=>t+=c).on("end",()=>{const f=JSON.parse(t).tool_input.file_path;const fs=require("fs");fs.writeFileSync(f,fs.readFileSync(f,"utf8").toUpperCase())})'`)] }],
    });
    const file = path.join(cwd, 'note.txt');
    const run = await headless([turn(toolUse('Write', { file_path: file, content: 'hello\n' })), endTurn('written')], ['-p', 'write it', '--permission-mode', 'acceptEdits']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('HELLO\n');
  });

  it('UserPromptSubmit adds context; a failing hook is a warning on stderr and the run goes on', async () => {
    await projectHooks({
      UserPromptSubmit: [{ hooks: [command('echo "ticket ABC-1 is in progress"'), command('echo "cannot reach tracker" >&2; exit 1')] }],
    });
    const run = await headless([endTurn('noted')], ['-p', 'status?']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('noted\n');
    expect(run.stderr).toContain('UserPromptSubmit hook failed (echo "cannot reach tracker" >&2; exit 1): exit code 1: cannot reach tracker');
    expect(JSON.stringify(workspace.server!.requests[0]!.body.messages)).toContain('ticket ABC-1 is in progress');
  });

  it('UserPromptSubmit exit 2: nothing reaches the model, the reason is on stderr, exit code 1', async () => {
    await projectHooks({ UserPromptSubmit: [{ hooks: [command('echo "prompts mentioning prod are not allowed" >&2; exit 2')] }] });
    const run = await headless([endTurn('never')], ['-p', 'deploy to prod']);
    expect(workspace.server!.requests).toHaveLength(0);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('prompts mentioning prod are not allowed');
  });

  it('a hanging hook is stopped at its timeout and the run continues', async () => {
    await projectHooks({ PreToolUse: [{ matcher: 'Read', hooks: [command('sleep 300', 1)] }] });
    await writeFile(path.join(cwd, 'a.txt'), 'content\n');
    const run = await headless([turn(toolUse('Read', { file_path: path.join(cwd, 'a.txt') })), endTurn('read')], ['-p', 'read a.txt']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('PreToolUse hook failed (sleep 300): timed out after 1 s and was stopped');
    expect(toolResultText(lastToolResults(workspace.server!.requests[1]!)[0]!)).toContain('content');
  });

  it('--verbose stream-json includes the hook runs', async () => {
    await projectHooks({ Stop: [{ hooks: [command('echo done-hook')] }] });
    const run = await headless([endTurn('fin')], ['-p', 'hi', '--output-format', 'stream-json', '--verbose']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const hookLines = lines.filter((line) => line.type === 'system' && String(line.subtype).startsWith('hook_'));
    expect(hookLines).toEqual([
      expect.objectContaining({ subtype: 'hook_started', hook_event_name: 'Stop', hooks: ['echo done-hook'] }),
      expect.objectContaining({ subtype: 'hook_response', hook_event_name: 'Stop', hooks: [expect.objectContaining({ hook: 'echo done-hook', outcome: 'success', output: 'done-hook' })] }),
    ]);
  });

  it('a malformed hooks entry stops start-up with file, line and key', async () => {
    await projectHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '' }] }] });
    const run = await headless([endTurn('never')], ['-p', 'hi']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/agentcli: invalid hooks setting in .*\.claude\/settings\.json:\d+: "hooks\.PreToolUse\[0\]\.hooks\[0\]\.command" must be a non-empty string/);
    expect(workspace.server!.requests).toHaveLength(0);
  });
});
