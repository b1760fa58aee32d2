// Plugins end to end: a marketplace in a local git repository, /plugin marketplace add, install
// (what it adds is shown before it is enabled), enable, each part running through the built CLI
// against the fake model (command, hook with ${CLAUDE_PLUGIN_ROOT}, skill and its supporting file,
// namespaced agent, MCP server), disable, update, uninstall; an untrusted folder loads none of it.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pluginCommand } from '../../src/commands/builtin/plugin.js';
import { createSession } from '../../src/app/createSession.js';
import { firstPrompt } from '../support/agentConversations.js';
import { startFakeAnthropic, type FakeAnthropicServer, type RecordedRequest, type ScriptedTurn, type ScriptFn } from '../support/fakeAnthropic.js';
import { runCli } from '../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';
import { ALPHA_FILES, gitMarketplace, pluginFolder } from './pluginFixtures.js';

let fixture: CommandFixture | undefined;
let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await fixture?.cleanup();
  fixture = undefined;
});

async function plugin(args: string): Promise<string> {
  const result = await pluginCommand.run(args, fixture!.context);
  if (result.type !== 'text') throw new Error(`unexpected ${result.type}`);
  if (result.tone === 'error') throw new Error(result.text);
  return result.text;
}

async function headless(script: ScriptedTurn[] | ScriptFn, args: string[]) {
  await server?.close();
  server = await startFakeAnthropic({ script });
  return runCli(['--output-format', 'json', ...args], {
    cwd: fixture!.cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: fixture!.session.info.configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
  });
}

const textOf = (request: RecordedRequest) => JSON.stringify(request.body.messages);

