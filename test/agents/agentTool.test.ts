// The Agent tool end to end: the fake server plays the parent and its children (told apart by
// the first user message: a child's is the delegated prompt), real tools run in a temp repo.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../src/contract/tool.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { GlobTool } from '../../src/tools/GlobTool/GlobTool.js';
import { GrepTool } from '../../src/tools/GrepTool/GrepTool.js';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { TaskOutputTool } from '../../src/tools/TaskOutputTool/TaskOutputTool.js';
import { TodoWriteTool } from '../../src/tools/TodoWriteTool/TodoWriteTool.js';
import { WriteTool } from '../../src/tools/WriteTool/WriteTool.js';
import type { RecordedRequest, ScriptedTurn } from '../support/fakeAnthropic.js';
import { runScenario, resultText, toolResultEvents, type ScenarioResult } from '../support/queryHarness.js';
import { endTurn, lastToolResults, serverError, toolResultText, toolUse, turn } from '../support/scenario.js';
import { tempDir } from '../support/runCli.js';
import { conversations, firstPrompt, requestsOf as requestsIn } from '../support/agentConversations.js';

const TOOLS: Tool[] = [BashTool, GlobTool, GrepTool, ReadTool, WriteTool, TodoWriteTool, TaskOutputTool];

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

function toolNames(request: RecordedRequest): string[] {
  return (request.body.tools ?? []).map((tool: { name: string }) => tool.name);
}

function systemText(request: RecordedRequest): string {
  return (request.body.system ?? []).map((block: { text: string }) => block.text).join('\n');
}

function requestsOf(result: ScenarioResult, prompt: string): RecordedRequest[] {
  return requestsIn(result.server.requests, prompt);
}

