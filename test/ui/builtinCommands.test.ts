import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { MODEL_TABLE } from '../../src/services/api/models.js';
import type { CommandResult } from '../../src/commands/custom/commandResult.js';
import { usage } from './support/events.js';
import { commandFixture, type CommandFixture } from './support/commandContext.js';

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

describe('built-in slash commands', () => {
  it('/help lists every command with its description, and the keys', async () => {
    const help = text(await run('help'));
    for (const command of BUILTIN_COMMANDS) expect(help).toContain(`/${command.name}`);
    expect(help).toContain('List commands and keys');
    expect(help).toContain('Shift+Tab');
    expect(help).toContain('Esc');
    expect(help).toMatch(/# note +save a line to a memory file you choose/);
  });

  it('/clear forgets the conversation', async () => {
    await run('clear');
    expect(fixture.state.cleared).toBe(1);
  });

  it('/cost reports the estimated cost and tokens', async () => {
    fixture.session.costTracker.add('claude-sonnet-4-5', usage(1000, 500));
    const cost = text(await run('cost'));
    expect(cost).toContain('Estimated cost:  $0.01');
    expect(cost).toContain('Input tokens:    1,000');
    expect(cost).toContain('Output tokens:   500');
  });

  it('/cost shows what each subagent type spent', async () => {
    fixture.session.costTracker.forAgent('Explore').add('claude-haiku-4-5', usage(2000, 100));
    const cost = text(await run('cost'));
    expect(cost).toContain('Subagents (included above):');
    expect(cost).toMatch(/Explore: \$0\.\d+ · 2,100 tokens · claude-haiku-4-5/);
    expect(cost).toContain('Input tokens:    2,000');
  });

  it('/agents lists agent types with their source, and /agents new writes a template that loads', async () => {
    const listing = text(await run('agents'));
    expect(listing).toContain('Built-in agents:');
    expect(listing).toMatch(/general-purpose — /);
    expect(listing).toMatch(/Explore — /);
    expect(listing).toMatch(/Plan — /);
    const created = text(await run('agents', 'new reviewer'));
    const file = path.join(fixture.cwd, '.claude', 'agents', 'reviewer.md');
    expect(created).toContain(file);
    const { parseAgentFile } = await import('../../src/agents/parseAgentFile.js');
    const parsed = parseAgentFile(await readFile(file, 'utf8'), file, 'project');
    expect(parsed.ok && parsed.agent.agentType).toBe('reviewer');
    expect(await run('agents', 'new reviewer')).toMatchObject({ tone: 'error' });
    expect(await run('agents', 'bogus')).toMatchObject({ tone: 'error' });
  });

  it('/model with an argument switches (aliases resolved) and refuses nonsense', async () => {
    await run('model', 'opus');
    expect(fixture.state.model).toBe('claude-opus-4-8');
    await run('model', 'claude-some-new-model');
    expect(fixture.state.model).toBe('claude-some-new-model');
    const refused = await run('model', 'two words');
    expect(refused).toMatchObject({ type: 'text', tone: 'error' });
    expect(fixture.state.asked).toHaveLength(0);
  });

  it('/model alone opens a picker over the model table with the current model marked; the choice switches', async () => {
    fixture.state.choices.push('claude-haiku-4-5-20251001');
    expect(text(await run('model'))).toBe('Model set to claude-haiku-4-5-20251001 for the next prompts.');
    const picker = fixture.state.asked[0]!;
    expect(picker.options.map((option) => option.value)).toEqual(MODEL_TABLE.map((spec) => spec.id));
    expect(picker.current).toBe(fixture.session.model);
    expect(picker.options.find((option) => option.value === 'claude-opus-4-8')!.label).toBe('Opus 4.8 (opus)');
    expect(fixture.state.model).toBe('claude-haiku-4-5-20251001');
  });

  it('/model picker: Esc keeps the model; a model outside the table is offered as the current one', async () => {
    fixture.state.model = 'claude-some-new-model';
    fixture.state.choices.push(undefined);
    expect(text(await run('model'))).toBe('Model unchanged: claude-some-new-model.');
    expect(fixture.state.model).toBe('claude-some-new-model');
    expect(fixture.state.asked[0]!.options.at(-1)).toMatchObject({ value: 'claude-some-new-model', description: "not in agentcli's model table" });
  });

  it('/status shows folder, session and the mode in words', async () => {
    const status = text(await run('status'));
    expect(status).toContain(fixture.cwd);
    expect(status).toContain(fixture.session.id);
    expect(status).toContain('default (reads run; edits and commands ask first)');
  });

  it('/exit asks the REPL to leave', async () => {
    expect(await run('exit')).toEqual({ type: 'exit' });
  });

  it('/permissions lists live rules with their sources', async () => {
    await run('permissions', 'deny Bash(rm:*)');
    await run('permissions', 'allow Bash(npm test:*)');
    const listing = text(await run('permissions', 'list'));
    const file = path.join(fixture.cwd, '.claude', 'settings.local.json');
    expect(listing).toContain('Permission mode: default');
    expect(listing).toMatch(/Deny:\n {2}Bash\(rm:\*\) {2}— local: .*settings\.local\.json/);
    expect(listing).toMatch(/Allow:\n {2}Bash\(npm test:\*\) {2}— local: .*settings\.local\.json/);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.permissions).toEqual({ deny: ['Bash(rm:*)'], allow: ['Bash(npm test:*)'] });
  });

  it('/permissions remove takes a rule out of the file and out of the live set', async () => {
    await run('permissions', 'deny WebFetch');
    expect(text(await run('permissions', 'remove WebFetch'))).toContain('Removed WebFetch');
    expect(text(await run('permissions', 'list'))).not.toContain('WebFetch  —');
  });

  it('/permissions refuses an invalid rule and explains usage', async () => {
    expect(text(await run('permissions', 'allow Bash('))).toMatch(/not a valid rule/);
    expect(await run('permissions', 'frobnicate')).toMatchObject({ tone: 'error' });
  });
});

