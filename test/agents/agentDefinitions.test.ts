// Agent files, --agents JSON, the catalog's precedence and trust, and each type's tool subset.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgentCatalog, parseCliAgents } from '../../src/agents/loadAgentCatalog.js';
import { parseAgentFile } from '../../src/agents/parseAgentFile.js';
import { toolsForAgent } from '../../src/agents/agentTools.js';
import { BUILT_IN_AGENTS } from '../../src/agents/builtInAgents.js';
import { getAllBaseTools } from '../../src/tools.js';
import { createAgentTool } from '../../src/tools/AgentTool/AgentTool.js';
import { tempDir } from '../support/runCli.js';

const FILE = '/repo/.claude/agents/a.md';

describe('parseAgentFile', () => {
  it('reads name, description, comma-separated tools, model and the body', () => {
    const parsed = parseAgentFile('---\nname: reviewer\ndescription: Reviews diffs\ntools: Read, Grep, Bash(git diff:*)\nmodel: opus\n---\n\nYou review.\n', FILE, 'project');
    expect(parsed).toEqual({
      ok: true,
      agent: { agentType: 'reviewer', description: 'Reviews diffs', tools: ['Read', 'Grep', 'Bash(git diff:*)'], model: 'opus', systemPrompt: 'You review.', source: 'project', file: FILE },
    });
  });

  it.each([
    ['no frontmatter', 'just text', 1, 'starts with YAML frontmatter'],
    ['unclosed frontmatter', '---\nname: x\n', 1, 'never closed'],
    ['invalid YAML', '---\nname: x\ndescription: "open\n---\nbody', 3, 'invalid YAML'],
    ['missing name', '---\ndescription: d\n---\nbody', 1, '"name" is required'],
    ['bad name', '---\nname: two words\ndescription: d\n---\nbody', 2, '"name" is required'],
    ['missing description', '---\nname: x\n---\nbody', 1, '"description" is required'],
    ['tools not a list', '---\nname: x\ndescription: d\ntools: {a: 1}\n---\nbody', 4, '"tools"'],
    ['empty body', '---\nname: x\ndescription: d\n---\n\n', 5, 'body'],
  ])('%s: one message naming the file and line', (_name, text, line, reason) => {
    const parsed = parseAgentFile(text, FILE, 'user');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.startsWith(`${FILE}:${line}: `)).toBe(true);
      expect(parsed.error).toContain(reason);
    }
  });

  it('a YAML list of tools works too; "*" means all', () => {
    const list = parseAgentFile('---\nname: x\ndescription: d\ntools: [Read, Glob]\n---\nbody', FILE, 'user');
    expect(list.ok && list.agent.tools).toEqual(['Read', 'Glob']);
    const all = parseAgentFile('---\nname: x\ndescription: d\ntools: "*"\n---\nbody', FILE, 'user');
    expect(all.ok && all.agent.tools).toBeUndefined();
  });
});

describe('loadAgentCatalog', () => {
  it('built-in < user < project < --agents; project agents need a trusted folder', async () => {
    const projectRoot = await tempDir('agentcli-agents-project-');
    const configDir = await tempDir('agentcli-agents-config-');
    await mkdir(path.join(projectRoot, '.claude', 'agents'), { recursive: true });
    await mkdir(path.join(configDir, 'agents'), { recursive: true });
    const agentFile = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nbody of ${description}\n`;
    await writeFile(path.join(configDir, 'agents', 'shared.md'), agentFile('shared', 'from user'));
    await writeFile(path.join(configDir, 'agents', 'mine.md'), agentFile('mine', 'user only'));
    await writeFile(path.join(projectRoot, '.claude', 'agents', 'shared.md'), agentFile('shared', 'from project'));
    await writeFile(path.join(projectRoot, '.claude', 'agents', 'Explore.md'), agentFile('Explore', 'project explorer'));
    await writeFile(path.join(projectRoot, '.claude', 'agents', 'notes.txt'), 'not an agent');

    const trusted = await loadAgentCatalog({ projectRoot, configDir, isTrusted: true, cliAgents: parseCliAgents('{"mine": {"description": "from cli", "prompt": "p"}}') });
    const describe = (type: string) => trusted.agents.find((agent) => agent.agentType === type);
    expect(describe('shared')).toMatchObject({ description: 'from project', source: 'project' });
    expect(describe('mine')).toMatchObject({ description: 'from cli', source: 'cli' });
    expect(describe('Explore')).toMatchObject({ description: 'project explorer', source: 'project' });
    expect(describe('general-purpose')).toMatchObject({ source: 'built-in' });
    expect(trusted.warnings).toEqual([]);

    const untrusted = await loadAgentCatalog({ projectRoot, configDir, isTrusted: false });
    expect(untrusted.agents.find((agent) => agent.agentType === 'shared')).toMatchObject({ description: 'from user', source: 'user' });
    expect(untrusted.agents.find((agent) => agent.agentType === 'Explore')).toMatchObject({ source: 'built-in' });
  });

  it.each([
    ['{"x": {"prompt": "p"}}', 'needs a "description"'],
    ['[1]', 'must be a JSON object'],
    ['{"x": {"description": "d", "prompt": "p", "tools": "Read"}}', 'array of tool names'],
  ])('--agents %s is refused with one line', (json, message) => {
    expect(() => parseCliAgents(json)).toThrow(message);
  });
});

describe('toolsForAgent', () => {
  const agentTool = createAgentTool(Promise.resolve({ agents: BUILT_IN_AGENTS, warnings: [] }));
  const pool = [...getAllBaseTools(), agentTool];
  const names = (agentType: string, depth = 1, maxDepth = 1) =>
    toolsForAgent(BUILT_IN_AGENTS.find((agent) => agent.agentType === agentType)!, pool, { childDepth: depth, maxDepth }).map((tool) => tool.name);

  it('general-purpose: everything but Agent (and the main conversation\'s plan-mode exit and todo list)', () => {
    const tools = names('general-purpose');
    expect(tools).not.toContain('Agent');
    expect(tools).not.toContain('ExitPlanMode');
    expect(tools).not.toContain('TodoWrite');
    expect(tools).toEqual(expect.arrayContaining(['Bash', 'Edit', 'Write', 'Read', 'Grep', 'Glob', 'WebFetch']));
  });

  it('the nesting setting allows Agent one level down, never two', () => {
    expect(names('general-purpose', 1, 2)).toContain('Agent');
    expect(names('general-purpose', 2, 2)).not.toContain('Agent');
  });

  it('Explore and Plan: read-only tools only', () => {
    for (const type of ['Explore', 'Plan']) {
      const tools = names(type);
      expect(tools).toEqual(expect.arrayContaining(['Read', 'Grep', 'Glob']));
      for (const writer of ['Bash', 'Edit', 'Write', 'NotebookEdit', 'Agent']) expect(tools).not.toContain(writer);
    }
  });

  it('a tools list picks exactly those tools from the parent pool (never one the parent lacks)', () => {
    const reviewer = { agentType: 'r', description: 'd', tools: ['Read', 'grep', 'Bash(git diff:*)', 'NoSuchTool'], model: undefined, systemPrompt: 's', source: 'user' as const };
    expect(toolsForAgent(reviewer, pool, { childDepth: 1, maxDepth: 1 }).map((tool) => tool.name).sort()).toEqual(['Bash', 'Grep', 'Read']);
    const smallPool = pool.filter((tool) => tool.name !== 'Bash');
    expect(toolsForAgent(reviewer, smallPool, { childDepth: 1, maxDepth: 1 }).map((tool) => tool.name).sort()).toEqual(['Grep', 'Read']);
  });
});
