// /todos, /review, /statusline and /theme, run against a real session (no terminal).
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { REVIEW_INSTRUCTIONS } from '../../src/commands/builtin/review.js';
import type { CommandResult } from '../../src/commands/custom/commandResult.js';
import type { ThemeName } from '../../src/settings/themeSetting.js';
import { MODEL_TABLE } from '../../src/services/api/models.js';
import { onSettingsWrite } from '../../src/settings/settingsWrites.js';
import { createSession } from '../../src/app/createSession.js';
import { autoCompactPercent } from '../../src/session/compaction/tokenEstimate.js';
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

describe('settings writes are announced (ConfigChange follows them at once)', () => {
  it('/theme, /statusline and /config announce the file they wrote', async () => {
    const written: string[] = [];
    const stop = onSettingsWrite((file) => written.push(file));
    try {
      await run('theme', 'dark');
      await run('statusline', 'echo hi');
      fixture.state.choices.push('verbose', 'on', 'local', undefined);
      await run('config');
    } finally {
      stop();
    }
    const user = path.join(fixture.session.info.configDir, 'settings.json');
    expect(written).toEqual([user, user, path.join(fixture.cwd, '.claude', 'settings.local.json')]);
  });
});

describe('/config', () => {
  const localSettings = async (): Promise<Record<string, unknown>> => JSON.parse(await readFile(path.join(fixture.cwd, '.claude', 'settings.local.json'), 'utf8'));

  it('lists the common settings with their value and where it comes from, searchable', async () => {
    await mkdir(path.join(fixture.cwd, '.claude'));
    await writeFile(path.join(fixture.cwd, '.claude', 'settings.json'), JSON.stringify({ theme: 'light' }));
    fixture.state.choices.push(undefined);
    expect(text(await run('config'))).toBe('No settings changed.');
    const screen = fixture.state.asked[0]!;
    expect(screen.searchable).toBe(true);
    const rows = Object.fromEntries(screen.options.map((option) => [option.value, `${option.label} · ${option.description}`]));
    expect(rows['model']).toBe(`Model: ${fixture.state.model} · default`);
    expect(rows['theme']).toBe(`Theme: light · project, shared (${path.join(fixture.cwd, '.claude', 'settings.json')})`);
    expect(rows['outputStyle']).toMatch(/^Output style: \S+ · default$/);
    expect(rows['verbose']).toBe('Verbose output: off · default');
    expect(rows['autoCompactEnabled']).toBe('Auto-compact: on · default');
  });

  it('changes the model for all projects: in force now and in the user settings; the screen stays open', async () => {
    const target = MODEL_TABLE.find((spec) => spec.id !== fixture.state.model)!.id;
    fixture.state.choices.push('model', target, 'user', undefined);
    const reply = text(await run('config'));
    expect(reply).toContain(`Model: ${target} (saved in ${path.join(fixture.session.info.configDir, 'settings.json')}; in force now)`);
    expect(fixture.state.model).toBe(target);
    expect(await userSettings()).toEqual({ model: target });
    // The scope question starts on the entry's usual file; the list reopened after the change.
    expect(fixture.state.asked[2]?.current).toBe('user');
    expect(fixture.state.asked[3]?.title).toContain('Settings');
  });

  it('output style goes to this project by default; verbose and theme apply through the front end', async () => {
    const verbose: boolean[] = [];
    const themes: string[] = [];
    const context = { ...fixture.context, isVerbose: () => verbose.at(-1) ?? false, setVerbose: (on: boolean) => void verbose.push(on), applyTheme: (name: ThemeName) => void themes.push(name) };
    const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === 'config')!;
    fixture.state.choices.push('verbose', 'on', 'local', 'theme', 'dark', 'user', 'outputStyle');
    fixture.state.choices.push(fixture.session.outputStyles.styles.at(-1)!.name);
    // Esc on the scope question changes nothing; Esc on the list closes the screen.
    fixture.state.choices.push(undefined, undefined);
    const reply = text(await command.run('', context));
    expect(verbose).toEqual([true]);
    expect(themes).toEqual(['dark']);
    expect(await localSettings()).toEqual({ verbose: true });
    expect(await userSettings()).toEqual({ theme: 'dark' });
    expect(reply).toContain('Verbose output: on');
    expect(reply).toContain('Theme: dark');
    expect(reply).not.toContain('Output style');
    const outputScope = fixture.state.asked.find((request) => request.title.startsWith('Save output style'));
    expect(outputScope?.current).toBe('local');
  });

  it('auto-compact off is saved and honoured by the next session', async () => {
    fixture.state.choices.push('autoCompactEnabled', 'off', 'user', undefined);
    expect(text(await run('config'))).toContain('Auto-compact: off (saved in');
    expect(await userSettings()).toEqual({ autoCompactEnabled: false });
    const next = await createSession({ cwd: fixture.cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: fixture.session.info.configDir }, isInteractive: true, isTrusted: true, baseTools: [] });
    expect(autoCompactPercent(next.env)).toBeUndefined();
  });

  it('a model saved in settings is the next session\'s model unless --model or ANTHROPIC_MODEL names one', async () => {
    const target = MODEL_TABLE.find((spec) => spec.id !== fixture.state.model)!.id;
    await writeFile(path.join(fixture.session.info.configDir, 'settings.json'), JSON.stringify({ model: target }));
    const base = { cwd: fixture.cwd, isInteractive: true, isTrusted: true, baseTools: [] };
    const env = { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: fixture.session.info.configDir };
    expect((await createSession({ ...base, env })).model).toBe(target);
    expect((await createSession({ ...base, env: { ...env, ANTHROPIC_MODEL: 'claude-haiku-4-5' } })).model).not.toBe(target);
  });
});