describe('Agent tool', () => {
  it('runs a child on the delegated prompt alone and returns its final text with a footer', async () => {
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [
          turn(toolUse('Agent', { description: 'find the answer', prompt: 'child task: find it' }, { id: 'toolu_agent' })),
          endTurn('parent done'),
        ],
        'child task: find it': [turn(toolUse('Glob', { pattern: '*' })), endTurn('the answer is 42')],
      }),
    });
    expect(scenario.outcome.reason).toBe('completed');
    const [firstChild] = requestsOf(scenario, 'child task: find it');
    // The child's first request holds nothing of the parent's conversation.
    expect(firstChild!.body.messages).toHaveLength(1);
    expect(JSON.stringify(firstChild!.body.messages)).not.toContain('parent prompt');
    expect(toolNames(firstChild!)).not.toContain('Agent');
    expect(toolNames(firstChild!)).not.toContain('TodoWrite');
    expect(toolNames(firstChild!)).toContain('Bash');
    expect(systemText(firstChild!)).toContain('delegated a task');
    expect(systemText(firstChild!)).toContain(scenario.cwd);
    // The parent offers Agent and gets the child's answer with a footer.
    expect(toolNames(scenario.server.requests[0]!)).toContain('Agent');
    const parentFinal = requestsOf(scenario, 'parent prompt').at(-1)!;
    const [agentResult] = lastToolResults(parentFinal);
    expect(agentResult!.is_error).toBeFalsy();
    const text = toolResultText(agentResult!);
    expect(text).toMatch(/^the answer is 42\n\n\[general-purpose agent: 1 tool use · .* tokens · .*s\]$/);
    scenario.server.assertNoViolations();
  });

  it('Task is an alias, and a custom agent offers exactly its tools and carries its body as the system prompt', async () => {
    const cwd = await tempDir('agentcli-cwd-');
    await mkdir(path.join(cwd, '.claude', 'agents'), { recursive: true });
    await writeFile(
      path.join(cwd, '.claude', 'agents', 'reviewer.md'),
      '---\nname: reviewer\ndescription: Reviews code for bugs\ntools: Read, Grep\nmodel: haiku\n---\nYou are a meticulous reviewer. Report bugs only.\n',
    );
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      cwd,
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [turn(toolUse('Task', { description: 'review', prompt: 'review src', subagent_type: 'reviewer' })), endTurn('ok')],
        'review src': [endTurn('no bugs')],
      }),
    });
    const [child] = requestsOf(scenario, 'review src');
    expect(toolNames(child!)).toEqual(['Grep', 'Read']);
    expect(child!.body.system[0].text).toBe('You are a meticulous reviewer. Report bugs only.');
    expect(child!.body.model).toBe('claude-haiku-4-5-20251001');
    // The parent's Agent prompt lists the custom type.
    const agentTool = scenario.server.requests[0]!.body.tools.find((tool: { name: string }) => tool.name === 'Agent');
    expect(agentTool.description).toContain('- reviewer: Reviews code for bugs');
    expect(agentTool.description).toContain('- Explore:');
  });

  it('Explore runs on the fast model with read-only tools', async () => {
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'explore', prompt: 'where is x', subagent_type: 'Explore' })), endTurn('ok')],
        'where is x': [endTurn('src/x.ts:3')],
      }),
    });
    const [child] = requestsOf(scenario, 'where is x');
    expect(child!.body.model).toBe('claude-haiku-4-5-20251001');
    expect(toolNames(child!)).toEqual(['Glob', 'Grep', 'Read', 'TaskOutput']);
    expect(systemText(child!)).toContain('path:line');
  });

  it('deny_rule_holds_inside_child: a child cannot write what the parent may not (disk unchanged)', async () => {
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      mode: 'bypassPermissions',
      disallowedTools: ['Bash(touch:*)', 'Write(pwned.txt)'],
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'sneak', prompt: 'make the file' })), endTurn('ok')],
        'make the file': [
          turn(toolUse('Bash', { command: 'touch pwned.txt' }), toolUse('Write', { file_path: 'pwned.txt', content: 'x' })),
          (request) => {
            const results = lastToolResults(request);
            return endTurn(results.every((block) => block.is_error && /denied/i.test(toolResultText(block))) ? 'both denied' : 'something ran');
          },
        ],
      }),
    });
    expect(existsSync(path.join(scenario.cwd, 'pwned.txt'))).toBe(false);
    const parentFinal = requestsOf(scenario, 'parent prompt').at(-1)!;
    expect(toolResultText(lastToolResults(parentFinal)[0]!)).toContain('both denied');
  });

  it("an ask inside a child reaches the parent's asker labelled with the agent", async () => {
    const asked: Array<{ tool: string; agentName: string | undefined }> = [];
    scenario = await runScenario({
      tools: TOOLS,
      agents: { cliJson: JSON.stringify({ builder: { description: 'Builds things', prompt: 'You build.', tools: ['Bash'] } }) },
      mode: 'default',
      prompt: 'parent prompt',
      askPermission: async (request) => {
        asked.push({ tool: request.tool.name, agentName: request.agentName });
        return { type: 'deny' };
      },
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'build', prompt: 'build it', subagent_type: 'builder' })), endTurn('ok')],
        'build it': [turn(toolUse('Bash', { command: 'touch made.txt' }))],
      }),
    });
    expect(asked).toEqual([{ tool: 'Bash', agentName: 'builder' }]);
    expect(existsSync(path.join(scenario.cwd, 'made.txt'))).toBe(false);
    // The user said no without feedback: the child stops and the parent is told so, as an error.
    const parentFinal = requestsOf(scenario, 'parent prompt').at(-1)!;
    const [result] = lastToolResults(parentFinal);
    expect(result!.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('rejected');
  });

  it("a child's API failure is an is_error result the parent can act on", async () => {
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'fail', prompt: 'doomed task' })), endTurn('noted')],
        'doomed task': [serverError({ status: 400, message: 'bad request from child' })],
      }),
    });
    expect(scenario.outcome.reason).toBe('completed');
    const [result] = toolResultEvents(scenario.events);
    expect(result!.outcome.result.is_error).toBe(true);
    expect(resultText(result!.outcome.result.content)).toMatch(/general-purpose agent could not finish/);
  });

  it('abort_mid_child_leaves_no_process: the parent interrupt stops the child and kills its command', async () => {
    const marker = `sleep 37.${process.pid % 1000}`;
    const controller = new AbortController();
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'tool_progress' && JSON.stringify(event.progress).includes('"name":"Bash"')) setTimeout(() => controller.abort({ kind: 'user_interrupt' }), 200);
      },
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'wait', prompt: 'run the long command' }))],
        'run the long command': [turn(toolUse('Bash', { command: marker }))],
      }),
    });
    expect(scenario.outcome.reason).toBe('interrupted');
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(processes).not.toContain(marker);
    // Still a valid conversation: the Agent call has its result.
    expect(toolResultEvents(scenario.events)).toHaveLength(1);
  });

  it('two Agent calls in one message run in parallel and answer in call order', async () => {
    let released: (() => void) | undefined;
    const bothStarted = new Promise<void>((resolve) => (released = resolve));
    let childrenSeen = 0;
    const childTurn = (answer: string) => async (): Promise<ScriptedTurn> => {
      childrenSeen++;
      if (childrenSeen === 2) released!();
      await bothStarted; // each child waits until the other has asked too: only parallel children get here
      return endTurn(answer);
    };
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: async (request) => {
        const prompt = firstPrompt(request);
        if (prompt === 'first child') return childTurn('first answer')();
        if (prompt === 'second child') return childTurn('second answer')();
        return request.index === 0
          ? turn(
              toolUse('Agent', { description: 'one', prompt: 'first child' }, { id: 'toolu_1' }),
              toolUse('Agent', { description: 'two', prompt: 'second child' }, { id: 'toolu_2' }),
            )
          : endTurn('done');
      },
    });
    const final = scenario.server.requests.at(-1)!;
    const results = lastToolResults(final);
    expect(results.map((block) => block.tool_use_id)).toEqual(['toolu_1', 'toolu_2']);
    expect(toolResultText(results[0]!)).toContain('first answer');
    expect(toolResultText(results[1]!)).toContain('second answer');
  });

  it('run_in_background returns a task id; the answer is readable with TaskOutput and the parent is told when it ends', async () => {
    let taskId = '';
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [
          turn(toolUse('Agent', { description: 'bg', prompt: 'background job', run_in_background: true })),
          (request) => {
            taskId = /task (agent_[0-9a-f]+)/.exec(toolResultText(lastToolResults(request)[0]!))![1]!;
            return turn(toolUse('TaskOutput', { task_id: taskId, block: true, timeout: 10_000 }));
          },
          endTurn('read it'),
        ],
        'background job': [endTurn('background answer')],
      }),
    });
    expect(taskId).toMatch(/^agent_/);
    expect(await scenario.session.backgroundTasks.waitFor(taskId, 5_000)).toBe(true);
    const final = requestsOf(scenario, 'parent prompt').at(-1)!;
    const output = toolResultText(lastToolResults(final)[0]!);
    expect(output).toContain('background answer');
    expect(output).toContain('completed');
  });

  it('a background agent that finishes on its own is announced to the parent with its next request', async () => {
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [
          turn(toolUse('Agent', { description: 'bg', prompt: 'quick background job', run_in_background: true })),
          // Meanwhile the parent works on; the child answers at once and is done by the next request.
          turn(toolUse('Bash', { command: 'sleep 0.5' })),
          endTurn('ok'),
        ],
        'quick background job': [endTurn('done in the background')],
      }),
    });
    const last = requestsOf(scenario, 'parent prompt').at(-1)!;
    const lastUser = JSON.stringify(last.body.messages.at(-1));
    expect(lastUser).toMatch(/Background agent agent_[0-9a-f]+ \(general-purpose: bg\) finished\. Read its answer with TaskOutput/);
  });

  it('cost is rolled into the session and kept per agent type', async () => {
    scenario = await runScenario({
      tools: TOOLS,
      agents: {},
      prompt: 'parent prompt',
      script: conversations({
        'parent prompt': [
          { ...turn(toolUse('Agent', { description: 'x', prompt: 'costly child', subagent_type: 'Explore' })), usage: { input_tokens: 100, output_tokens: 10 } },
          { ...endTurn('ok'), usage: { input_tokens: 100, output_tokens: 10 } },
        ],
        'costly child': [{ ...endTurn('cheap'), usage: { input_tokens: 1000, output_tokens: 50 } }],
      }),
    });
    const tracker = scenario.session.costTracker;
    expect(tracker.totalUsage().input_tokens).toBe(1200);
    const explore = tracker.agentUsage.get('Explore')!;
    expect(explore.totalUsage().input_tokens).toBe(1000);
    expect([...explore.modelUsage.keys()]).toEqual(['claude-haiku-4-5-20251001']);
  });
});
