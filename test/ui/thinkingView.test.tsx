import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { TranscriptItemView } from '../../src/ui/transcript/TranscriptItemView.js';

const item = { kind: 'thinking' as const, id: 't1', text: 'The cache key must include the locale.' };

function frame(verbose: boolean): string {
  const view = render(<TranscriptItemView item={item} tools={[]} verbose={verbose} columns={80} />);
  const text = view.lastFrame() ?? '';
  view.unmount();
  return text;
}

describe('thinking in the transcript', () => {
  it('is collapsed to one dim line that says how to expand it', () => {
    const collapsed = frame(false);
    expect(collapsed).toContain('Thought for a moment');
    expect(collapsed).toContain('ctrl+o to expand');
    expect(collapsed).not.toContain('cache key');
  });

  it('Ctrl+O (verbose) shows the thinking itself', () => {
    expect(frame(true)).toContain('The cache key must include the locale.');
  });
});
