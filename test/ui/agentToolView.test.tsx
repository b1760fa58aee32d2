// How a running and a finished Agent call look in the REPL.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { AgentProgress } from '../../src/contract/agentProgress.js';
import { EMPTY_USAGE } from '../../src/services/api/cost.js';
import type { AgentInput, AgentOutput } from '../../src/tools/AgentTool/AgentTool.js';
import { renderToolGroup, renderToolResultMessage, renderToolUseMessage, renderToolUseProgressMessage } from '../../src/tools/AgentTool/UI.js';
import type { AssistantMessage, ConversationMessage, UserMessage } from '../../src/types/messages.js';
import type { GroupedToolCall } from '../../src/contract/toolRenderers.js';

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

const assistant = (uuid: string, content: AssistantMessage['content']): AssistantMessage => ({
  type: 'assistant',
  uuid,
  timestamp: '',
  id: `m-${uuid}`,
  model: 'x',
  stopReason: 'tool_use',
  usage: EMPTY_USAGE,
  content,
});
const toolResult = (uuid: string, toolUseId: string, text: string): UserMessage => ({
  type: 'user',
  uuid,
  timestamp: '',
  isMeta: true,
  content: [{ type: 'tool_result', tool_use_id: toolUseId, content: text }],
});

/** A child that called Glob 15 times, then answered: far more than the newest progress events hold. */
function longChildConversation(): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  for (let index = 1; index <= 15; index++) {
    messages.push(assistant(`a${index}`, [{ type: 'tool_use', id: `t${index}`, name: 'Glob', input: { pattern: `pattern-${index}/**` } }]));
    messages.push(toolResult(`r${index}`, `t${index}`, `found-${index}.ts\nmore-${index}.ts`));
  }
  messages.push(assistant('final', [{ type: 'text', text: 'The config loader is in src/config.ts:12.' }]));
  return messages;
}

describe('Agent transcript view (Ctrl+O)', () => {
  const input = { description: 'find config', prompt: 'Find where the config is loaded.' };
  const output = { kind: 'completed' as const, agentId: 'a1', agentType: 'Explore', model: 'm', text: 'The config loader is in src/config.ts:12.', stopReason: 'completed' as const, turns: 16, toolUses: 15, tokens: 900, durationMs: 2_000, transcriptPath: undefined };

  it('a finished agent shows its whole conversation: the prompt, every tool call with its result, its answer', () => {
    const transcript = longChildConversation();
    // The store keeps only the newest progress events; the newest one carries the whole conversation.
    const progress: AgentProgress[] = [{ kind: 'agent', status: { ...status, toolUses: 15 }, transcript }];
    const verbose = render(<>{renderToolResultMessage(output, input, { verbose: true, columns: 100 }, progress)}</>).lastFrame()!;
    expect(verbose).toContain('> Find where the config is loaded.');
    for (let index = 1; index <= 15; index++) {
      expect(verbose).toContain(`● Glob(pattern-${index}/**)`);
      expect(verbose).toContain(`found-${index}.ts … +1 lines`);
    }
    expect(verbose).toContain('The config loader is in src/config.ts:12.');
    expect(verbose.indexOf('pattern-1/**')).toBeLessThan(verbose.indexOf('pattern-15/**'));
    // Without Ctrl+O: the one summary line.
    expect(render(<>{renderToolResultMessage(output, input, { verbose: false, columns: 100 }, progress)}</>).lastFrame()).toBe('Done (15 tool uses · 900 tokens · 2.0s)');
  });

  it('a running agent shows its status first, then everything it did so far', () => {
    const transcript = longChildConversation().slice(0, 20);
    const progress: AgentProgress[] = [{ kind: 'agent', status: { ...status, currentTool: { name: 'Glob', argument: 'pattern-10/**' } }, transcript }];
    const frame = render(<>{renderToolUseProgressMessage(progress, { verbose: true, columns: 100 })}</>).lastFrame()!;
    expect(frame.split('\n')[0]).toBe('Glob(pattern-10/**)');
    expect(frame).toContain('● Glob(pattern-1/**)');
    expect(frame).toContain('found-10.ts');
  });
});

