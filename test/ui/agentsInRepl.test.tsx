// Subagents in the whole REPL against the fake server: parallel Agent calls drawn as one group,
// a nested agent's work shown at the top level, and Ctrl+O showing a child's whole conversation.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool, type Tool } from '../../src/contract/tool.js';
import { conversations } from '../support/agentConversations.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

/** A read-only tool that waits until the test opens the gate: the children stay at work while the screen is read. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const tool: Tool<{ pattern: string }, string> = buildTool({
    name: 'Wait',
    inputSchema: () => z.strictObject({ pattern: z.string() }),
    description: () => 'wait',
    prompt: () => 'Waits for the test.',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input, context) {
      await Promise.race([opened, new Promise((resolve) => context.abortSignal.addEventListener('abort', resolve, { once: true }))]);
      return { data: `waited for ${input.pattern}` };
    },
  });
  return { tool, open };
}

describe('subagents in the REPL', () => {
  it('three Agent calls of one message are one group: "Running 3 agents…", a line per agent, then each one\'s summary', async () => {
    const { tool, open } = gate();
    repl = await startReplFixture({
      tools: [tool],
      agents: {},
      script: conversations({
        'parent prompt': [
          turn(
            toolUse('Agent', { description: 'find config', prompt: 'task one', subagent_type: 'Explore' }),
            toolUse('Agent', { description: 'plan the fix', prompt: 'task two', subagent_type: 'Plan' }),
            toolUse('Agent', { description: 'review diff', prompt: 'task three' }),
          ),
          endTurn('all three reported'),
        ],
        'task one': [turn(toolUse('Wait', { pattern: 'loadConfig' })), endTurn('config is in src/config.ts')],
        'task two': [turn(toolUse('Wait', { pattern: 'parseArgs' })), endTurn('plan: three steps')],
        'task three': [turn(toolUse('Wait', { pattern: 'the diff' })), endTurn('the diff looks fine')],
      }),
    });
    await repl.submit('parent prompt');
    // Until the Agent tool's UI module has loaded, the live area draws the generic lines (toolRendererCache.ts);
    // under a loaded machine that can take a frame or two, so wait for the frame with all three agents at work and grouped.
    const running = await repl.terminal.waitFor(
      (frame) => frame.includes('Running 3 agents') && ['Wait(loadConfig)', 'Wait(parseArgs)', 'Wait(the diff)'].every((action) => frame.includes(action)),
    );
    expect(running).toContain('● Running 3 agents…');
    expect(running).toMatch(/├─ Explore\(find config\) · 1 tool use · \d+ tokens\n {2}│ {2}⎿ {2}Wait\(loadConfig\)/);
    expect(running).toMatch(/├─ Plan\(plan the fix\) · 1 tool use · \d+ tokens\n {2}│ {2}⎿ {2}Wait\(parseArgs\)/);
    expect(running).toMatch(/└─ general-purpose\(review diff\) · 1 tool use · \d+ tokens\n {5}⎿ {2}Wait\(the diff\)/);
    // One block, not three unrelated tool lines.
    expect(running).not.toContain('● Explore(');
    expect(running.match(/● /g)).toHaveLength(1);

    open();
    const done = await repl.terminal.waitFor('all three reported');
    expect(done).toContain('● 3 agents finished');
    expect(done).toMatch(/├─ Explore\(find config\)\n {2}│ {2}⎿ {2}Done \(1 tool use · \d+ tokens · [\d.]+s\)/);
    expect(done).toMatch(/├─ Plan\(plan the fix\)\n {2}│ {2}⎿ {2}Done \(1 tool use/);
    expect(done).toMatch(/└─ general-purpose\(review diff\)\n {5}⎿ {2}Done \(1 tool use/);
    expect(done.match(/3 agents finished/g)).toHaveLength(1);
    expect(done).not.toContain('Running 3 agents');
  });

  it("a nested agent's work is passed up: the top level shows what the grandchild is doing", async () => {
    const { tool, open } = gate();
    repl = await startReplFixture({
      tools: [tool],
      agents: {},
      env: { AGENTCLI_SUBAGENT_NESTING: '1' },
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'outer work', prompt: 'outer task' })), endTurn('parent done')],
        'outer task': [turn(toolUse('Agent', { description: 'inner search', prompt: 'inner task', subagent_type: 'Explore' })), endTurn('outer done')],
        'inner task': [turn(toolUse('Wait', { pattern: 'deepPattern' })), endTurn('inner done')],
      }),
    });
    await repl.submit('parent prompt');
    const frame = await repl.terminal.waitFor('Wait(deepPattern)');
    expect(frame).toContain('● Agent(outer work)');
    // The child is running its own Agent call; under it, the grandchild's current tool and counts.
    expect(frame).toContain('Agent(inner search)');
    expect(frame).toMatch(/⎿ {2}Explore\(inner search\) · Wait\(deepPattern\) · 1 tool use · \d+ tokens/);
    open();
    await repl.terminal.waitFor('parent done');
  });

  it("verbose (--verbose) shows a child's whole conversation: every tool call and result, not only the newest", async () => {
    const { tool, open } = gate();
    open();
    const steps = Array.from({ length: 12 }, (_, index) => turn(toolUse('Wait', { pattern: `step-${index + 1}` })));
    repl = await startReplFixture({
      tools: [tool],
      agents: {},
      rows: 60,
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'long search', prompt: 'long task' })), endTurn('parent done')],
        'long task': [...steps, endTurn('final child answer')],
      }),
    });
    repl.controller.toggleVerbose();
    await repl.terminal.waitFor(/verbose/);
    await repl.submit('parent prompt');
    const frame = await repl.terminal.waitFor('parent done');
    expect(frame).toContain('Done (12 tool uses');
    expect(frame).toContain('> long task');
    for (let index = 1; index <= 12; index++) {
      expect(frame).toContain(`● Wait(step-${index})`);
      expect(frame).toContain(`waited for step-${index}`);
    }
    expect(frame).toContain('final child answer');
  });

  it("Ctrl+O's transcript view shows a finished subagent's own steps: its tool calls and their results", async () => {
    const { tool, open } = gate();
    open();
    repl = await startReplFixture({
      tools: [tool],
      agents: {},
      rows: 40,
      script: conversations({
        'parent prompt': [turn(toolUse('Agent', { description: 'search twice', prompt: 'two steps' })), endTurn('parent done')],
        'two steps': [turn(toolUse('Wait', { pattern: 'first-step' })), turn(toolUse('Wait', { pattern: 'second-step' })), endTurn('child answer')],
      }),
    });
    await repl.submit('parent prompt');
    await repl.terminal.waitFor('parent done');
    await repl.terminal.press('\u000F');
    const view = await repl.terminal.waitFor(/lines \d+–\d+ of \d+/);
    expect(view).toContain('> two steps');
    expect(view).toContain('● Wait(first-step)');
    expect(view).toContain('waited for first-step');
    expect(view).toContain('● Wait(second-step)');
    expect(view).toContain('waited for second-step');
    expect(view).toContain('child answer');
    expect(view.indexOf('first-step')).toBeLessThan(view.indexOf('second-step'));
  });
});
