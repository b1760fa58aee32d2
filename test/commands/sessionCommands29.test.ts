// /todos, /review, /statusline and /theme, run against a real session (no terminal).
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { REVIEW_INSTRUCTIONS } from '../../src/commands/builtin/review.js';
import type { CommandResult } from '../../src/commands/types.js';
import type { ThemeName } from '../../src/settings/themeSetting.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';

let fixture: CommandFixture;
beforeEach(async () => {
  fixture = await commandFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

async function run(name: string, args = ''): Promise<CommandResult> {
  const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === name)!;
  return command.run(args, fixture.context);
}

function text(result: CommandResult): string {
  if (result.type !== 'text') throw new Error(`expected text, got ${result.type}`);
  return result.text;
}

const userSettings = async (): Promise<Record<string, unknown>> => JSON.parse(await readFile(path.join(fixture.session.info.configDir, 'settings.json'), 'utf8'));

describe('/todos', () => {
  it('shows the TodoWrite list as it stands, with the task in progress', async () => {
    expect(text(await run('todos'))).toContain('No tasks yet');
    fixture.session.appState.set((state) => ({
      ...state,
      todos: [
        { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
        { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
        { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
      ],
    }));
    expect(text(await run('todos'))).toBe(['Tasks (1 of 3 done):', '  ☒ Read the code', '  ◼ Fix the bug (Fixing the bug)', '  ☐ Run the tests'].join('\n'));
  });
});

describe('/review', () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: fixture.cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });

  it('outside a repository says it needs one', async () => {
    const result = await run('review');
    expect(result).toMatchObject({ type: 'text', tone: 'error' });
    expect(text(result)).toContain('/review needs a git repository');
  });

  it('sends the diff against HEAD and the new files to the model, with the focus asked for', async () => {
    git('init', '-q');
    await writeFile(path.join(fixture.cwd, 'a.js'), 'export const a = 1;\n');
    git('add', '.');
    git('commit', '-qm', 'first');
    expect(text(await run('review'))).toContain('No changes to review');
    await writeFile(path.join(fixture.cwd, 'a.js'), 'export const a = 2;\n');
    await writeFile(path.join(fixture.cwd, 'b.js'), 'new file\n');
    const result = await run('review', 'error handling');
    if (result.type !== 'prompt') throw new Error(`expected a prompt, got ${result.type}`);
    expect(result.prompt.startsWith(REVIEW_INSTRUCTIONS)).toBe(true);
    expect(result.prompt).toContain('Focus especially on: error handling');
    expect(result.prompt).toContain('-export const a = 1;\n+export const a = 2;');
    expect(result.prompt).toContain('?? b.js');
    expect(result.prompt).toContain('Untracked files (marked ??) are new');
  });

  it('reviews the staged files of a repository without a first commit', async () => {
    git('init', '-q');
    await writeFile(path.join(fixture.cwd, 'c.js'), 'const c = 3;\n');
    git('add', '.');
    const result = await run('review');
    if (result.type !== 'prompt') throw new Error(`expected a prompt, got ${result.type}`);
    expect(result.prompt).toContain('+const c = 3;');
  });
});

describe('/statusline', () => {
  it('saves the program in the user settings, applies it at once, and removes it with off', async () => {
    const applied: Array<string | undefined> = [];
    const context = { ...fixture.context, applyStatusLine: (command: string | undefined) => void applied.push(command) };
    const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === 'statusline')!;
    expect(text(await command.run('', context))).toContain('No status line program is set.');
    expect(text(await command.run('echo hello', context))).toContain('Status line program set: echo hello');
    expect(await userSettings()).toEqual({ statusLine: { type: 'command', command: 'echo hello' } });
    expect(applied).toEqual(['echo hello']);
    expect(text(await command.run('', context))).toContain('Status line program: echo hello (from');
    expect(text(await command.run('off', context))).toContain('Status line program removed');
    expect(await userSettings()).toEqual({});
    expect(applied).toEqual(['echo hello', undefined]);
  });

  it('says when the project settings set another program, which stays in force', async () => {
    await mkdir(path.join(fixture.cwd, '.claude'));
    await writeFile(path.join(fixture.cwd, '.claude', 'settings.json'), JSON.stringify({ statusLine: { type: 'command', command: 'project-status' } }));
    const applied: Array<string | undefined> = [];
    const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === 'statusline')!;
    const reply = text(await command.run('mine', { ...fixture.context, applyStatusLine: (line) => void applied.push(line) }));
    expect(reply).toContain('sets one too, and it wins: project-status');
    expect(applied).toEqual(['project-status']);
  });

  it('without a live REPL says it applies from the next start', async () => {
    expect(text(await run('statusline', 'echo x'))).toContain('it applies from the next start');
  });
});

describe('/theme', () => {
  it('a picker over the themes with the one in force marked; the choice applies and is saved for the user', async () => {
    const applied: ThemeName[] = [];
    const context = { ...fixture.context, applyTheme: (name: ThemeName) => void applied.push(name) };
    const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === 'theme')!;
    fixture.state.choices.push('light');
    expect(text(await command.run('', context))).toContain('Theme: light; saved in');
    expect(fixture.state.asked[0]?.current).toBe('ansi');
    expect(fixture.state.asked[0]?.options.map((option) => option.value)).toEqual(['ansi', 'dark', 'light']);
    expect(applied).toEqual(['light']);
    expect(await userSettings()).toEqual({ theme: 'light' });
    expect(text(await command.run('dark', context))).toContain('Theme: dark');
    expect(text(await command.run('neon', context))).toContain('There is no theme "neon"');
    fixture.state.choices.push(undefined);
    expect(text(await command.run('', context))).toBe('Theme unchanged: dark.');
  });
});
