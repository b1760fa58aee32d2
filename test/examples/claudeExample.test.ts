// The example project files must be files agentcli actually accepts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHookSettings } from '../../src/hooks/loadHooks.js';
import { loadAgentCatalog } from '../../src/agents/loadAgentCatalog.js';
import { loadCustomCommands } from '../../src/commands/custom/customCommands.js';
import { loadMcpConfig } from '../../src/services/mcp/loadMcpConfig.js';
import { REPO_ROOT, tempDir } from '../support/runCli.js';

const example = path.join(REPO_ROOT, '.claude-example');

describe('.claude-example', () => {
  it('.mcp.json parses, with ${VAR} and ${VAR:-default} expanded', async () => {
    const config = await loadMcpConfig({
      cwd: example,
      configDir: await tempDir(),
      isTrusted: true,
      env: { PWD: '/repo', ISSUES_TOKEN: 't0k' },
    });
    const names = config.servers.map((server) => server.name);
    expect(names).toEqual(['filesystem', 'issues']);
    expect(JSON.stringify(config.servers)).toContain('/repo/docs');
    expect(JSON.stringify(config.servers)).toContain('http://127.0.0.1:8080/mcp');
    expect(JSON.stringify(config.servers)).toContain('Bearer t0k');
  });

  it('the custom command becomes /review', async () => {
    const commands = await loadCustomCommands({ projectRoot: example, configDir: await tempDir() });
    expect(commands.map((command) => command.name)).toContain('review');
  });

  it('its hooks parse: refuse rm -rf before Bash, format after Edit|Write, git status on UserPromptSubmit', async () => {
    const loaded = await readHookSettings({ cwd: example, configDir: await tempDir() });
    expect(loaded.errors).toEqual([]);
    expect(loaded.hooks.map((hook) => [hook.event, hook.matcher.pattern, path.basename((hook.type === 'command' ? hook.command : '').replace(/"$/, ''))])).toEqual([
      ['PreToolUse', 'Bash', 'refuse-rm-rf.sh'],
      ['PostToolUse', 'Edit|Write', 'format-after-edit.sh'],
      ['UserPromptSubmit', '', 'git-status-context.sh'],
    ]);
  });

  it('the rm -rf hook refuses recursive forced deletes (exit 2, reason on stderr) and lets other commands through', () => {
    const script = path.join(example, '.claude', 'hooks', 'refuse-rm-rf.sh');
    const run = (command: string) => spawnSync('sh', [script], { input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } }), encoding: 'utf8' });
    for (const command of ['rm -rf build', 'rm -fr /', 'rm -r -f x', 'sudo /bin/rm --recursive --force .']) {
      const result = run(command);
      expect(result.status, command).toBe(2);
      expect(result.stderr).toContain('rm -rf is refused');
    }
    for (const command of ['ls -la', 'rm one.txt', 'git rm -r --cached dist']) expect(run(command).status, command).toBe(0);
  });

  it('the example agent loads as subagent type "reviewer" with read-only tools', async () => {
    const catalog = await loadAgentCatalog({ projectRoot: example, configDir: await tempDir(), isTrusted: true });
    expect(catalog.warnings).toEqual([]);
    expect(catalog.agents.find((agent) => agent.agentType === 'reviewer')).toMatchObject({ source: 'project', tools: ['Read', 'Grep', 'Glob'], model: 'inherit' });
  });
});
