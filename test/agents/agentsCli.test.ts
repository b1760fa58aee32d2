// Subagents through the built CLI: stream-json tags a child's messages with the Agent call,
// the child's sidechain transcript lands under the session folder, the json result has the
// cost per agent type, and a broken agent file is one warning while the others load.
import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

function firstPrompt(request: RecordedRequest): string {
  const content = request.body.messages[0].content;
  return typeof content === 'string' ? content : content.map((block: { text?: string }) => block.text ?? '').join('');
}

const run = (args: string[], script: (request: RecordedRequest) => ScriptedTurn, env: Record<string, string> = {}) => workspace.run(script, args, { env });

const delegating = (request: RecordedRequest): ScriptedTurn => {
  if (firstPrompt(request) === 'child job') return { ...endTurn('child answer'), usage: { input_tokens: 500, output_tokens: 20 } };
  return request.body.messages.length === 1
    ? turn(toolUse('Agent', { description: 'delegate', prompt: 'child job', subagent_type: 'Explore' }, { id: 'toolu_parent_agent' }))
    : endTurn('parent answer');
};

describe('subagents in the built CLI', () => {
  it('stream-json: the child messages carry parent_tool_use_id; the result has cost per agent type', async () => {
    const result = await run(['-p', 'go', '--output-format', 'stream-json', '--verbose'], delegating);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const child = lines.filter((line) => line.parent_tool_use_id === 'toolu_parent_agent');
    expect(child.map((line) => line.type)).toEqual(['assistant']);
    expect(child[0].message.content[0].text).toBe('child answer');
    const top = lines.filter((line) => (line.type === 'assistant' || line.type === 'user') && line.parent_tool_use_id === null);
    expect(top.map((line) => line.type)).toEqual(['assistant', 'user', 'assistant']);
    const final = lines.at(-1);
    expect(final.type).toBe('result');
    expect(final.agentUsage.Explore.modelUsage['claude-haiku-4-5-20251001'].input_tokens).toBe(500);
  });

  it("stream-json: a nested agent's messages are passed up to the top, tagged with the child's Agent call", async () => {
    const nesting = (request: RecordedRequest): ScriptedTurn => {
      const prompt = firstPrompt(request);
      const first = request.body.messages.length === 1;
      if (prompt === 'inner job') return endTurn('inner answer');
      if (prompt === 'outer job') return first ? turn(toolUse('Agent', { description: 'inner', prompt: 'inner job', subagent_type: 'Explore' }, { id: 'toolu_inner' })) : endTurn('outer answer');
      return first ? turn(toolUse('Agent', { description: 'outer', prompt: 'outer job' }, { id: 'toolu_outer' })) : endTurn('parent answer');
    };
    const result = await run(['-p', 'go', '--output-format', 'stream-json', '--verbose'], nesting, { AGENTCLI_SUBAGENT_NESTING: '1' });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const inner = lines.filter((line) => line.parent_tool_use_id === 'toolu_inner');
    expect(inner.map((line) => [line.type, line.message.content[0].text])).toEqual([['assistant', 'inner answer']]);
    const outer = lines.filter((line) => line.parent_tool_use_id === 'toolu_outer');
    expect(outer.map((line) => line.type)).toEqual(['assistant', 'user', 'assistant']);
    expect(outer[0].message.content[0]).toMatchObject({ type: 'tool_use', id: 'toolu_inner', name: 'Agent' });
    expect(outer[2].message.content[0].text).toBe('outer answer');
  });

  it("each child writes a sidechain transcript under the session folder; the parent's transcript has none of its lines", async () => {
    const result = await run(['-p', 'go', '--output-format', 'json'], delegating);
    expect(result.code).toBe(0);
    const sessionId = JSON.parse(result.stdout).session_id as string;
    const projects = path.join(configDir, 'projects');
    const [project] = await readdir(projects);
    const subagents = path.join(projects, project!, sessionId, 'subagents');
    const [file] = await readdir(subagents);
    expect(file).toMatch(/^agent-[0-9a-f]+\.jsonl$/);
    const lines = (await readFile(path.join(subagents, file!), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    const messages = lines.filter((line) => line.type === 'user' || line.type === 'assistant');
    expect(messages.length).toBe(2);
    for (const line of messages) {
      expect(line).toMatchObject({ isSidechain: true, parentToolUseId: 'toolu_parent_agent', sessionId });
    }
    const main = await readFile(path.join(projects, project!, `${sessionId}.jsonl`), 'utf8');
    expect(main).not.toContain('"isSidechain":true');
    // The child's work is not in the parent's conversation: only its answer, as the Agent result.
    const mainMessages = main.trim().split('\n').map((line) => JSON.parse(line)).filter((line) => (line.type === 'user' || line.type === 'assistant') && !line.isToolResultPart);
    expect(mainMessages.filter((line) => line.type === 'assistant')).toHaveLength(2);
    expect(mainMessages.some((line) => line.type === 'user' && JSON.stringify(line.message.content).includes('"text":"child job"'))).toBe(false);
    expect(mainMessages.some((line) => line.type === 'user' && line.message.content === 'child job')).toBe(false);
  });

  it('--continue takes up the parent with the Agent result as it was; no child runs again', async () => {
    const first = await run(['-p', 'go'], delegating);
    expect(first.code).toBe(0);
    await workspace.server!.close();
    const again = await run(['-p', 'and now?', '--continue'], () => endTurn('still fine'));
    expect(again.code).toBe(0);
    expect(workspace.server!.requests).toHaveLength(1);
    const messages = JSON.stringify(workspace.server!.requests[0]!.body.messages);
    expect(messages).toContain('child answer');
    expect(workspace.server!.requests.filter((request) => firstPrompt(request) === 'child job')).toHaveLength(0);
  });

  it('a broken agent file is one warning naming file and line; the other agents load', async () => {
    const agents = path.join(cwd, '.claude', 'agents');
    await mkdir(agents, { recursive: true });
    await writeFile(path.join(agents, 'broken.md'), '---\nname: broken\ndescription: [unclosed\n---\nbody\n');
    await writeFile(path.join(agents, 'good.md'), '---\nname: good\ndescription: A good agent\n---\nYou are good.\n');
    const result = await run(['-p', 'go'], () => endTurn('fine'));
    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('broken.md'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/broken\.md:3: invalid YAML/);
    const agentTool = workspace.server!.requests[0]!.body.tools.find((tool: { name: string }) => tool.name === 'Agent');
    expect(agentTool.description).toContain('- good: A good agent');
    expect(agentTool.description).not.toContain('- broken');
  });

  it('--agents JSON defines agents; a bad value is one clear line and exit 1', async () => {
    const bad = await run(['-p', 'go', '--agents', '{not json'], () => endTurn('x'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^agentcli: --agents is not valid JSON/);
    await workspace.server!.close();
    const good = await run(['-p', 'go', '--agents', JSON.stringify({ linter: { description: 'Lints', prompt: 'You lint.' } })], () => endTurn('x'));
    expect(good.code).toBe(0);
    const agentTool = workspace.server!.requests[0]!.body.tools.find((tool: { name: string }) => tool.name === 'Agent');
    expect(agentTool.description).toContain('- linter: Lints');
  });
});
