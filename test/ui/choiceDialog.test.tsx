// The REPL's picker (/model, /memory, # notes): the option in effect is marked and under the cursor,
// arrows and Enter or a number choose, Esc answers undefined; the queue withdraws it on exit.
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceDialog } from '../../src/ui/dialogs/ChoiceDialog.js';
import { DialogQueue } from '../../src/ui/repl/dialogQueue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
const request = {
  title: 'Which model?',
  current: 'b',
  options: [
    { value: 'a', label: 'Alpha', description: 'first' },
    { value: 'b', label: 'Beta' },
    { value: 'c', label: 'Gamma' },
  ],
};

async function mounted(onAnswer: (value: string | undefined) => void) {
  const view = render(<ChoiceDialog request={request} onAnswer={onAnswer} />);
  await tick();
  return {
    view,
    press: async (data: string) => {
      view.stdin.write(data);
      await tick();
    },
  };
}

describe('choice dialog', () => {
  it('marks the option in effect, starts the cursor on it, and Enter chooses where the cursor is', async () => {
    const onAnswer = vi.fn<(value: string | undefined) => void>();
    const { view, press } = await mounted(onAnswer);
    const frame = view.lastFrame()!;
    expect(frame).toContain('Which model?');
    expect(frame).toContain('1. Alpha · first');
    expect(frame).toContain('❯ 2. Beta ✔');
    expect(frame).toContain('Esc to cancel');
    await press('\u001B[B');
    expect(view.lastFrame()).toContain('❯ 3. Gamma');
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith('c');
    view.unmount();
  });

  it('a number chooses directly; Esc answers undefined', async () => {
    const onAnswer = vi.fn<(value: string | undefined) => void>();
    const { view, press } = await mounted(onAnswer);
    await press('1');
    expect(onAnswer).toHaveBeenLastCalledWith('a');
    view.unmount();
    const onCancel = vi.fn<(value: string | undefined) => void>();
    const second = await mounted(onCancel);
    await second.press('\u001B');
    await tick();
    expect(onCancel).toHaveBeenCalledWith(undefined);
    second.view.unmount();
  });

  it('the dialog queue answers an open picker with undefined when the REPL exits', async () => {
    const queue = new DialogQueue();
    const answer = queue.choose(request);
    expect(queue.current()).toMatchObject({ kind: 'choice', request });
    queue.cancelAll();
    await expect(answer).resolves.toBeUndefined();
    expect(queue.current()).toBeUndefined();
  });
});
