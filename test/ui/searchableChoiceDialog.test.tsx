// The picker with a search box (/resume, /config): typing filters, the cursor's option previews,
// typed text can be the answer ("a session id"), Esc clears the search and then cancels.
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceDialog } from '../../src/ui/dialogs/ChoiceDialog.js';
import { filterChoiceOptions } from '../../src/ui/dialogs/SearchableChoiceDialog.js';
import type { ChoiceRequest } from '../../src/types/userInteraction.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
const request: ChoiceRequest = {
  title: 'Which session?',
  searchable: true,
  freeText: { label: 'a session id' },
  current: 'b',
  options: [
    { value: 'a', label: 'fix the login bug', description: '2 h ago', preview: ['First prompt: fix the login bug', 'Last message (assistant): fixed'] },
    { value: 'b', label: 'write the README', description: 'yesterday', preview: ['First prompt: write the README'] },
    { value: 'c', label: 'login page styles', description: '3 days ago' },
  ],
};

async function mounted(onAnswer: (value: string | undefined) => void, overrides: Partial<ChoiceRequest> = {}) {
  const view = render(<ChoiceDialog request={{ ...request, ...overrides }} onAnswer={onAnswer} />);
  await tick();
  return {
    view,
    press: async (data: string) => {
      view.stdin.write(data);
      await tick();
    },
  };
}

describe('searchable choice dialog', () => {
  it('every typed word must appear in the label or description', () => {
    expect(filterChoiceOptions(request.options, 'LOGIN').map((option) => option.value)).toEqual(['a', 'c']);
    expect(filterChoiceOptions(request.options, 'login days').map((option) => option.value)).toEqual(['c']);
    expect(filterChoiceOptions(request.options, '  ').map((option) => option.value)).toEqual(['a', 'b', 'c']);
  });

  it('starts on the option in effect with its preview; typing filters and moves the cursor to the first match', async () => {
    const onAnswer = vi.fn<(value: string | undefined) => void>();
    const { view, press } = await mounted(onAnswer);
    expect(view.lastFrame()).toContain('❯ write the README ✔');
    expect(view.lastFrame()).toContain('First prompt: write the README');
    await press('login');
    const frame = view.lastFrame()!;
    expect(frame).toContain('Search: login');
    expect(frame).not.toContain('write the README');
    expect(frame).toContain('❯ fix the login bug');
    expect(frame).toContain('Last message (assistant): fixed');
    await press('\u001B[B');
    expect(view.lastFrame()).toContain('❯ login page styles');
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith('c');
    view.unmount();
  });

  it('numbers type into the search; the typed text is offered as a session id', async () => {
    const onAnswer = vi.fn<(value: string | undefined) => void>();
    const { view, press } = await mounted(onAnswer);
    await press('1234');
    expect(view.lastFrame()).toContain('No match.');
    expect(view.lastFrame()).toContain('❯ Use "1234" as a session id');
    expect(onAnswer).not.toHaveBeenCalled();
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith('1234');
    view.unmount();
  });

  it('Backspace edits the search; Esc clears it, and Esc on an empty search cancels', async () => {
    const onAnswer = vi.fn<(value: string | undefined) => void>();
    const { view, press } = await mounted(onAnswer);
    await press('readx');
    await press('\u007F');
    expect(view.lastFrame()).toContain('Search: read');
    expect(view.lastFrame()).toContain('Esc to clear the search');
    await press('\u001B');
    expect(view.lastFrame()).toContain('fix the login bug');
    expect(onAnswer).not.toHaveBeenCalled();
    await press('\u001B');
    expect(onAnswer).toHaveBeenCalledWith(undefined);
    view.unmount();
  });

  it('a long list shows a window that follows the cursor', async () => {
    const onAnswer = vi.fn<(value: string | undefined) => void>();
    const options = Array.from({ length: 30 }, (_, index) => ({ value: `s${index}`, label: `session ${index}` }));
    const { view, press } = await mounted(onAnswer, { options, current: undefined });
    expect(view.lastFrame()).toContain('↓ 22 more');
    expect(view.lastFrame()).not.toContain('session 9');
    for (let step = 0; step < 12; step++) await press('\u001B[B');
    expect(view.lastFrame()).toContain('❯ session 12');
    expect(view.lastFrame()).toMatch(/↑ \d+ more/);
    view.unmount();
  });
});
