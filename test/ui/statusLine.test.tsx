import os from 'node:os';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { StatusLine, type StatusLineProps } from '../../src/ui/status/StatusLine.js';
import { contextTone, formatContextUsed, formatCost, shortenPath } from '../../src/ui/status/statusFormat.js';

const base: StatusLineProps = {
  mode: 'default',
  model: 'claude-sonnet-4-5',
  contextTokens: 50_000,
  costUsd: 0.1234,
  cwd: path.join(os.homedir(), 'code', 'app'),
  branch: 'main',
  verbose: false,
  columns: 100,
};

function frame(props: Partial<StatusLineProps>): string {
  const view = render(<StatusLine {...base} {...props} />);
  const text = view.lastFrame() ?? '';
  view.unmount();
  return text;
}

describe('status line', () => {
  it('shows model, context used, cost, folder and branch; no mode label in default mode', () => {
    const text = frame({});
    expect(text).toContain('claude-sonnet-4-5');
    expect(text).toContain('25% context used');
    expect(text).toContain('$0.12');
    expect(text).toContain('~/code/app (main)');
    expect(text).not.toContain(' on ');
  });

  it.each([
    ['acceptEdits', 'accept edits on'],
    ['plan', 'plan mode on'],
    ['bypassPermissions', 'bypass permissions on'],
  ] as const)('names the %s mode in words', (mode, words) => {
    expect(frame({ mode })).toContain(words);
  });

  it('says when verbose is on', () => {
    expect(frame({ verbose: true })).toContain('verbose');
  });

  it('the context figure turns yellow at 70 % and red near the compaction threshold', () => {
    expect(contextTone(100_000, 200_000, 80)).toBe('normal');
    expect(contextTone(140_000, 200_000, 80)).toBe('warning');
    expect(contextTone(150_000, 200_000, 80)).toBe('critical');
    expect(contextTone(150_000, 200_000, undefined)).toBe('warning');
    expect(contextTone(182_000, 200_000, undefined)).toBe('critical');
    // A low threshold never makes a nearly empty context look alarming.
    expect(contextTone(20_000, 200_000, 10)).toBe('normal');
  });

  it('formats its facts compactly', () => {
    expect(formatContextUsed(0, 200_000)).toBeUndefined();
    expect(formatContextUsed(2_000, 200_000)).toBe('1% context used');
    expect(formatContextUsed(10_000, 1_000_000)).toBe('1% context used');
    expect(formatCost(0)).toBeUndefined();
    expect(formatCost(0.004)).toBe('<$0.01');
    expect(shortenPath('/home/u/projects/very/deep/folder/structure/here', 24, '/home/u')).toBe('…/folder/structure/here');
    expect(shortenPath('/home/u/app', 30, '/home/u')).toBe('~/app');
  });
});
