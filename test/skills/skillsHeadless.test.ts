// Skills end to end through the built CLI and the fake model: only names and descriptions go up
// front; the body reaches the model only in the Skill call's result; a supporting file is read
// on demand through Read; allowed-tools hold for the rest of that run; `/name` runs a skill like a
// custom command; an untrusted folder's skills never load.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptedTurn } from '../support/fakeAnthropic.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { writeFiles } from '../support/writeFiles.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

const exists = (file: string) => access(file).then(() => true, () => false);
const BODY_MARKER = 'BODY-ONLY-AFTER-SKILL-CALL';

/** Files under the project, or under the config folder for paths starting with `~config/`. */
async function project(files: Record<string, string>): Promise<{ cwd: string; configDir: string }> {
  for (const [file, content] of Object.entries(files)) {
    if (file.startsWith('~config/')) await writeFiles(configDir, { [file.slice('~config/'.length)]: content });
    else await writeFiles(cwd, { [file]: content });
  }
  return { cwd, configDir };
}

async function headless(_folders: { cwd: string; configDir: string }, script: ScriptedTurn[], prompt: string, args: string[] = []) {
  const run = await workspace.run(script, ['-p', prompt, '--output-format', 'json', ...args]);
  workspace.server!.assertNoViolations();
  return run;
}

const RELEASE_SKILL = {
  '.claude/skills/release-notes/SKILL.md': [
    '---',
    'name: release-notes',
    'description: Write release notes from the changelog. Use when the user asks for release notes.',
    'allowed-tools: Bash(touch notes-written.txt)',
    '---',
    `${BODY_MARKER}: read template.md in \${CLAUDE_SKILL_DIR}, then run touch notes-written.txt. Version: $ARGUMENTS`,
  ].join('\n'),
  '.claude/skills/release-notes/template.md': 'TEMPLATE-FILE-CONTENT',
};

describe('skills with the model', () => {
  it('lists the skill up front, sends its body only in the Skill result, and grants its allowed-tools for that run', async () => {
    const folders = await project(RELEASE_SKILL);
    const template = path.join(folders.cwd, '.claude/skills/release-notes/template.md');
    const run = await headless(
      folders,
      [
        turn(toolUse('Skill', { skill: 'release-notes', args: '2.0' })),
        turn(toolUse('Read', { file_path: template }), toolUse('Bash', { command: 'touch notes-written.txt' })),
        endTurn('Notes written.'),
      ],
      'write the release notes',
      // A skill that grants rules is loaded like any call with side effects: here the caller allows it.
      ['--allowedTools', 'Skill'],
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).result).toBe('Notes written.');

    const [first, second, third] = workspace.server!.requests;
    const skillTool = first!.body.tools.find((tool: { name: string }) => tool.name === 'Skill');
    expect(skillTool.description).toContain('- release-notes: Write release notes from the changelog.');
    expect(JSON.stringify(first!.body)).not.toContain(BODY_MARKER);

    const loaded = toolResultText(lastToolResults(second!)[0]!);
    expect(loaded).toContain(`${BODY_MARKER}: read template.md in ${path.join(folders.cwd, '.claude/skills/release-notes')}`);
    expect(loaded).toContain('Version: 2.0');
    expect(loaded).toContain('allowed without asking: Bash(touch notes-written.txt)');

    const [read, bash] = lastToolResults(third!);
    expect(toolResultText(read!)).toContain('TEMPLATE-FILE-CONTENT');
    expect(bash!.is_error).toBeFalsy();
    expect(await exists(path.join(folders.cwd, 'notes-written.txt'))).toBe(true);
  });

  it('loading a skill that grants rules asks first (headless: denied, nothing granted)', async () => {
    const folders = await project(RELEASE_SKILL);
    await headless(folders, [turn(toolUse('Skill', { skill: 'release-notes' })), turn(toolUse('Bash', { command: 'touch notes-written.txt' })), endTurn('No.')], 'notes');
    expect(toolResultText(lastToolResults(workspace.server!.requests[1]!)[0]!)).toMatch(/Permission to use Skill was not granted/);
    expect(JSON.stringify(workspace.server!.requests[1]!.body.messages)).not.toContain(BODY_MARKER);
    expect(await exists(path.join(folders.cwd, 'notes-written.txt'))).toBe(false);
  });

  it('without the skill loaded, the same command is not allowed (headless: denied)', async () => {
    const folders = await project(RELEASE_SKILL);
    await headless(folders, [turn(toolUse('Bash', { command: 'touch notes-written.txt' })), endTurn('Could not.')], 'just touch it');
    expect(toolResultText(lastToolResults(workspace.server!.requests[1]!)[0]!)).toMatch(/permission/i);
    expect(await exists(path.join(folders.cwd, 'notes-written.txt'))).toBe(false);
  });

  it('/release-notes 3.1 runs the skill as the prompt, with its grant, like a custom command', async () => {
    const folders = await project(RELEASE_SKILL);
    const run = await headless(folders, [turn(toolUse('Bash', { command: 'touch notes-written.txt' })), endTurn('Done.')], '/release-notes 3.1');
    expect(run.code).toBe(0);
    const sent = JSON.stringify(workspace.server!.requests[0]!.body.messages.at(-1).content);
    expect(sent).toContain(BODY_MARKER);
    expect(sent).toContain('Version: 3.1');
    expect(await exists(path.join(folders.cwd, 'notes-written.txt'))).toBe(true);
  });

  it('a model-only skill has no /command; a user-only skill is not offered to the model', async () => {
    const folders = await project({
      '~config/skills/quiet/SKILL.md': '---\ndescription: Only the model loads this\nuser-invocable: false\n---\nquiet body',
      '~config/skills/manual/SKILL.md': '---\ndescription: Only the user runs this\ndisable-model-invocation: true\n---\nMANUAL-BODY',
    });
    await headless(folders, [endTurn('ok')], '/quiet');
    expect(JSON.stringify(workspace.server!.requests[0]!.body.messages)).toContain('/quiet');
    const skillTool = workspace.server!.requests[0]!.body.tools.find((tool: { name: string }) => tool.name === 'Skill');
    expect(skillTool.description).toContain('- quiet: Only the model loads this');
    expect(skillTool.description).not.toContain('manual');
    await headless(folders, [endTurn('ok')], '/manual');
    expect(JSON.stringify(workspace.server!.requests[0]!.body.messages)).toContain('MANUAL-BODY');
  });

  it('no skills, no Skill tool', async () => {
    await headless(await project({}), [endTurn('ok')], 'hi');
    expect(workspace.server!.requests[0]!.body.tools.map((tool: { name: string }) => tool.name)).not.toContain('Skill');
  });
});
