import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PlanApproval, UserAnswers } from '../../src/types/userInteraction.js';
import { PlanApprovalDialog } from '../../src/ui/dialogs/PlanApprovalDialog.js';
import { QuestionsDialog } from '../../src/ui/dialogs/QuestionsDialog.js';
import { TrustDialog } from '../../src/ui/trust/TrustDialog.js';
import { DialogQueue } from '../../src/ui/repl/dialogQueue.js';
import { loadMarkdownLexer } from '../../src/ui/markdown/markdownEngine.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function mounted(element: ReactElement) {
  const view = render(element);
  await tick();
  return {
    view,
    press: async (data: string) => {
      view.stdin.write(data);
      await tick();
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
    const { view, press } = await mounted(<QuestionsDialog questions={questions} onAnswer={onAnswer} />);
    expect(view.lastFrame()).toContain('question 1 of 2');
    await press(' ');
    await press('\u001B[B');
    await press('\u001B[B');
    await press(' ');
    expect(view.lastFrame()).toContain('[x] unit');
    expect(view.lastFrame()).toContain('[x] bench');
    await press('\r');
    expect(view.lastFrame()).toContain('Language?');
    await press('1');
    expect(onAnswer).toHaveBeenCalledWith({ 'Which tests?': 'unit, bench', 'Language?': 'TypeScript' });
    view.unmount();
  });

  it('"Other" takes a typed answer', async () => {
    const onAnswer = vi.fn<(answers: UserAnswers) => void>();
    const { view, press } = await mounted(<QuestionsDialog questions={[questions[1]!]} onAnswer={onAnswer} />);
    await press('3');
    expect(view.lastFrame()).toContain('Your answer:');
    // Text and Enter in one chunk, as a fast typist or a loaded terminal delivers them.
    await press('Rust\r');
    expect(onAnswer).toHaveBeenCalledWith({ 'Language?': 'Rust' });
    view.unmount();
  });

  it('Esc skips: the answers so far go back (none)', async () => {
    const onAnswer = vi.fn<(answers: UserAnswers) => void>();
    const { view, press } = await mounted(<QuestionsDialog questions={[questions[1]!]} onAnswer={onAnswer} />);
    await press('\u001B');
    await tick();
    expect(onAnswer).toHaveBeenCalledWith({});
    view.unmount();
  });
});

describe('plan approval dialog', () => {
  it('shows the plan and can approve into either mode, or send feedback', async () => {
    await loadMarkdownLexer();
    const answers: PlanApproval[] = [];
    for (const keys of [['1'], ['2'], ['3', 'smaller steps', '\r']]) {
      const { view, press } = await mounted(<PlanApprovalDialog plan={'## Plan\n\n1. Write the test'} onAnswer={(answer) => answers.push(answer)} columns={80} />);
      expect(view.lastFrame()).toContain('1. Write the test');
      for (const key of keys) await press(key);
      view.unmount();
    }
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
    const { view, press } = await mounted(<TrustDialog folder="/work/project" onAnswer={onAnswer} />);
    // The dialog listens for keys once its effects ran; on a loaded machine that can take longer than a tick.
    await vi.waitFor(() => expect(view.lastFrame()).toContain('❯ 1.'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(view.lastFrame()).toContain('Do you trust the files in this folder?');
    expect(view.lastFrame()).toContain('/work/project');
    expect(view.lastFrame()).toContain('❯ 1. Yes, I trust this folder');
    await press('1');
    await vi.waitFor(() => expect(onAnswer.mock.calls).toEqual([[true]]));
    await vi.waitFor(() => expect(view.lastFrame()).toBe('✔ Trusted /work/project'));
    // Further keys do nothing: the question is closed.
    await press('\u001B');
    expect(onAnswer.mock.calls).toEqual([[true]]);
    view.unmount();
  });

  it('Ctrl+C declines like Esc', async () => {
    const onAnswer = vi.fn<(trusted: boolean) => void>();
    const { view, press } = await mounted(<TrustDialog folder="/work/project" onAnswer={onAnswer} />);
    // The dialog listens for keys once its effects ran; on a loaded machine that can take longer than a tick.
    await vi.waitFor(() => expect(view.lastFrame()).toContain('❯ 1.'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await press('\u0003');
    await vi.waitFor(() => expect(onAnswer.mock.calls).toEqual([[false]]));
    expect(view.lastFrame()).toBe('✘ Not trusted: /work/project (exiting)');
    view.unmount();
  });

  it('Esc declines, leaving one line that says so', async () => {
    const onAnswer = vi.fn<(trusted: boolean) => void>();
    const { view, press } = await mounted(<TrustDialog folder="/work/project" onAnswer={onAnswer} />);
    // The dialog listens for keys once its effects ran; on a loaded machine that can take longer than a tick.
    await vi.waitFor(() => expect(view.lastFrame()).toContain('❯ 1.'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await press('\u001B');
    await vi.waitFor(() => expect(onAnswer.mock.calls).toEqual([[false]]));
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
