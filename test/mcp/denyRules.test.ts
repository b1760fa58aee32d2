// Deny rules naming `mcp__server` or `mcp__server__tool` hide those tools from
// the model and refuse them if called anyway.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { nodeServer, requestTools, runMcpScenario, startManager, TEST_SERVER, toolNamed, type McpScenario } from './mcpTestSupport.js';
import { preparedCall } from '../support/preparedCalls.js';

let manager: McpManager;
beforeAll(async () => {
  manager = await startManager({ fixture: nodeServer(TEST_SERVER) });
  await manager.whenStarted();
});
afterAll(async () => manager.close());

let scenario: McpScenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : (content as { text?: string }[]).map((block) => block.text ?? '').join('\n');

describe('deny rules on MCP tools', () => {
  it('mcp__server hides every tool of that server, and a call to one is refused', async () => {
    scenario = await runMcpScenario({
      mcp: manager,
      disallowedTools: ['mcp__fixture'],
      env: { AGENTCLI_TOOL_SEARCH: 'off' },
      script: [turn(toolUse('mcp__fixture__echo', { text: 'sneaky' })), endTurn('ok')],
    });
    expect(scenario.session.tools.some((tool) => tool.name.startsWith('mcp__fixture__'))).toBe(false);
    expect(requestTools(scenario.server.requests[0]!).map((tool) => tool.name)).toEqual([]);
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(textOf(result!.content)).toContain('No such tool: "mcp__fixture__echo"');
  });

  it('mcp__server__tool hides just that tool', async () => {
    scenario = await runMcpScenario({ mcp: manager, disallowedTools: ['mcp__fixture__crash'], env: { AGENTCLI_TOOL_SEARCH: 'off' }, script: [endTurn('ok')] });
    const names = requestTools(scenario.server.requests[0]!).map((tool) => tool.name);
    expect(names).not.toContain('mcp__fixture__crash');
    expect(names).toContain('mcp__fixture__echo');
  });

  it('a tool still in the pool is refused by the permission decision when a deny rule names it', async () => {
    scenario = await runMcpScenario({ mcp: manager, disallowedTools: ['mcp__fixture__echo'], script: [endTurn('ok')] });
    const echo = toolNamed(manager.tools(), 'mcp__fixture__echo');
    const context = scenario.session.toolUseContext(new AbortController().signal, [], scenario.session.cwd);
    const decision = await scenario.session.canUseTool(echo, await preparedCall(echo, { text: 'x' }, { cwd: context.cwd }), context);
    expect(decision.behavior).toBe('deny');
  });

  it('deferred-tool names in ToolSearch\'s description leave out denied tools', async () => {
    scenario = await runMcpScenario({ mcp: manager, disallowedTools: ['mcp__fixture__crash'], env: { AGENTCLI_TOOL_SEARCH: 'on' }, script: [endTurn('ok')] });
    const [toolSearch] = requestTools(scenario.server.requests[0]!);
    expect(toolSearch!.name).toBe('ToolSearch');
    expect(toolSearch!.description).toContain('mcp__fixture__echo');
    expect(toolSearch!.description).not.toContain('mcp__fixture__crash');
  });
});