describe('memory commands', () => {
  it('/memory lists the files in force with scope, size, imports and import problems', async () => {
    const memoryFiles = [
      { path: '/repo/CLAUDE.md', scope: 'project' as const, content: 'Use tabs. @docs/a.md', carriesRules: true, imports: [{ kind: 'imported' as const, path: '/repo/docs/a.md', spelled: 'docs/a.md', importedBy: '/repo/CLAUDE.md', content: 'A' }], importProblems: ['/repo/CLAUDE.md: @gone.md was not found (/repo/gone.md); skipped'] },
      { path: '/repo/AGENTS.md', scope: 'project' as const, content: 'Run make.', carriesRules: false, imports: [], importProblems: [] },
    ];
    const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === 'memory')!;
    const listing = text(await command.run('', { ...fixture.context, session: { ...fixture.context.session, memoryFiles } }));
    expect(listing).toContain('/repo/CLAUDE.md (project)');
    expect(listing).toContain('↳ /repo/docs/a.md (imported by @docs/a.md)');
    expect(listing).toContain('! /repo/CLAUDE.md: @gone.md was not found');
    expect(listing).toContain('/repo/AGENTS.md (project)');
    expect(listing).toContain('instructions only');
    expect(text(await run('memory'))).toContain('No memory files are in force');
    expect(fixture.state.edited).toHaveLength(0);
  });

  it('/memory offers the files in force and the standard places, creates the chosen one, edits it and reloads memory', async () => {
    const userMemory = path.join(fixture.session.info.configDir, 'CLAUDE.md');
    await writeFile(path.join(fixture.cwd, 'CLAUDE.md'), 'Use tabs.\n');
    await fixture.session.reloadMemory();
    fixture.state.choices.push(userMemory);
    fixture.state.editor = async (file) => {
      await appendFile(file, 'Answer in French.\n');
      return { ok: true, editor: 'fake-editor' };
    };
    const result = await run('memory');
    expect(text(result)).toBe(`Edited ${userMemory} with fake-editor. Memory reloaded: the next request carries it.`);
    const picker = fixture.state.asked[0]!;
    expect(picker.options.map((option) => option.label)).toEqual([
      `Project memory: .${path.sep}CLAUDE.md`,
      `Local project memory: .${path.sep}CLAUDE.local.md`,
      expect.stringMatching(/^User memory: /),
    ]);
    expect(picker.options.map((option) => option.description)).toEqual([undefined, 'new file', 'new file']);
    expect(fixture.state.edited).toEqual([userMemory]);
    expect(await readFile(userMemory, 'utf8')).toBe('Answer in French.\n');
    expect(fixture.session.memoryFiles.map((file) => file.path)).toContain(userMemory);
    expect(JSON.stringify(fixture.session.systemPrompt)).toContain('Answer in French.');
  });

  it('/memory: a memory file\'s new rule lines hold after the edit; an editor that fails is reported', async () => {
    const project = path.join(fixture.cwd, 'CLAUDE.md');
    fixture.state.choices.push(project, project);
    fixture.state.editor = async (file) => {
      await appendFile(file, 'deny: Bash(rm:*)\n');
      return { ok: true, editor: 'fake-editor' };
    };
    await run('memory');
    expect(text(await run('permissions', 'list'))).toMatch(/Deny:\n {2}Bash\(rm:\*\) {2}— CLAUDE\.md: .*CLAUDE\.md/);
    fixture.state.editor = async () => ({ ok: false, reason: 'no editor found: set $EDITOR' });
    const failed = await run('memory');
    expect(failed).toMatchObject({ tone: 'error' });
    expect(text(failed)).toContain(`Could not open ${project}: no editor found: set $EDITOR.`);
  });

  it('/memory: Esc opens nothing and creates nothing', async () => {
    fixture.state.choices.push(undefined);
    await run('memory');
    expect(fixture.state.edited).toEqual([]);
    await expect(readFile(path.join(fixture.cwd, 'CLAUDE.md'), 'utf8')).rejects.toThrow();
  });

  it('/init sends the model a prompt to write CLAUDE.md through its normal tools', async () => {
    const result = await run('init');
    expect(result.type).toBe('prompt');
    expect(result.type === 'prompt' && result.prompt).toContain('Write a CLAUDE.md file for this repository');
  });
});
