// The hook events added for Claude Code parity, through the built CLI with real hook processes
// (each writes the JSON it received to a log) and the fake model.
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

async function projectHooks(hooks: Record<string, unknown>): Promise<void> {
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
}

/** A hook that appends its input to events.jsonl, then prints `output` (JSON) when given. */
function logging(output?: unknown) {
  const print = output === undefined ? '' : `; printf '%s' '${JSON.stringify(output)}'`;
  return { type: 'command', command: `(cat; echo) >> "$CLAUDE_PROJECT_DIR/events.jsonl"${print}` };
}

async function events(): Promise<Array<Record<string, unknown>>> {
  const file = path.join(cwd, 'events.jsonl');
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
}

describe('new hook events through the built CLI', () => {
  it('PermissionRequest answers for the person: allow runs a call headless would refuse; PermissionDenied hears a refusal and may offer a retry', async () => {
    await projectHooks({
      PermissionRequest: [
        { matcher: 'Bash', hooks: [logging({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } })] },
        { matcher: 'Write', hooks: [logging({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no writes today' } } })] },
      ],
      PermissionDenied: [{ hooks: [logging({ hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } })] }],
    });
    const file = path.join(cwd, 'w.txt');
    const run = await headless(
      [turn(toolUse('Bash', { command: 'touch allowed.txt' }), toolUse('Write', { file_path: file, content: 'x' })), endTurn('done')],
      ['-p', 'go'],
    );
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'allowed.txt'))).toBe(true);
    expect(existsSync(file)).toBe(false);
    const [bash, write] = lastToolResults(workspace.server!.requests[1]!);
    expect(bash!.is_error).toBeFalsy();
    expect(toolResultText(write!)).toBe('Permission denied by a PermissionRequest hook: no writes today\nA PermissionDenied hook says you may try this call again.');
    const seen = await events();
    const request = seen.find((event) => event['hook_event_name'] === 'PermissionRequest' && event['tool_name'] === 'Bash');
    expect(request).toMatchObject({ tool_input: { command: 'touch allowed.txt' }, permission_suggestions: [{ type: 'addRules', behavior: 'allow', destination: 'localSettings' }] });
    expect(seen.find((event) => event['hook_event_name'] === 'PermissionDenied')).toMatchObject({ tool_name: 'Write', reason: expect.stringContaining('no writes today') });
  });

  it('PostToolBatch sees the whole batch and its additionalContext reaches the next request', async () => {
    await writeFile(path.join(cwd, 'a.txt'), 'A');
    await projectHooks({ PostToolBatch: [{ hooks: [logging({ hookSpecificOutput: { hookEventName: 'PostToolBatch', additionalContext: 'batch reviewed' } })] }] });
    await headless([turn(toolUse('Read', { file_path: path.join(cwd, 'a.txt') }), toolUse('Glob', { pattern: '*.txt' })), endTurn('ok')], ['-p', 'look']);
    const [batch] = (await events()).filter((event) => event['hook_event_name'] === 'PostToolBatch');
    expect((batch!['tool_calls'] as Array<{ tool_name: string }>).map((call) => call.tool_name)).toEqual(['Read', 'Glob']);
    expect(JSON.stringify(workspace.server!.requests[1]!.body.messages.at(-1))).toContain('PostToolBatch hook context: batch reviewed');
  });

  it('UserPromptExpansion: matched by command name, blocks a command (nothing sent) or adds context', async () => {
    await mkdir(path.join(cwd, '.claude', 'commands'), { recursive: true });
    await writeFile(path.join(cwd, '.claude', 'commands', 'deploy.md'), 'Deploy $ARGUMENTS now');
    await writeFile(path.join(cwd, '.claude', 'commands', 'check.md'), 'Check it');
    await projectHooks({
      UserPromptExpansion: [
        { matcher: 'deploy', hooks: [logging({ decision: 'block', reason: 'deploys are frozen' })] },
        { matcher: 'check', hooks: [logging({ hookSpecificOutput: { hookEventName: 'UserPromptExpansion', additionalContext: 'use the checklist' } })] },
      ],
    });
    const blocked = await headless([endTurn('never')], ['-p', '/deploy prod']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('UserPromptExpansion hook blocked /deploy: deploys are frozen');
    expect(workspace.server!.requests).toHaveLength(0);
    expect((await events())[0]).toMatchObject({ expansion_type: 'slash_command', command_name: 'deploy', command_args: 'prod', command_source: 'project', prompt: 'Deploy $ARGUMENTS now' });

    await headless([endTurn('reviewed')], ['-p', '/check']);
    expect(JSON.stringify(workspace.server!.requests[0]!.body.messages)).toContain('UserPromptExpansion hook context: use the checklist');
  });

  it('InstructionsLoaded for each memory file; CwdChanged after a cd; StopFailure on an API error', async () => {
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'Be brief.');
    await mkdir(path.join(cwd, 'sub'));
    await projectHooks({
      InstructionsLoaded: [{ hooks: [logging()] }],
      CwdChanged: [{ hooks: [logging()] }],
      StopFailure: [{ matcher: 'invalid_request', hooks: [logging()] }],
    });
    await headless([turn(toolUse('Bash', { command: 'cd sub' })), endTurn('moved')], ['-p', 'go', '--allowedTools', 'Bash(cd:*)']);
    const seen = await events();
    expect(seen.find((event) => event['hook_event_name'] === 'InstructionsLoaded')).toMatchObject({
      file_path: path.join(cwd, 'CLAUDE.md'),
      memory_type: 'Project',
      load_reason: 'session_start',
    });
    // CwdChanged runs beside the turn; give it a moment after the run ended.
    await expect.poll(async () => (await events()).find((event) => event['hook_event_name'] === 'CwdChanged'), { timeout: 5_000 }).toMatchObject({ old_cwd: cwd, new_cwd: path.join(cwd, 'sub') });

    const failed = await headless([{ fault: { kind: 'http', status: 400, errorType: 'invalid_request_error', message: 'bad request body' } }], ['-p', 'fail']);
    expect(failed.code).not.toBe(0);
    expect((await events()).find((event) => event['hook_event_name'] === 'StopFailure')).toMatchObject({ error: 'invalid_request', error_details: expect.stringContaining('bad request body') });
  });

  it('TaskCreated and TaskCompleted for a background Bash task', async () => {
    await projectHooks({ TaskCreated: [{ hooks: [logging()] }], TaskCompleted: [{ hooks: [logging()] }] });
    await headless(
      [turn(toolUse('Bash', { command: 'echo background-done', run_in_background: true, description: 'say done' })), turn(toolUse('Bash', { command: 'sleep 1' })), endTurn('ok')],
      ['-p', 'go', '--allowedTools', 'Bash(echo:*)', 'Bash(sleep:*)'],
    );
    const seen = await events();
    const created = seen.find((event) => event['hook_event_name'] === 'TaskCreated');
    expect(created).toMatchObject({ task_subject: 'echo background-done', task_description: 'say done' });
    expect(seen.find((event) => event['hook_event_name'] === 'TaskCompleted')).toMatchObject({ task_id: created!['task_id'], task_status: 'completed' });
  });
});
