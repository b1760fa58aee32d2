// The example project files must be files agentcli actually accepts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgentCatalog } from '../../src/agents/loadAgentCatalog.js';
import { loadCustomCommands } from '../../src/commands/customCommands.js';
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

  it('the example agent loads as subagent type "reviewer" with read-only tools', async () => {
    const catalog = await loadAgentCatalog({ projectRoot: example, configDir: await tempDir(), isTrusted: true });
    expect(catalog.warnings).toEqual([]);
    expect(catalog.agents.find((agent) => agent.agentType === 'reviewer')).toMatchObject({ source: 'project', tools: ['Read', 'Grep', 'Glob'], model: 'inherit' });
  });
});
