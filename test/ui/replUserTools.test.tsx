import { afterEach, describe, expect, it } from 'vitest';
import { AskUserQuestionTool } from '../../src/tools/AskUserQuestionTool/AskUserQuestionTool.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { ExitPlanModeTool } from '../../src/tools/ExitPlanModeTool/ExitPlanModeTool.js';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

function userText(request: { body: { messages: { role: string; content: unknown }[] } }): string {
  return JSON.stringify(request.body.messages.at(-1)!.content);
}

describe('REPL: what the user runs from the prompt', () => {
  it('!command runs through the Bash tool and its output goes to the model with the next prompt', async () => {
    repl = await startReplFixture({ tools: [BashTool], script: [endTurn('I see the output.')] });
    await repl.submit('!echo shell-said-hello');
    const frame = await repl.terminal.waitFor('shell output goes to the model with your next prompt');
    expect(frame).toContain('● Bash(echo shell-said-hello)');
    expect(frame).toContain('shell-said-hello');
    expect(repl.server.requests).toHaveLength(0);
    await repl.submit('what did it print?');
    await repl.terminal.waitFor('I see the output.');
    const sent = userText(repl.server.requests[0]!);
    expect(sent).toContain('echo shell-said-hello');
    expect(sent).toMatch(/Its output:\\n[^"]*shell-said-hello/);
    expect(sent).toContain('what did it print?');
  });

  it('!command asks permission like any Bash call when it has side effects', async () => {
    repl = await startReplFixture({ tools: [BashTool], script: [] });
    await repl.submit('!touch created-by-user.txt');
    await repl.terminal.waitFor('Do you want to run this command?');
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor((screen) => !screen.includes('Do you want to run this command?'));
  });

  it('@file is read with the Read tool and attached to the prompt', async () => {
    repl = await startReplFixture({ tools: [ReadTool], files: { 'docs/guide.md': 'The secret word is PELICAN.\n' }, script: [endTurn('It says PELICAN.')] });
    await repl.submit('summarise @docs/guide.md please');
    const frame = await repl.terminal.waitFor('It says PELICAN.');
    expect(frame).toContain('● Read(');
    const sent = userText(repl.server.requests[0]!);
    expect(sent).toContain('Contents of @docs/guide.md');
    expect(sent).toContain('PELICAN');
    expect(sent).toContain('summarise @docs/guide.md please');
  });

  it('@ of something that is not a file stays plain text', async () => {
    repl = await startReplFixture({ tools: [ReadTool], script: [endTurn('ok')] });
    await repl.submit('email me at someone@example.com');
    await repl.terminal.waitFor('ok');
    expect(userText(repl.server.requests[0]!)).not.toContain('Contents of');
  });
});

describe('REPL: questions only the user can answer', () => {
  it('AskUserQuestion shows the options and the answer goes back to the model', async () => {
    repl = await startReplFixture({
      tools: [AskUserQuestionTool],
      script: [
        turn(toolUse('AskUserQuestion', { questions: [{ question: 'Which database?', header: 'Database', options: [{ label: 'Postgres' }, { label: 'SQLite', description: 'a single file' }], multiSelect: false }] })),
        endTurn('SQLite it is.'),
      ],
    });
    await repl.submit('set up storage');
    const dialog = await repl.terminal.waitFor('Which database?');
    expect(dialog).toContain('1. Postgres');
    expect(dialog).toContain('2. SQLite — a single file');
    expect(dialog).toContain('3. Other (type an answer)');
    await repl.terminal.press('2');
    await repl.terminal.waitFor('SQLite it is.');
    const [result] = lastToolResults(repl.server.requests[1]!);
    expect(toolResultText(result!)).toContain('SQLite');
  });

  it('ExitPlanMode shows the plan; approving switches the permission mode', async () => {
    repl = await startReplFixture({
      mode: 'plan',
      tools: [ExitPlanModeTool],
      script: [turn(toolUse('ExitPlanMode', { plan: '1. Add a test\n2. Fix the bug' })), endTurn('Starting.')],
    });
    await repl.submit('plan it');
    const dialog = await repl.terminal.waitFor('Do you want to carry out this plan?');
    expect(dialog).toContain('1. Add a test');
    // The whole plan is printed into the transcript too (the dialog may show only part of a long one).
    expect(dialog).toMatch(/│ Plan +│\n│ 1\. Add a test/);
    await repl.terminal.press('1');
    await repl.terminal.waitFor('Starting.');
    expect(repl.session.appState.get().toolPermissionContext.mode).toBe('acceptEdits');
    await repl.terminal.waitFor('accept edits on');
  });

  it('Ctrl+C while a dialog is open interrupts the turn', async () => {
    repl = await startReplFixture({
      tools: [AskUserQuestionTool],
      script: [turn(toolUse('AskUserQuestion', { questions: [{ question: 'Pick one?', header: 'Pick', options: [{ label: 'A' }, { label: 'B' }], multiSelect: false }] }))],
    });
    await repl.submit('ask me');
    await repl.terminal.waitFor('Pick one?');
    await repl.terminal.press('\u0003');
    await repl.terminal.waitFor(/⎿ {2}Interrupted/);
    expect(repl.controller.dialogs.current()).toBeUndefined();
  });
});

describe('REPL: background tasks', () => {
  // Issue 29: an idle model no longer waits for the next prompt to hear of it; it gets a turn of its own.
  it('a task that ends on its own is announced to the user at once, and the idle model gets a turn about it', async () => {
    repl = await startReplFixture({
      tools: [BashTool],
      mode: 'bypassPermissions',
      script: [turn(toolUse('Bash', { command: 'sleep 0.2; exit 2', run_in_background: true })), endTurn('Started it.'), endTurn('It failed.')],
    });
    await repl.submit('run it in the background');
    await repl.terminal.waitFor('Started it.');
    const frame = await repl.terminal.waitFor(/Background task bash_[0-9a-f]+ \(sleep 0\.2; exit 2\) failed with exit code 2\./);
    expect(frame).toContain('Started it.');
    await repl.terminal.waitFor('It failed.');
    const sent = userText(repl.server.requests[2]!);
    expect(sent).toMatch(/^\[{"type":"text","text":"<system-reminder>Background task bash_[0-9a-f]+ \(sleep 0\.2; exit 2\) failed with exit code 2\./);
  });
});
