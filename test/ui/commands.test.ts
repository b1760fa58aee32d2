import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { loadCustomCommands } from '../../src/commands/custom/customCommands.js';
import type { CommandResult } from '../../src/commands/custom/commandResult.js';
import { modeStatusLabel } from '../../src/commands/permissionModes.js';
import { nextPermissionMode } from '../../src/permissions/permissionState.js';
import { createCommandRegistry, parseSlashInput } from '../../src/commands/registry.js';
import { commandFixture, type CommandFixture } from './support/commandContext.js';

let dir: string;
let fixture: CommandFixture;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-commands-'));
  fixture = await commandFixture();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await fixture.cleanup();
});

describe('slash-command registry', () => {
  const registry = createCommandRegistry(BUILTIN_COMMANDS);

  it('finds commands by name and alias, case-insensitively', () => {
    expect(registry.find('help')?.name).toBe('help');
    expect(registry.find('QUIT')?.name).toBe('exit');
    expect(registry.find('nope')).toBeUndefined();
  });

  it('completes by prefix first, then by substring', () => {
    const command = (name: string) => ({ name, description: name, run: () => ({ type: 'none' as const }) });
    const fixed = createCommandRegistry([command('clear'), command('cost'), command('status'), command('ctx-cost')]);
    expect(fixed.complete('c').map((found) => found.name)).toEqual(['clear', 'cost', 'ctx-cost']);
    expect(fixed.complete('cost').map((found) => found.name)).toEqual(['cost', 'ctx-cost']);
    expect(fixed.complete('tat').map((found) => found.name)).toEqual(['status']);
    expect(registry.complete('', 100).length).toBe(BUILTIN_COMMANDS.length);
  });

  it('lets a built-in win over a custom command of the same name', () => {
    const custom = { name: 'help', description: 'custom', run: () => ({ type: 'none' as const }) };
    expect(createCommandRegistry(BUILTIN_COMMANDS, [custom]).find('help')?.description).not.toBe('custom');
  });

  it('parses /name args and refuses what is not a command', () => {
    expect(parseSlashInput('/model claude-opus-4-1')).toEqual({ name: 'model', args: 'claude-opus-4-1' });
    expect(parseSlashInput('/frontend:lint  src/ ')).toEqual({ name: 'frontend:lint', args: 'src/' });
    expect(parseSlashInput('/usr/bin/env is a path')).toBeUndefined();
    expect(parseSlashInput('hello')).toBeUndefined();
  });
});

describe('custom commands from .claude/commands', () => {
  it('loads project and user templates, with front matter, nested names and $ARGUMENTS', async () => {
    const projectRoot = path.join(dir, 'project');
    const configDir = path.join(dir, 'config');
    await mkdir(path.join(projectRoot, '.claude', 'commands', 'frontend'), { recursive: true });
    await mkdir(path.join(configDir, 'commands'), { recursive: true });
    await writeFile(
      path.join(projectRoot, '.claude', 'commands', 'review.md'),
      '---\ndescription: Review a file\nargument-hint: <file>\n---\nReview $ARGUMENTS carefully. Then review $ARGUMENTS again.\n',
    );
    await writeFile(path.join(projectRoot, '.claude', 'commands', 'frontend', 'lint.md'), '# Lint the UI\nRun the linter.');
    await writeFile(path.join(configDir, 'commands', 'review.md'), 'user version, shadowed');
    await writeFile(path.join(configDir, 'commands', 'standup.md'), 'Summarise yesterday.');

    const commands = await loadCustomCommands({ projectRoot, configDir });
    expect(commands.map((command) => [command.name, command.source])).toEqual([
      ['frontend:lint', 'project'],
      ['review', 'project'],
      ['standup', 'user'],
    ]);
    const review = commands.find((command) => command.name === 'review')!;
    expect(review.description).toBe('Review a file');
    expect(review.argumentHint).toBe('<file>');
    expect(await renderedPrompt(await review.run('src/app.ts'))).toBe('Review src/app.ts carefully. Then review src/app.ts again.');
    expect(commands.find((command) => command.name === 'frontend:lint')!.description).toBe('Lint the UI');
  });

  it('re-reads the template each time it runs', async () => {
    const projectRoot = dir;
    const file = path.join(projectRoot, '.claude', 'commands', 'hi.md');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'first');
    const [command] = await loadCustomCommands({ projectRoot, configDir: path.join(dir, 'none') });
    await writeFile(file, 'second');
    expect(await renderedPrompt(await command!.run(''))).toBe('second');
  });
});

async function renderedPrompt(result: CommandResult): Promise<string> {
  if (result.type !== 'prompt' || !result.commandTurn) throw new Error(`expected a command turn, got ${JSON.stringify(result)}`);
  const rendered = await result.commandTurn.render(async () => ({ ok: false, reason: 'no shell in this test' }));
  if (!rendered.ok) throw new Error(rendered.error);
  return rendered.prompt;
}

describe('permission modes in words', () => {
  it('cycles default → acceptEdits → plan → default, and through bypass only when available', () => {
    expect(nextPermissionMode('default', false)).toBe('acceptEdits');
    expect(nextPermissionMode('acceptEdits', false)).toBe('plan');
    expect(nextPermissionMode('plan', false)).toBe('default');
    expect(nextPermissionMode('plan', true)).toBe('bypassPermissions');
    expect(nextPermissionMode('bypassPermissions', true)).toBe('default');
  });

  it('names non-default modes for the status line', () => {
    expect(modeStatusLabel('default')).toBeUndefined();
    expect(modeStatusLabel('acceptEdits')).toBe('accept edits on');
    expect(modeStatusLabel('plan')).toBe('plan mode on');
    expect(modeStatusLabel('bypassPermissions')).toBe('bypass permissions on');
  });
});

