import { describe, expect, it } from 'vitest';
import { LiveArea } from '../../src/ui/transcript/LiveArea.js';
import { tailThatFits } from '../../src/ui/transcript/liveTail.js';
import { renderInTerminal } from './support/inkTerminal.js';

describe('live area', () => {
  it('keeps long streaming text to the rows it may use, showing the newest lines', async () => {
    const text = Array.from({ length: 200 }, (_, index) => `streamed line ${index}`).join('\n');
    const terminal = renderInTerminal(
      <LiveArea segments={[{ kind: 'text', id: 't', text, continuation: false }]} turn={undefined} tools={[]} verbose={false} columns={60} maxRows={10} showSpinner={false} />,
      { columns: 60, rows: 20 },
    );
    const frame = await terminal.waitFor('streamed line 199');
    expect(frame.split('\n').length).toBeLessThanOrEqual(12);
    expect(frame).not.toContain('streamed line 100');
    terminal.unmount();
  });

  it('a paragraph that moves to the scroll-back takes its rows with it: the rows below stay where they were', async () => {
    // Printed, the first paragraph takes its own rows plus the blank row before it; the live area must shrink by exactly that.
    const first = Array.from({ length: 15 }, (_, index) => `alpha${index}`).join(' ');
    const open = 'the open paragraph, still streaming';
    const frameOf = async (segment: { text: string; printed?: string[] }): Promise<string> => {
      const terminal = renderInTerminal(
        <LiveArea segments={[{ kind: 'text', id: 't', continuation: false, ...segment }]} turn={{ startedAt: Date.now(), activity: 'writing', outputTokens: 0 }} tools={[]} verbose={false} columns={40} maxRows={20} showSpinner />,
        { columns: 40, rows: 30 },
      );
      const frame = await terminal.waitFor('esc to interrupt');
      terminal.unmount();
      return frame;
    };
    const whole = await frameOf({ text: `${first}\n\n${open}` });
    const afterPrint = await frameOf({ text: open, printed: [first] });
    const firstRows = whole.split('\n').filter((line) => line.includes('alpha')).length;
    expect(firstRows).toBeGreaterThan(1);
    expect(whole.split('\n').length - afterPrint.split('\n').length).toBe(firstRows + 1);
  });

  it('shows the spinner with elapsed time, tokens and how to interrupt', async () => {
    const terminal = renderInTerminal(
      <LiveArea segments={[]} turn={{ startedAt: Date.now() - 3_000, activity: 'writing', outputTokens: 1234 }} tools={[]} verbose={false} columns={80} maxRows={10} showSpinner />,
    );
    const frame = await terminal.waitFor('esc to interrupt');
    expect(frame).toMatch(/Writing… \(3s · ↓ 1\.2k tokens · esc to interrupt\)/);
    terminal.unmount();
  });

  it('renders nothing at all when idle', async () => {
    const terminal = renderInTerminal(<LiveArea segments={[]} turn={undefined} tools={[]} verbose={false} columns={80} maxRows={10} showSpinner />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(terminal.lastFrame()).toBe('');
    terminal.unmount();
  });

  it('tailThatFits counts wrapped rows and cuts an over-long single line from its end', () => {
    expect(tailThatFits('a\nb\nc', 10, 5)).toEqual({ text: 'a\nb\nc', truncated: false });
    expect(tailThatFits(`${'x'.repeat(25)}\nlast`, 10, 3)).toEqual({ text: 'last', truncated: true });
    expect(tailThatFits('y'.repeat(100), 10, 2)).toEqual({ text: 'y'.repeat(20), truncated: true });
  });
});

describe('printed transcript width', () => {
  it('wraps printed items to the terminal width (40 columns)', async () => {
    const { startReplFixture } = await import('./support/replFixture.js');
    const { endTurn } = await import('../support/scenario.js');
    const repl = await startReplFixture({ columns: 40, script: [endTurn('The file a.txt now exists in the folder and more words follow here.')] });
    try {
      await repl.submit('go');
      const frame = await repl.terminal.waitFor('follow here.');
      for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(40);
      expect(frame).toContain('● The file a.txt now exists in the');
    } finally {
      await repl.close();
    }
  });
});

describe('parallel calls of one tool', () => {
  it('show as one group line while they run, when the tool can render a group', async () => {
    const { ReadTool } = await import('../../src/tools/ReadTool/ReadTool.js');
    const { loadToolRenderers } = await import('../../src/ui/tools/toolRendererCache.js');
    await loadToolRenderers(ReadTool);
    const running = (id: string, file: string) => ({ kind: 'tool' as const, id, toolName: 'Read', input: { file_path: `/p/${file}` }, phase: 'running' as const, progress: [] });
    const terminal = renderInTerminal(
      <LiveArea segments={[running('a', 'one.ts'), running('b', 'two.ts'), running('c', 'three.ts')]} turn={undefined} tools={[ReadTool]} verbose={false} columns={100} maxRows={20} showSpinner={false} />,
    );
    const frame = await terminal.waitFor('3 files');
    expect(frame).toMatch(/● Read\(3 files: .*one\.ts, .*two\.ts, .*three\.ts\)/);
    expect(frame.match(/● /g)).toHaveLength(1);
    terminal.unmount();
  });

  it("a message's Agent calls stay one group however many there are: shown whole, never cut by the visible-tools limit", async () => {
    const { createAgentTool } = await import('../../src/tools/AgentTool/AgentTool.js');
    const { loadToolRenderers } = await import('../../src/ui/tools/toolRendererCache.js');
    const agentTool = createAgentTool(Promise.resolve({ agents: [], warnings: [] }));
    await loadToolRenderers(agentTool);
    const agent = (index: number) => ({
      kind: 'tool' as const,
      id: `a${index}`,
      toolName: 'Agent',
      batch: 1,
      input: { description: `task ${index}`, prompt: 'p' },
      phase: 'running' as const,
      progress: [],
    });
    const terminal = renderInTerminal(
      <LiveArea segments={Array.from({ length: 8 }, (_, index) => agent(index + 1))} turn={undefined} tools={[agentTool]} verbose={false} columns={100} maxRows={30} showSpinner={false} />,
      { columns: 100, rows: 40 },
    );
    const frame = await terminal.waitFor('Running 8 agents…');
    expect(frame).toContain('general-purpose(task 1)');
    expect(frame).toContain('└─ general-purpose(task 8)');
    expect(frame).not.toContain('more tool calls running');
    expect(frame.match(/● /g)).toHaveLength(1);
    terminal.unmount();
  });

  it('groups calls that started before the tool\'s UI loaded as soon as it loads, with nothing else changing', async () => {
    const { ReadTool } = await import('../../src/tools/ReadTool/ReadTool.js');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The same tool, but its UI module arrives only when the test says (a slow disk, a loaded machine).
    const slowUiRead = { ...ReadTool, ui: async () => (await released, ReadTool.ui!()) };
    const running = (id: string, file: string) => ({ kind: 'tool' as const, id, toolName: 'Read', input: { file_path: `/p/${file}` }, phase: 'running' as const, progress: [] });
    const terminal = renderInTerminal(
      <LiveArea segments={[running('a', 'one.ts'), running('b', 'two.ts')]} turn={undefined} tools={[slowUiRead]} verbose={false} columns={100} maxRows={20} showSpinner={false} />,
    );
    const before = await terminal.waitFor('two.ts');
    expect(before.match(/● /g)).toHaveLength(2);
    release();
    const after = await terminal.waitFor('2 files');
    expect(after).toMatch(/● Read\(2 files: .*one\.ts, .*two\.ts\)/);
    terminal.unmount();
  });

  it('groups only calls of the same tool that are still running', async () => {
    const { groupParallelTools } = await import('../../src/ui/transcript/liveGroups.js');
    const tool = (id: string, toolName: string, phase: 'running' | 'done') => ({ kind: 'tool' as const, id, toolName, input: {}, phase, progress: [] });
    const entries = groupParallelTools([tool('1', 'Read', 'running'), tool('2', 'Read', 'running'), tool('3', 'Grep', 'running'), tool('4', 'Read', 'done'), tool('5', 'Read', 'running')], { drawsMessageGroups: () => false, drawsRunningGroups: () => true });
    expect(entries.map((entry) => (entry.kind === 'segment' ? entry.segment.id : `${entry.kind}:${entry.tools.map((t) => t.id).join('')}`))).toEqual(['group:12', '3', '4', '5']);
  });
});

describe('live tools stay within the rows they may use', () => {
  it('clips a tall tool body in the live area', async () => {
    const { plainTool } = await import('./support/uiTools.js');
    const long = Array.from({ length: 100 }, (_, index) => `output ${index}`).join('\n');
    const terminal = renderInTerminal(
      <LiveArea
        segments={[{ kind: 'tool', id: 't', toolName: 'Plain', input: { path: 'x' }, phase: 'done', status: 'error', resultText: long, progress: [] }]}
        turn={undefined}
        tools={[plainTool()]}
        verbose
        columns={80}
        maxRows={8}
        showSpinner={false}
      />,
    );
    const frame = await terminal.waitFor('more lines not shown');
    expect(frame.split('\n').length).toBeLessThanOrEqual(10);
    terminal.unmount();
  });
});

describe('spinner line while text streams', () => {
  it('turns once a second while the answer is being written (the text is what moves), four times a second otherwise', async () => {
    const { Spinner } = await import('../../src/ui/transcript/Spinner.js');
    const glyphsShown = async (activity: 'writing' | 'requesting'): Promise<number> => {
      const terminal = renderInTerminal(<Spinner turn={{ startedAt: Date.now(), activity, outputTokens: 0 }} />);
      await terminal.waitFor('esc to interrupt');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const glyphs = new Set(terminal.allFrames().map((frame) => frame.trim().split(' ')[0]).filter(Boolean));
      terminal.unmount();
      return glyphs.size;
    };
    expect(await glyphsShown('writing')).toBeLessThanOrEqual(2);
    expect(await glyphsShown('requesting')).toBeGreaterThanOrEqual(4);
  });
});
