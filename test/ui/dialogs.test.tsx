import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PlanApproval, UserAnswers } from '../../src/types/userInteraction.js';
import { PlanApprovalDialog } from '../../src/ui/dialogs/PlanApprovalDialog.js';
import { QuestionsDialog } from '../../src/ui/dialogs/QuestionsDialog.js';
import { TrustDialog } from '../../src/ui/trust/TrustDialog.js';
import { DialogQueue } from '../../src/ui/repl/dialogQueue.js';
import { loadMarkdownLexer } from '../../src/ui/markdown/markdownEngine.js';

/** Lets work React scheduled for the frame just committed run (its effects attach the key handlers of what it shows). */
const effectsFlushed = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders a dialog and waits until it shows `ready` and Ink listens for keys (ink-testing-library's
 * stdin keeps no buffer: a key written before that is lost). `press` sends one key and waits for the
 * frame, or the answer, that reflects it before the next key goes — never a fixed sleep, so a loaded
 * machine only makes the test slower.
 */
async function mounted(element: ReactElement, ready: string) {
  const view = render(element);
  await vi.waitFor(() => {
    expect(view.lastFrame()).toContain(ready);
    expect(view.stdin.listenerCount('readable')).toBeGreaterThan(0);
  });
  await effectsFlushed();
  return {
    view,
    press: async (data: string, reflected: () => void) => {
      view.stdin.write(data);
      await vi.waitFor(reflected, { timeout: 5_000, interval: 5 });
      await effectsFlushed();
    },
  };
}

describe('questions dialog', () => {
  const questions = [
    { question: 'Which tests?', header: 'Tests', options: [{ label: 'unit' }, { label: 'e2e' }, { label: 'bench' }], multiSelect: true },
    { question: 'Language?', header: 'Lang', options: [{ label: 'TypeScript' }, { label: 'Go' }] },
  ];

  it('multi-select: Space toggles, Enter confirms; then the next question; answers keyed by question', async () => {
    const onAnswer = vi.fn<(answers: UserAnswers) => void>();
    const { view, press } = await mounted(<QuestionsDialog questions={questions} onAnswer={onAnswer} />, 'question 1 of 2');
    const frame = () => view.lastFrame() ?? '';
    await press(' ', () => expect(frame()).toContain('❯ [x] unit'));
    await press('\u001B[B', () => expect(frame()).toContain('❯ [ ] e2e'));
    await press('\u001B[B', () => expect(frame()).toContain('❯ [ ] bench'));
    await press(' ', () => expect(frame()).toContain('❯ [x] bench'));
    expect(frame()).toContain('[x] unit');
    expect(frame()).toContain('  [ ] e2e');
    await press('\r', () => expect(frame()).toContain('Language?'));
    expect(frame()).toContain('question 2 of 2');
    await press('1', () => expect(onAnswer).toHaveBeenCalled());
    expect(onAnswer.mock.calls).toEqual([[{ 'Which tests?': 'unit, bench', 'Language?': 'TypeScript' }]]);
    view.unmount();
  });

  it('"Other" takes a typed answer', async () => {
    const onAnswer = vi.fn<(answers: UserAnswers) => void>();
    const { view, press } = await mounted(<QuestionsDialog questions={[questions[1]!]} onAnswer={onAnswer} />, 'Language?');
    await press('3', () => expect(view.lastFrame()).toContain('Your answer:'));
    // Text and Enter in one chunk, as a fast typist or a loaded terminal delivers them.
    await press('Rust\r', () => expect(onAnswer).toHaveBeenCalled());
    expect(onAnswer.mock.calls).toEqual([[{ 'Language?': 'Rust' }]]);
    view.unmount();
  });

  it('Esc skips: the answers so far go back (none)', async () => {
    const onAnswer = vi.fn<(answers: UserAnswers) => void>();
    const { view, press } = await mounted(<QuestionsDialog questions={[questions[1]!]} onAnswer={onAnswer} />, 'Language?');
    await press('\u001B', () => expect(onAnswer).toHaveBeenCalled());
    expect(onAnswer.mock.calls).toEqual([[{}]]);
    view.unmount();
  });
});

