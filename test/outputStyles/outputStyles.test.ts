// Output styles: built-ins, files (user, project once trusted, plugins'), settings `outputStyle`,
// /output-style; a style replaces the how-to-work part of the system prompt and keeps the tool,
// permission and safety instructions.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outputStyleCommand } from '../../src/commands/builtin/outputStyle.js';
import { buildSystemPrompt } from '../../src/context/systemPrompt.js';
import { createSession } from '../../src/app/createSession.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { endTurn } from '../support/scenario.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';
import { pluginFolder } from '../plugins/pluginFixtures.js';
import { writeFiles } from '../support/writeFiles.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));
let fixture: CommandFixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

const base = { cwd: '/repo', additionalDirectories: [], platform: 'linux', date: new Date('2026-01-01'), git: undefined, model: 'm', memoryFiles: [], isInteractive: true, shell: 'bash' };
const promptText = (blocks: readonly { text: string }[]) => blocks.map((block) => block.text).join('\n');


describe('the system prompt with an output style', () => {
  it('replaces the how-to-work part and keeps tool, permission, reminder and security instructions', () => {
    const plain = promptText(buildSystemPrompt(base));
    const styled = promptText(buildSystemPrompt({ ...base, outputStyle: { name: 'Terse', prompt: 'Answer in one line.', keepCodingInstructions: false } }));
    expect(styled).toContain('# Output style: Terse\nAnswer in one line.');
    for (const kept of ['# Tool calls', '# Actions with consequences', '# Permissions', '# System reminders', '# Security']) expect(styled).toContain(kept);
    for (const replaced of ['# Working well', '# Verifying your work', '# Git', '# Planning and progress']) {
      expect(plain).toContain(replaced);
      expect(styled).not.toContain(replaced);
    }
    const keeping = promptText(buildSystemPrompt({ ...base, outputStyle: { name: 'Explain', prompt: 'Explain.', keepCodingInstructions: true } }));
    expect(keeping).toContain('# Working well');
    expect(keeping).toContain('# Output style: Explain');
  });
});

describe('output styles in a session', () => {
  it('settings outputStyle picks a built-in; files from the user, the trusted project and plugins are offered', async () => {
    const plugin = await pluginFolder({ '.claude-plugin/plugin.json': '{"name": "styler"}', 'output-styles/pirate.md': '---\ndescription: Arr\n---\nTalk like a pirate.' });
    await writeFiles(cwd, {
      '.claude/settings.json': JSON.stringify({ outputStyle: 'Explanatory' }),
      '.claude/output-styles/terse.md': '---\nname: Terse\ndescription: One-line answers\nkeep-coding-instructions: false\n---\nAnswer in one line.',
    });
    await writeFiles(configDir, { 'output-styles/mine.md': 'My own style.' });
    const session = await createSession({ cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir }, isInteractive: true, isTrusted: true, pluginDirs: [plugin] });
    expect(session.outputStyle.name).toBe('Explanatory');
    expect(promptText(session.systemPrompt)).toContain('# Output style: Explanatory');
    expect(session.outputStyles.styles.map((style) => style.name)).toEqual(['default', 'Explanatory', 'Learning', 'mine', 'Terse', 'styler:pirate']);
    expect(session.setOutputStyle('styler:pirate')).toBeUndefined();
    expect(promptText(session.systemPrompt)).toContain('# Output style: styler:pirate\nTalk like a pirate.');

    const untrusted = await createSession({ cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir }, isInteractive: true, isTrusted: false, pluginDirs: [plugin] });
    expect(untrusted.outputStyles.styles.map((style) => style.name)).toEqual(['default', 'Explanatory', 'Learning', 'mine']);
  });

  it('an unknown outputStyle is a start-up warning and Default holds', async () => {
    await writeFiles(cwd, { '.claude/settings.json': JSON.stringify({ outputStyle: 'Shakespeare' }) });
    const session = await createSession({ cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir }, isInteractive: false, isTrusted: true });
    expect(session.outputStyle.name).toBe('default');
    expect(session.startupWarnings.join('\n')).toMatch(/outputStyle "Shakespeare" in settings is not a known output style/);
  });

  it('/output-style lists, switches now and saves to .claude/settings.local.json', async () => {
    fixture = await commandFixture();
    const listed = await outputStyleCommand.run('', fixture.context);
    expect(listed).toMatchObject({ type: 'text', text: expect.stringContaining('● default') });
    const switched = await outputStyleCommand.run('learning', fixture.context);
    expect(switched).toMatchObject({ type: 'text', text: expect.stringMatching(/^Output style: Learning/) });
    expect(promptText(fixture.session.systemPrompt)).toContain('# Output style: Learning');
    expect(JSON.parse(await readFile(path.join(fixture.cwd, '.claude', 'settings.local.json'), 'utf8'))).toEqual({ outputStyle: 'Learning' });
    expect(await outputStyleCommand.run('nope', fixture.context)).toMatchObject({ tone: 'error' });
  });

  it('headless: the request carries the style; system/init names it', async () => {
    await writeFiles(cwd, { '.claude/settings.local.json': JSON.stringify({ outputStyle: 'Learning' }) });
    const run = await workspace.run([endTurn('ok')], ['-p', 'hi', '--output-format', 'stream-json', '--verbose']);
    expect(JSON.parse(run.stdout.split('\n')[0]!)).toMatchObject({ subtype: 'init', output_style: 'Learning' });
    expect(JSON.stringify(workspace.server!.requests[0]!.body.system)).toContain('# Output style: Learning');
  });
});