describe('plugins from a git marketplace', () => {
  it('install shows what it adds, enable makes every part work, disable and uninstall take it away', { timeout: 90_000 }, async () => {
    fixture = await commandFixture();
    const configDir = fixture.session.info.configDir;
    const market = await gitMarketplace();

    expect(await plugin(`marketplace add ${market.url}`)).toContain('Added marketplace team-tools with 2 plugin(s):\n  alpha — Alpha tools\n  beta — Beta server');

    fixture.state.choices.push('enable');
    const installed = await plugin('install alpha@team-tools');
    const alphaRoot = path.join(configDir, 'plugins', 'cache', 'team-tools', 'alpha');
    const question = fixture.state.asked.at(-1)!.title;
    expect(question).toContain('commands: /alpha:hello');
    expect(question).toContain('agents: alpha:reviewer');
    expect(question).toContain('skills: alpha:tidy');
    expect(question).toContain(`UserPromptSubmit: runs sh "${alphaRoot}/hooks/mark.sh"`);
    expect(question).toContain('MCP servers that will start: none');
    expect(installed).toMatch(/^Installed and enabled alpha@team-tools\. It takes effect in the next session\./);

    fixture.state.choices.push('keep');
    expect(await plugin('install beta@team-tools')).toMatch(/^Installed beta@team-tools \(disabled\)/);
    expect(fixture.state.asked.at(-1)!.title).toMatch(/beta-tools: starts .*node.* .*team-tools\/beta\/server\.mjs/);
    expect(await plugin('enable beta@team-tools')).toBe('Enabled beta@team-tools. It takes effect in the next session.');
    const settings = JSON.parse(await readFile(path.join(configDir, 'settings.json'), 'utf8'));
    expect(settings.enabledPlugins).toEqual({ 'alpha@team-tools': true, 'beta@team-tools': true });

    // Every part, in one run: the command, the hook, the skill and its file, the agent, the MCP tool.
    const guide = path.join(alphaRoot, 'skills', 'tidy', 'guide.md');
    const run = await headless(
      (() => {
        const main = [
          turn(toolUse('Skill', { skill: 'alpha:tidy' })),
          turn(toolUse('Read', { file_path: guide })),
          turn(toolUse('Agent', { description: 'review', prompt: 'Review the tidy-up', subagent_type: 'alpha:reviewer' })),
          turn(toolUse('mcp__beta-tools__echo', { text: 'from beta' })),
          endTurn('All parts ran.'),
        ];
        return (request: RecordedRequest) => (firstPrompt(request).startsWith('Review the tidy-up') ? endTurn('Looks tidy.') : main.shift()!);
      })(),
      // The MCP server runs in the OS sandbox, whose /tmp is private: the test's config folder (in /tmp, unlike ~/.agentcli) is made visible.
      ['-p', '/alpha:hello today', '--allowedTools', 'Read', 'mcp__beta-tools', '--add-dir', configDir],
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).result).toBe('All parts ran.');
    expect(await readFile(path.join(fixture.cwd, 'alpha-hook-ran'), 'utf8')).toBe(alphaRoot);
    const main = server!.requests.filter((request) => textOf(request).includes('ALPHA-COMMAND'));
    expect(firstPrompt(main[0]!)).toContain(`ALPHA-COMMAND from ${alphaRoot} for today`);
    expect(textOf(main[0]!)).toContain('alpha hook context');
    expect(textOf(main[0]!)).not.toContain('TIDY-BODY');
    expect(toolResultText(lastToolResults(main[1]!)[0]!)).toContain(`TIDY-BODY: follow guide.md in ${path.join(alphaRoot, 'skills', 'tidy')}`);
    expect(toolResultText(lastToolResults(main[2]!)[0]!)).toContain('GUIDE-CONTENT');
    expect(toolResultText(lastToolResults(main[3]!)[0]!)).toContain('Looks tidy.');
    const child = server!.requests.find((request) => firstPrompt(request).startsWith('Review the tidy-up'))!;
    expect(JSON.stringify(child.body.system)).toContain('You are the alpha reviewer.');
    expect(toolResultText(lastToolResults(main[4]!)[0]!)).toBe('echo: from beta');

    // Disabled: nothing of alpha loads.
    expect(await plugin('disable alpha@team-tools')).toBe('Disabled alpha@team-tools. It takes effect in the next session.');
    await headless([endTurn('plain')], ['-p', '/alpha:hello today']);
    expect(textOf(server!.requests[0]!)).toContain('/alpha:hello today');
    expect(textOf(server!.requests[0]!)).not.toContain('ALPHA-COMMAND');
    expect(server!.requests[0]!.body.tools.map((tool: { name: string }) => tool.name)).not.toContain('Skill');

    // Update fetches the marketplace again and reinstalls from it.
    await writeFile(path.join(market.dir, 'plugins', 'alpha', 'commands', 'hello.md'), 'ALPHA-V2');
    const { execFileSync } = await import('node:child_process');
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@e', 'commit', '-qam', 'v2'], { cwd: market.dir });
    expect(await plugin('update alpha@team-tools')).toMatch(/^Updated alpha@team-tools to 1\.0\.0\./);
    expect(await readFile(path.join(alphaRoot, 'commands', 'hello.md'), 'utf8')).toBe('ALPHA-V2');

    expect(await plugin('uninstall alpha@team-tools')).toBe('Removed alpha@team-tools. It takes effect in the next session.');
    expect(await plugin('uninstall beta@team-tools')).toBe('Removed beta@team-tools. It takes effect in the next session.');
    expect(existsSync(alphaRoot)).toBe(false);
    expect(JSON.parse(await readFile(path.join(configDir, 'settings.json'), 'utf8')).enabledPlugins).toEqual({});
    expect(await plugin('')).toContain('No plugins installed.');
  });

  it('an untrusted folder loads no plugin: no commands, skills, agents, hooks or MCP servers', async () => {
    fixture = await commandFixture();
    const dir = await pluginFolder(ALPHA_FILES);
    const untrusted = await createSession({
      cwd: fixture.cwd,
      env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: fixture.session.info.configDir },
      isInteractive: true,
      isTrusted: false,
      pluginDirs: [dir],
    });
    expect(untrusted.plugins).toEqual([]);
    expect((await untrusted.skills).skills).toEqual([]);
    expect(untrusted.commandRoots).toEqual([]);
    expect(untrusted.hooks.has('UserPromptSubmit')).toBe(false);
    expect((await untrusted.agentCatalog).agents.map((agent) => agent.agentType)).not.toContain('alpha:reviewer');

    const trusted = await createSession({
      cwd: fixture.cwd,
      env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: fixture.session.info.configDir },
      isInteractive: true,
      isTrusted: true,
      pluginDirs: [dir],
    });
    expect(trusted.plugins.map((loaded) => loaded.name)).toEqual(['alpha']);
    expect((await trusted.skills).skills.map((skill) => skill.name)).toEqual(['alpha:tidy']);
    expect(trusted.hooks.has('UserPromptSubmit')).toBe(true);
    expect((await trusted.agentCatalog).agents.map((agent) => agent.agentType)).toContain('alpha:reviewer');
  });
});
