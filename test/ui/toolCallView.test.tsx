import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { loadToolRenderers } from '../../src/ui/tools/toolRendererCache.js';
import { ToolCallView, type ToolCallViewProps } from '../../src/ui/transcript/ToolCallView.js';
import { WriteTool } from '../../src/tools/WriteTool/WriteTool.js';
import { brokenUiTool, plainTool, shoutTool } from './support/uiTools.js';

const options = { verbose: false, columns: 80 };

async function frameOf(props: Omit<ToolCallViewProps, 'options'> & { options?: ToolCallViewProps['options'] }): Promise<string> {
  if (props.tool) await loadToolRenderers(props.tool);
  const view = render(<ToolCallView options={options} {...props} />);
  const frame = view.lastFrame() ?? '';
  view.unmount();
  return frame;
}

describe('tool call rendering through the tool’s own render functions', () => {
  const tool = shoutTool();

  it('shows the use line from partial input while it streams', async () => {
    const frame = await frameOf({ tool, toolName: 'Shout', input: { words: 'hel' }, phase: 'streaming_input' });
    expect(frame).toBe('● Shout(hel)');
  });

  it('shows progress while running', async () => {
    const frame = await frameOf({ tool, toolName: 'Shout', input: { words: 'hi' }, phase: 'running', progress: ['one', 'two'] });
    expect(frame).toContain('● Shout(hi)');
    expect(frame).toContain('⎿  progress: two');
  });

  it('shows "Running…" before the first progress event', async () => {
    expect(await frameOf({ tool, toolName: 'Shout', input: { words: 'hi' }, phase: 'running', progress: [] })).toContain('⎿  Running…');
  });

  it('shows the result summary on success', async () => {
    const frame = await frameOf({ tool, toolName: 'Shout', input: { words: 'hey' }, phase: 'done', status: 'success', data: { shouted: 'HEY' }, resultText: 'HEY' });
    expect(frame).toContain('⎿  Shouted 3 letters');
  });

  it('shows what was refused, for a rejection and for a denial', async () => {
    for (const status of ['rejected', 'denied'] as const) {
      const frame = await frameOf({ tool, toolName: 'Shout', input: { words: 'no' }, phase: 'done', status, resultText: 'the user said no' });
      expect(frame).toContain('Did not shout "no": the user said no');
    }
  });

  it('a refused Write shows the user what happened (and their own words), not the message meant for the model', async () => {
    const input = { file_path: '/p/notes.md', content: 'hello\n' };
    const refused = await frameOf({ tool: WriteTool, toolName: 'Write', input, phase: 'done', status: 'rejected', resultText: 'The user rejected this Write call; it did not run. Stop and wait for the user to say how to proceed.' });
    expect(refused).toContain('Write to');
    expect(refused).toContain('was not done');
    expect(refused).not.toContain('Stop and wait');
    expect(refused).not.toContain('The user rejected');
    const withFeedback = await frameOf({ tool: WriteTool, toolName: 'Write', input, phase: 'done', status: 'rejected', resultText: 'The user rejected this Write call; it did not run. The user said: put it in docs/' });
    expect(withFeedback).toContain('You said: put it in docs/');
    expect(withFeedback).not.toContain('The user rejected');
  });

  it('shows the error', async () => {
    const frame = await frameOf({ tool, toolName: 'Shout', input: { words: 'x' }, phase: 'done', status: 'error', resultText: 'throat sore' });
    expect(frame).toContain('⎿  Shout failed: throat sore');
  });

  it('marks an interrupted call', async () => {
    const frame = await frameOf({ tool, toolName: 'Shout', input: { words: 'x' }, phase: 'done', status: 'interrupted', resultText: 'Interrupted by user' });
    expect(frame).toContain('Interrupted: Interrupted by user');
  });
});

describe('generic tool rendering (no UI.tsx, unknown tools)', () => {
  it('summarises the input and previews the first result lines', async () => {
    const frame = await frameOf({ tool: plainTool(), toolName: 'Plain', input: { path: 'a.txt' }, phase: 'done', status: 'success', data: 'ignored', resultText: 'one\ntwo\nthree\nfour\nfive' });
    expect(frame).toContain('● Plain(a.txt)');
    expect(frame).toContain('⎿  one\n     two\n     three');
    expect(frame).toContain('… +2 lines (ctrl+o to expand)');
  });

  it('shows every line (up to a bound) in verbose mode', async () => {
    const frame = await frameOf({ tool: undefined, toolName: 'mcp__srv__thing', input: { query: 'q' }, phase: 'done', status: 'success', resultText: 'one\ntwo\nthree\nfour\nfive', options: { verbose: true, columns: 80 } });
    expect(frame).toContain('● mcp__srv__thing(q)');
    expect(frame).toContain('five');
  });

  it('falls back when a render function throws', async () => {
    const frame = await frameOf({ tool: brokenUiTool(), toolName: 'Broken', input: { words: 'x' }, phase: 'done', status: 'success', data: 'x', resultText: 'fallback text' });
    expect(frame).toContain('● Broken(');
    expect(frame).toContain('⎿  fallback text');
  });
});

describe('Bash in the OS sandbox', () => {
  it('says "sandboxed" on the tool line while it runs and once it is done, and nothing when it is not', async () => {
    const { BashTool } = await import('../../src/tools/BashTool/BashTool.js');
    const input = { command: 'npm test' };
    const started = { type: 'bash_output', lastLines: '', totalLines: 0, totalChars: 0, elapsedMs: 0, sandboxed: true };
    const running = await frameOf({ tool: BashTool, toolName: 'Bash', input, phase: 'running', progress: [started] });
    expect(running.split('\n')[0]).toBe('● Bash(npm test) sandboxed');
    expect(running).toContain('Running…');
    const result = { kind: 'foreground', command: 'npm test', output: 'ok\n', exitCode: 0, signal: null, timedOut: false, timeoutMs: 1000, durationMs: 5, cwd: '/w', notes: [] };
    const done = await frameOf({ tool: BashTool, toolName: 'Bash', input, phase: 'done', status: 'success', data: { ...result, sandboxed: true }, resultText: 'ok' });
    expect(done.split('\n')[0]).toBe('● Bash(npm test) sandboxed');
    const plain = await frameOf({ tool: BashTool, toolName: 'Bash', input, phase: 'done', status: 'success', data: result, resultText: 'ok' });
    expect(plain.split('\n')[0]).toBe('● Bash(npm test)');
  });
});
