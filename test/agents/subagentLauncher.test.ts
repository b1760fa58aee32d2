// The Agent tool starts children only through the SubagentLauncher in its context (the contract's
// seam): whatever launcher the conversation injects is asked, with the call's request and the
// parent's context; without one, the tool refuses before anything runs.
import { describe, expect, it } from 'vitest';
import type { AgentCatalog } from '../../src/contract/agentDefinition.js';
import type { SubagentLauncher, SubagentRequest } from '../../src/contract/subagentLauncher.js';
import type { ToolUseContext } from '../../src/contract/tool.js';
import { createAgentTool } from '../../src/tools/AgentTool/AgentTool.js';
import { createToolTestSession } from '../tools/misc/toolHarness.js';

const catalog: AgentCatalog = {
  agents: [{ agentType: 'general-purpose', description: 'does things', tools: undefined, model: undefined, systemPrompt: 'help', source: 'built-in' }],
  warnings: [],
};

function recordingLauncher(): SubagentLauncher & { readonly requests: { request: SubagentRequest; parent: ToolUseContext }[] } {
  const requests: { request: SubagentRequest; parent: ToolUseContext }[] = [];
  return {
    requests,
    mainSession: { id: 'main', dir: '/tmp/main', transcriptPath: undefined },
    async run(request, parent) {
      requests.push({ request, parent });
      return { agentId: 'a1', agentType: request.agent.agentType, model: 'm', text: `did: ${request.prompt}`, stopReason: 'completed', turns: 1, toolUses: 0, tokens: 10, durationMs: 5, transcriptPath: undefined };
    },
  };
}

describe('SubagentLauncher', () => {
  it('the Agent tool asks the launcher in its context, with the request and the parent context', async () => {
    const tool = createAgentTool(Promise.resolve(catalog));
    const harness = await createToolTestSession({ tools: [] });
    try {
      const launcher = recordingLauncher();
      const context: ToolUseContext = { ...harness.session.toolUseContext(new AbortController().signal, [], harness.cwd), toolUseId: 'toolu_1', subagents: launcher };
      const input = { description: 'look around', prompt: 'list the files' };
      expect(await tool.validateInput(input, context)).toEqual({ result: true });
      const result = await tool.call(input, context, () => undefined);
      expect(result.data).toMatchObject({ kind: 'completed', text: 'did: list the files', agentType: 'general-purpose' });
      expect(launcher.requests).toHaveLength(1);
      expect(launcher.requests[0]!.request).toMatchObject({ prompt: 'list the files', description: 'look around', agent: { agentType: 'general-purpose' } });
      expect(launcher.requests[0]!.parent.toolUseId).toBe('toolu_1');
    } finally {
      await harness.cleanup();
    }
  });

  it('without a launcher the call is refused at validation (no conversation to run it in)', async () => {
    const tool = createAgentTool(Promise.resolve(catalog));
    const harness = await createToolTestSession({ tools: [] });
    try {
      const context = harness.session.toolUseContext(new AbortController().signal, [], harness.cwd);
      expect(await tool.validateInput({ description: 'x', prompt: 'y' }, context)).toEqual({ result: false, message: expect.stringContaining('cannot start a subagent here') });
    } finally {
      await harness.cleanup();
    }
  });
});
