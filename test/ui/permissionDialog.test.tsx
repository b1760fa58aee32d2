import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionAsk } from '../../src/contract/permissions.js';
import type { PermissionResponse } from '../../src/permissions/types.js';
import { PermissionDialog } from '../../src/ui/permissions/PermissionDialog.js';
import { loadToolRenderers } from '../../src/ui/tools/toolRendererCache.js';
import { namedTool, plainTool, shoutTool } from './support/uiTools.js';

const ask = (suggestedRules?: string[]): PermissionAsk => ({
  behavior: 'ask',
  message: 'Shout has side effects.',
  reason: { type: 'mode', mode: 'default' },
  ...(suggestedRules ? { suggestedRules } : {}),
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function dialog(decision: PermissionAsk = ask(['Shout(hello)'])) {
  const tool = shoutTool();
  await loadToolRenderers(tool);
  const onAnswer = vi.fn<(response: PermissionResponse) => void>();
  const view = render(<PermissionDialog request={{ tool, input: { words: 'hello' }, decision }} onAnswer={onAnswer} columns={80} />);
  await tick();
  const press = async (data: string) => {
    view.stdin.write(data);
    await tick();
  };
  return { view, onAnswer, press };
}

describe('permission dialog', () => {
  it("a subagent's ask names the agent (same choices, same rules)", async () => {
    const tool = shoutTool();
    await loadToolRenderers(tool);
    const onAnswer = vi.fn<(response: PermissionResponse) => void>();
    const view = render(<PermissionDialog request={{ tool, input: { words: 'hi' }, decision: ask(['Shout(hi)']), agentName: 'reviewer' }} onAnswer={onAnswer} columns={80} />);
    await tick();
    const frame = view.lastFrame()!;
    expect(frame).toContain('reviewer wants to use Shout');
    expect(frame).toContain("2. Yes, and don't ask again for Shout(hi)");
    view.stdin.write('2');
    await tick();
    expect(onAnswer).toHaveBeenCalledWith({ type: 'allow_always', rules: ['Shout(hi)'] });
    view.unmount();
  });

  it('asks a question with the tool’s body and three numbered choices, cursor on the first', async () => {
    const { view } = await dialog();
    const frame = view.lastFrame()!;
    expect(frame).toContain('WILL SHOUT: hello');
    expect(frame).toContain('Do you want to use Shout?');
    expect(frame).toContain('❯ 1. Yes');
    expect(frame).toContain("  2. Yes, and don't ask again for Shout(hello) in this project (.claude/settings.local.json)");
    expect(frame).toContain('  3. No, and tell the model what to do differently (esc)');
    // An ask that comes from the mode says nothing the question does not: its internal reason is not shown.
    expect(frame).not.toContain('Shout has side effects.');
    view.unmount();
  });

  it("an ask from the tool itself shows the tool's reason above the question", async () => {
    const { view } = await dialog({ behavior: 'ask', message: 'This writes outside the project.', reason: { type: 'tool', detail: 'outside' } });
    expect(view.lastFrame()).toContain('This writes outside the project.');
    view.unmount();
  });

  it("an ask from the analyser says why in the user's words, not the model's message with its internal subject", async () => {
    const { view } = await dialog({
      behavior: 'ask',
      message: 'Bash: (whole command) evaluated-code needs permission — not understood, so never auto-allowed: eval runs computed text.',
      reason: { type: 'other', detail: 'not understood, so never auto-allowed: eval runs computed text' },
    });
    const frame = view.lastFrame()!;
    expect(frame).toContain('Not understood, so never auto-allowed: eval runs computed text.');
    expect(frame).not.toContain('(whole command)');
    expect(frame).not.toContain('needs permission');
    view.unmount();
  });

  it('Enter on the first choice allows once', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith({ type: 'allow_once' });
    view.unmount();
  });

  it('the number key 2 allows always, with exactly the rule shown', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('2');
    expect(onAnswer).toHaveBeenCalledWith({ type: 'allow_always', rules: ['Shout(hello)'] });
    view.unmount();
  });

  it('arrows move the visible cursor; Enter chooses where it is', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('\u001B[B');
    expect(view.lastFrame()).toContain("❯ 2. Yes, and don't ask again");
    await press('\u001B[B');
    await press('\u001B[B');
    expect(view.lastFrame()).toContain('❯ 1. Yes');
    await press('\u001B[A');
    expect(view.lastFrame()).toContain('❯ 3. No');
    expect(onAnswer).not.toHaveBeenCalled();
    view.unmount();
  });

  it('choosing 3 and typing straight away (no repaint in between) keeps every character', async () => {
    const { view, onAnswer } = await dialog();
    view.stdin.write('3');
    view.stdin.write('no thanks');
    view.stdin.write('\r');
    await tick();
    expect(onAnswer).toHaveBeenCalledWith({ type: 'deny', feedback: 'no thanks' });
    view.unmount();
  });

  it('feedback and Enter arriving in one chunk send the feedback', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('3');
    await press('keep it\r');
    expect(onAnswer).toHaveBeenCalledWith({ type: 'deny', feedback: 'keep it' });
    view.unmount();
  });

  it('choice 3 lets the user type feedback, which goes back with the rejection', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('3');
    expect(view.lastFrame()).toContain('Tell the model what to do instead:');
    await press('use a whisper');
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith({ type: 'deny', feedback: 'use a whisper' });
    view.unmount();
  });

  it('Esc in the feedback field goes back to the choices', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('3');
    await press('\u001B');
    await tick();
    expect(view.lastFrame()).toContain('❯ 3. No, and tell the model');
    expect(view.lastFrame()).not.toContain('Tell the model what to do instead:');
    expect(onAnswer).not.toHaveBeenCalled();
    view.unmount();
  });

  it('Esc means no', async () => {
    const { view, onAnswer, press } = await dialog();
    await press('\u001B');
    await tick();
    expect(onAnswer).toHaveBeenCalledWith({ type: 'deny' });
    view.unmount();
  });

  it('without a suggested rule there are two choices and 2 means no', async () => {
    const { view, onAnswer, press } = await dialog(ask());
    expect(view.lastFrame()).not.toContain("don't ask again");
    await press('2');
    expect(view.lastFrame()).toContain('Tell the model what to do instead:');
    await press('\r');
    expect(onAnswer).toHaveBeenCalledWith({ type: 'deny' });
    view.unmount();
  });

  it('shows a preview built from the input when the tool has no dialog body', async () => {
    const view = render(
      <PermissionDialog
        request={{ tool: plainTool(), input: { command: 'rm -rf build', description: 'Remove the build folder' }, decision: ask(['Bash(rm -rf build)']) }}
        onAnswer={() => {}}
        columns={60}
      />,
    );
    await tick();
    expect(view.lastFrame()).toContain('rm -rf build');
    expect(view.lastFrame()).toContain('Remove the build folder');
    view.unmount();
  });

  it('shows the old and new text of an edit when the tool has no dialog body', async () => {
    const view = render(
      <PermissionDialog
        request={{ tool: plainTool(), input: { file_path: '/p/a.ts', old_string: 'const a = 1;', new_string: 'const a = 2;' }, decision: ask() }}
        onAnswer={() => {}}
        columns={60}
      />,
    );
    await tick();
    expect(view.lastFrame()).toContain('- const a = 1;');
    expect(view.lastFrame()).toContain('+ const a = 2;');
    view.unmount();
  });
});

