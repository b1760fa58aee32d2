import { Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { ClippedBox } from '../../src/ui/layout/ClippedBox.js';
import { renderInTerminal } from './support/inkTerminal.js';

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('ClippedBox', () => {
  it('shows short content whole, at its own height', async () => {
    const terminal = renderInTerminal(
      <>
        <ClippedBox maxRows={10}>
          <Text>{lines(3)}</Text>
        </ClippedBox>
        <Text>after</Text>
      </>,
    );
    const frame = await terminal.waitFor('line 3');
    expect(frame).toBe('line 1\nline 2\nline 3\nafter');
    terminal.unmount();
  });

  it('never pads its first frame with blank rows up to the limit (a dialog would outgrow the terminal)', () => {
    const terminal = renderInTerminal(
      <>
        <ClippedBox maxRows={20}>
          <Text>{lines(2)}</Text>
        </ClippedBox>
        <Text>after</Text>
      </>,
    );
    const tallest = Math.max(...terminal.allFrames().map((frame) => frame.split('\n').length));
    expect(tallest).toBeLessThanOrEqual(3);
    terminal.unmount();
  });

  it('cuts tall content at the limit and says how much is hidden', async () => {
    const terminal = renderInTerminal(
      <ClippedBox maxRows={5}>
        <Text>{lines(40)}</Text>
      </ClippedBox>,
    );
    const frame = await terminal.waitFor('more lines not shown');
    expect(frame).toBe('line 1\nline 2\nline 3\nline 4\n… 36 more lines not shown');
    terminal.unmount();
  });
});