describe('plan approval dialog', () => {
  it('shows the plan and can approve into either mode, or send feedback', async () => {
    await loadMarkdownLexer();
    const answers: PlanApproval[] = [];
    const answered = (count: number) => () => expect(answers).toHaveLength(count);
    const open = async () => {
      const dialog = await mounted(<PlanApprovalDialog plan={'## Plan\n\n1. Write the test'} onAnswer={(answer) => answers.push(answer)} columns={80} />, 'Ready to code?');
      expect(dialog.view.lastFrame()).toContain('1. Write the test');
      return dialog;
    };
    let dialog = await open();
    await dialog.press('1', answered(1));
    dialog.view.unmount();
    dialog = await open();
    await dialog.press('2', answered(2));
    dialog.view.unmount();
    dialog = await open();
    const frame = () => dialog.view.lastFrame() ?? '';
    await dialog.press('3', () => expect(frame()).toContain('What should change in the plan?'));
    await dialog.press('smaller steps', () => expect(frame()).toContain('smaller steps'));
    expect(answers).toHaveLength(2);
    await dialog.press('\r', answered(3));
    dialog.view.unmount();
    expect(answers).toEqual([
      { approved: true, mode: 'acceptEdits' },
      { approved: true, mode: 'default' },
      { approved: false, feedback: 'smaller steps' },
    ]);
  });
});

describe('trust dialog', () => {
  it('asks about the folder; once answered it leaves one line and no pointer', async () => {
    const onAnswer = vi.fn<(trusted: boolean) => void>();
    const { view, press } = await mounted(<TrustDialog folder="/work/project" onAnswer={onAnswer} />, '❯ 1.');
    expect(view.lastFrame()).toContain('Do you trust the files in this folder?');
    expect(view.lastFrame()).toContain('/work/project');
    expect(view.lastFrame()).toContain('❯ 1. Yes, I trust this folder');
    await press('1', () => expect(onAnswer.mock.calls).toEqual([[true]]));
    expect(view.lastFrame()).toBe('✔ Trusted /work/project');
    // Further keys do nothing: the question is closed.
    view.stdin.write('\u001B');
    await effectsFlushed();
    expect(onAnswer.mock.calls).toEqual([[true]]);
    expect(view.lastFrame()).toBe('✔ Trusted /work/project');
    view.unmount();
  });

  it('Ctrl+C declines like Esc', async () => {
    const onAnswer = vi.fn<(trusted: boolean) => void>();
    const { view, press } = await mounted(<TrustDialog folder="/work/project" onAnswer={onAnswer} />, '❯ 1.');
    await press('\u0003', () => expect(onAnswer.mock.calls).toEqual([[false]]));
    expect(view.lastFrame()).toBe('✘ Not trusted: /work/project (exiting)');
    view.unmount();
  });

  it('Esc declines, leaving one line that says so', async () => {
    const onAnswer = vi.fn<(trusted: boolean) => void>();
    const { view, press } = await mounted(<TrustDialog folder="/work/project" onAnswer={onAnswer} />, '❯ 1.');
    await press('\u001B', () => expect(onAnswer.mock.calls).toEqual([[false]]));
    expect(view.lastFrame()).toBe('✘ Not trusted: /work/project (exiting)');
    expect(view.lastFrame()).not.toContain('❯');
    view.unmount();
  });
});

describe('dialog queue', () => {
  it('shows one dialog at a time, oldest first, and answers each', async () => {
    const queue = new DialogQueue();
    const signal = new AbortController().signal;
    const first = queue.userInteraction.approvePlan('plan A', signal);
    const second = queue.userInteraction.approvePlan('plan B', signal);
    expect(queue.current()).toMatchObject({ kind: 'plan', plan: 'plan A' });
    const current = queue.current();
    if (current?.kind === 'plan') current.answer({ approved: true, mode: 'default' });
    expect(queue.current()).toMatchObject({ kind: 'plan', plan: 'plan B' });
    await expect(first).resolves.toEqual({ approved: true, mode: 'default' });
    queue.cancelAll();
    await expect(second).resolves.toEqual({ approved: false });
    expect(queue.size).toBe(0);
  });

  it('withdraws a question when its turn is interrupted', async () => {
    const queue = new DialogQueue();
    const controller = new AbortController();
    const asked = queue.userInteraction.askQuestions([{ question: 'q?', options: [] }], controller.signal);
    controller.abort();
    await expect(asked).rejects.toThrow(/withdrawn/);
    expect(queue.current()).toBeUndefined();
  });
});