describe('"don\'t ask again" and "allow all edits"', () => {
  it('a Bash command offers its prefix rule, saved for the project', async () => {
    const onAnswer = vi.fn<(response: PermissionResponse) => void>();
    const view = render(<PermissionDialog request={{ tool: plainTool(), input: { command: 'git push origin main' }, decision: ask(['Bash(git push:*)']) }} onAnswer={onAnswer} columns={120} />);
    await tick();
    expect(view.lastFrame()).toContain("2. Yes, and don't ask again for Bash(git push:*) in this project (.claude/settings.local.json)");
    view.stdin.write('2');
    await tick();
    expect(onAnswer).toHaveBeenCalledWith({ type: 'allow_always', rules: ['Bash(git push:*)'] });
    view.unmount();
  });

  it('a rule about a place outside the project says it is held for this session', async () => {
    const view = render(<PermissionDialog request={{ tool: plainTool(), input: { path: '/etc/hosts' }, decision: ask(['Read(//etc/hosts)']) }} onAnswer={() => {}} columns={120} />);
    await tick();
    expect(view.lastFrame()).toContain("2. Yes, and don't ask again for Read(//etc/hosts) during this session");
    expect(view.lastFrame()).not.toContain('settings.local.json');
    view.unmount();
  });

  async function editDialog(decision: PermissionAsk) {
    const onAnswer = vi.fn<(response: PermissionResponse) => void>();
    const onAllowEditsForSession = vi.fn();
    const view = render(
      <PermissionDialog
        request={{ tool: namedTool('Edit'), input: { file_path: '/p/a.ts', old_string: 'a', new_string: 'b' }, decision }}
        onAnswer={onAnswer}
        onAllowEditsForSession={onAllowEditsForSession}
        columns={100}
      />,
    );
    await tick();
    return { view, onAnswer, onAllowEditsForSession };
  }

  it('an edit asked about by the mode offers "allow all edits during this session"; 2 switches to acceptEdits and allows this one', async () => {
    const { view, onAnswer, onAllowEditsForSession } = await editDialog(ask(['Edit(./a.ts)']));
    expect(view.lastFrame()).toContain('Do you want to make this edit to a.ts?');
    expect(view.lastFrame()).toContain('2. Yes, allow all edits during this session (shift+tab)');
    view.stdin.write('2');
    await tick();
    expect(onAllowEditsForSession).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith({ type: 'allow_once' });
    view.unmount();
  });

  it('Shift+Tab in the dialog does the same', async () => {
    const { view, onAnswer, onAllowEditsForSession } = await editDialog(ask(['Edit(./a.ts)']));
    view.stdin.write('\u001B[Z');
    await tick();
    expect(onAllowEditsForSession).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith({ type: 'allow_once' });
    view.unmount();
  });

  it('an edit an ask rule stops is not waved through by the mode switch', async () => {
    const { view, onAllowEditsForSession } = await editDialog({ behavior: 'ask', message: 'm', reason: { type: 'rule', rule: 'Edit(src/**)', source: '.claude/settings.json' }, suggestedRules: [] });
    expect(view.lastFrame()).not.toContain('allow all edits');
    // The rule is named for the user, in words, above the question.
    expect(view.lastFrame()).toContain('Rule Edit(src/**) (.claude/settings.json) asks before this runs.');
    view.stdin.write('\u001B[Z');
    await tick();
    expect(onAllowEditsForSession).not.toHaveBeenCalled();
    view.unmount();
  });
});

describe('permission dialog height', () => {
  it('clips a long preview so the dialog fits the terminal', async () => {
    const longEdit = { file_path: '/p/big.ts', old_string: '', new_string: Array.from({ length: 200 }, (_, index) => `line ${index}`).join('\n') };
    const view = render(<PermissionDialog request={{ tool: plainTool(), input: longEdit, decision: ask() }} onAnswer={() => {}} columns={80} maxBodyRows={8} />);
    await tick();
    await tick();
    const frame = view.lastFrame()!;
    expect(frame).toContain('more lines not shown');
    expect(frame.split('\n').length).toBeLessThan(25);
    expect(frame).toContain('Do you want to use Plain?');
    view.unmount();
  });
});
