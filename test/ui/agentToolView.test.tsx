// How a running and a finished Agent call look in the REPL.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { AgentProgress } from '../../src/agents/agentProgress.js';
import { EMPTY_USAGE } from '../../src/services/api/cost.js';
import { renderToolResultMessage, renderToolUseMessage, renderToolUseProgressMessage } from '../../src/tools/AgentTool/UI.js';

const status = { agentId: 'a1', agentType: 'Explore', description: 'find config', toolUses: 3, tokens: 12_400, elapsedMs: 8_200 };

describe('Agent tool in the REPL', () => {
  it('shows the description, then the child’s current tool with its argument, tool uses, tokens and elapsed time', () => {
    expect(render(<>{renderToolUseMessage({ description: 'find config', run_in_background: true }, { verbose: false, columns: 80 })}</>).lastFrame()).toBe('find config (background)');
    const progress: AgentProgress[] = [{ kind: 'agent', status: { ...status, currentTool: { name: 'Grep', argument: 'loadConfig' } }, transcript: [] }];
    const frame = render(<>{renderToolUseProgressMessage(progress, { verbose: false, columns: 80 })}</>).lastFrame()!;
    expect(frame).toContain('Grep(loadConfig)');
    expect(frame).toContain('3 tool uses · 12.4k tokens · 8.2s');
  });

  it('verbose (Ctrl+O) shows the child’s own transcript while it runs', () => {
    const message = {
      type: 'assistant' as const,
      uuid: 'u',
      timestamp: '',
      id: 'm',
      model: 'x',
      stopReason: 'tool_use' as const,
      usage: EMPTY_USAGE,
      content: [
        { type: 'text' as const, text: 'Looking for the loader.' },
        { type: 'tool_use' as const, id: 't', name: 'Glob', input: { pattern: 'src/**/config*.ts' } },
      ],
    };
    const progress: AgentProgress[] = [{ kind: 'agent', status, message, transcript: [message] }];
    const frame = render(<>{renderToolUseProgressMessage(progress, { verbose: true, columns: 80 })}</>).lastFrame()!;
    expect(frame).toContain('Looking for the loader.');
    expect(frame).toContain('● Glob(src/**/config*.ts)');
  });

  it('a finished call is one summary line; verbose adds the answer', () => {
    const output = { kind: 'completed' as const, agentId: 'a1', agentType: 'Explore', model: 'm', text: 'src/config.ts:12', stopReason: 'completed' as const, turns: 2, toolUses: 3, tokens: 900, durationMs: 2_000, transcriptPath: undefined };
    const input = { description: 'find config', prompt: 'p' };
    expect(render(<>{renderToolResultMessage(output, input, { verbose: false, columns: 80 })}</>).lastFrame()).toBe('Done (3 tool uses · 900 tokens · 2.0s)');
    expect(render(<>{renderToolResultMessage(output, input, { verbose: true, columns: 80 })}</>).lastFrame()).toContain('src/config.ts:12');
  });
});