describe('nested agents', () => {
  it("a running agent shows what the agents it started are doing, as deep as they go", () => {
    const grandchild = { agentId: 'g1', agentType: 'Explore', description: 'scan tests', toolUses: 2, tokens: 1_500, elapsedMs: 900, currentTool: { name: 'Grep', argument: 'describe\\(' } };
    const child = { ...status, currentTool: { name: 'Agent', argument: 'scan tests' }, nested: [grandchild] };
    const frame = render(<>{renderToolUseProgressMessage([{ kind: 'agent', status: child, transcript: [] }], { verbose: false, columns: 100 })}</>).lastFrame()!;
    expect(frame).toContain('Agent(scan tests)');
    expect(frame).toContain('⎿  Explore(scan tests) · Grep(describe\\() · 2 tool uses · 1.5k tokens');
    expect(frame).toContain('3 tool uses · 12.4k tokens · 8.2s');
  });
});

describe('parallel agents as one group', () => {
  type Call = GroupedToolCall<AgentInput, AgentOutput, AgentProgress>;
  const running = (id: string, type: string, description: string, current: string, toolUses: number, tokens: number): Call => ({
    id,
    input: { description, prompt: `${description} prompt`, subagent_type: type },
    phase: 'running',
    progress: [{ kind: 'agent', status: { agentId: id, agentType: type, description, toolUses, tokens, elapsedMs: 1_000, currentTool: { name: 'Grep', argument: current } }, transcript: [] }],
  });

  it('"Running 3 agents…" with one line per agent: type, description, tool count, tokens, and its current action', () => {
    const calls: Call[] = [
      running('1', 'Explore', 'find config', 'loadConfig', 3, 12_400),
      running('2', 'Plan', 'plan the fix', 'parseArgs', 1, 800),
      { id: '3', input: { description: 'review diff', prompt: 'p' }, phase: 'queued', progress: [] },
    ];
    const frame = render(<>{renderToolGroup(calls, { verbose: false, columns: 100 })}</>).lastFrame()!;
    expect(frame.split('\n')).toEqual([
      'Running 3 agents…',
      '├─ Explore(find config) · 3 tool uses · 12.4k tokens',
      '│  ⎿  Grep(loadConfig)',
      '├─ Plan(plan the fix) · 1 tool use · 800 tokens',
      '│  ⎿  Grep(parseArgs)',
      '└─ general-purpose(review diff)',
      '   ⎿  Waiting…',
    ]);
  });

  it('once all finished: each one\'s result summary, and an error for one that failed', () => {
    const done = (call: Call, toolUses: number): Call => ({
      ...call,
      phase: 'done',
      status: 'success',
      output: { kind: 'completed', agentId: call.id, agentType: call.input.subagent_type ?? 'general-purpose', model: 'm', text: 'answer', stopReason: 'completed', turns: 2, toolUses, tokens: 900, durationMs: 2_000, transcriptPath: undefined },
    });
    const calls: Call[] = [
      done(running('1', 'Explore', 'find config', 'x', 3, 0), 3),
      done(running('2', 'Plan', 'plan the fix', 'x', 1, 0), 1),
      { id: '3', input: { description: 'review diff', prompt: 'p' }, phase: 'done', status: 'error', progress: [], resultText: 'the general-purpose agent could not finish: overloaded' },
    ];
    const frame = render(<>{renderToolGroup(calls, { verbose: false, columns: 100 })}</>).lastFrame()!;
    expect(frame.split('\n')).toEqual([
      '3 agents: 2 finished, 1 did not',
      '├─ Explore(find config)',
      '│  ⎿  Done (3 tool uses · 900 tokens · 2.0s)',
      '├─ Plan(plan the fix)',
      '│  ⎿  Done (1 tool use · 900 tokens · 2.0s)',
      '└─ general-purpose(review diff)',
      '   ⎿  Error: the general-purpose agent could not finish: overloaded',
    ]);
  });
});
