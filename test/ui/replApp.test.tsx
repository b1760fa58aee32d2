import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCallLog, echoTool, sleepTool } from '../support/syntheticTools.js';
import { endTurn, hang, lastToolResults, text, toolResultText, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';
import { shoutTool } from './support/uiTools.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const ESC = '\u001B';
const SHIFT_TAB = '\u001B[Z';

describe('REPL: a conversation', () => {
  it('prints the prompt and the streamed markdown answer, then the cost in the status line', async () => {
    repl = await startReplFixture({ script: [endTurn('Here is **the answer**:\n\n1. first\n2. second')] });
    await repl.submit('question?');
    const frame = await repl.terminal.waitFor('2. second');
    expect(frame).toContain('> question?');
    expect(frame).toContain('● Here is the answer:');
    expect(frame).toMatch(/\$0\.\d\d|<\$0\.01/);
    expect(JSON.stringify(repl.server.requests[0]!.body.messages.at(-1).content)).toContain('"text":"question?"');
  });

  it('keeps the conversation: the second prompt goes with the first exchange', async () => {
    repl = await startReplFixture({ script: [endTurn('first answer'), endTurn('second answer')] });
    await repl.submit('one');
    await repl.terminal.waitFor('first answer');
    await repl.submit('two');
    await repl.terminal.waitFor('second answer');
    const messages = repl.server.requests[1]!.body.messages;
    expect(messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('runs /help and says when a command is unknown', async () => {
    repl = await startReplFixture({ script: [] });
    await repl.submit('/help');
    await repl.terminal.waitFor('List commands and keys');
    await repl.submit('/nonsense');
    await repl.terminal.waitFor('Unknown command /nonsense');
    await repl.submit('/hepl');
    await repl.terminal.waitFor('Unknown command /hepl. Did you mean /help?');
    expect(repl.server.requests).toHaveLength(0);
  });
});

describe('REPL: permission dialog answers go to the pipeline', () => {
  it('1 allows once: the tool runs and its result line shows', async () => {
    const calls: string[] = [];
    repl = await startReplFixture({
      tools: [shoutTool({ onCall: (input) => calls.push(input.words) })],
      script: [turn(toolUse('Shout', { words: 'hello' })), endTurn('Shouted it.')],
    });
    await repl.submit('shout hello');
    await repl.terminal.waitFor('Do you want to use Shout?');
    await repl.terminal.waitFor('WILL SHOUT: hello');
    expect(calls).toEqual([]);
    await repl.terminal.press('1');
    const frame = await repl.terminal.waitFor('Shouted it.');
    expect(frame).toContain('● Shout(hello)');
    expect(frame).toContain('⎿  Shouted 5 letters');
    expect(calls).toEqual(['hello']);
  });

  it('3 with feedback rejects the call and the model receives the words', async () => {
    repl = await startReplFixture({
      tools: [shoutTool()],
      script: [turn(toolUse('Shout', { words: 'LOUD' })), endTurn('OK, quietly then.')],
    });
    await repl.submit('shout');
    await repl.terminal.waitFor('Do you want to use Shout?');
    await repl.terminal.press('3');
    await repl.terminal.press('please whisper instead');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('OK, quietly then.');
    const [result] = lastToolResults(repl.server.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('The user said: please whisper instead');
  });

  it('2 saves the rule and the next identical call runs without a dialog', async () => {
    const calls: string[] = [];
    repl = await startReplFixture({
      tools: [shoutTool({ onCall: (input) => calls.push(input.words) })],
      script: [turn(toolUse('Shout', { words: 'a' })), endTurn('first done'), turn(toolUse('Shout', { words: 'a' })), endTurn('second done')],
    });
    let dialogsShown = 0;
    repl.controller.dialogs.subscribe(() => {
      if (repl?.controller.dialogs.current()) dialogsShown++;
    });
    await repl.submit('go');
    await repl.terminal.waitFor("2. Yes, and don't ask again for Shout");
    await repl.terminal.press('2');
    await repl.terminal.waitFor('first done');
    const saved = JSON.parse(await readFile(path.join(repl.cwd, '.claude', 'settings.local.json'), 'utf8'));
    expect(saved.permissions.allow).toEqual(['Shout']);
    await repl.submit('again');
    await repl.terminal.waitFor('second done');
    expect(dialogsShown).toBe(1);
    expect(calls).toEqual(['a', 'a']);
  });

  it('Esc in the dialog says no and the turn stops for the user', async () => {
    repl = await startReplFixture({ tools: [shoutTool()], script: [turn(toolUse('Shout', { words: 'x' }))] });
    await repl.submit('go');
    await repl.terminal.waitFor('Do you want to use Shout?');
    await repl.terminal.press(ESC);
    const frame = await repl.terminal.waitFor('Did not shout "x"');
    expect(frame).not.toContain('Do you want to use Shout?');
    await repl.terminal.waitFor('Ask anything');
    expect(repl.server.requests).toHaveLength(1);
  });
  it('a refused call is still answered: the next prompt carries its is_error tool_result', async () => {
    repl = await startReplFixture({ tools: [shoutTool()], script: [turn(toolUse('Shout', { words: 'x' }, { id: 'toolu_no' })), endTurn('Waiting for you.')] });
    await repl.submit('go');
    await repl.terminal.waitFor('Do you want to use Shout?');
    await repl.terminal.press(ESC);
    await repl.terminal.waitFor('Did not shout "x"');
    await repl.submit('never mind');
    await repl.terminal.waitFor('Waiting for you.');
    const [result] = lastToolResults(repl.server.requests[1]!);
    expect(result).toMatchObject({ tool_use_id: 'toolu_no', is_error: true });
    expect(toolResultText(result!)).toContain('The user rejected this Shout call');
  });
});

describe('REPL: keys that act on the session', () => {
  it('Esc interrupts a running tool, marks the turn Interrupted, and the tool is stopped', async () => {
    const log = createCallLog();
    repl = await startReplFixture({
      tools: [sleepTool(log)],
      script: [turn(text('Sleeping.'), toolUse('Sleep', { ms: 60_000 }))],
    });
    await repl.submit('sleep a minute');
    await repl.terminal.waitFor('esc to interrupt');
    await repl.terminal.waitFor('● Sleep(');
    await repl.terminal.press(ESC);
    const frame = await repl.terminal.waitFor(/⎿ {2}Interrupted\n/);
    expect(frame).toContain('● Sleep(');
    expect(log.calls[0]!.aborted).toBe(true);
    await repl.terminal.waitFor((screen) => !screen.includes('esc to interrupt'));
  });

  it('an interrupt before any reply gives the prompt back in the input box', async () => {
    repl = await startReplFixture({ script: [hang()] });
    await repl.submit('a prompt to edit');
    await repl.terminal.waitFor('esc to interrupt');
    await repl.terminal.press(ESC);
    await repl.terminal.waitFor('Interrupted');
    await repl.terminal.waitFor(/│ > a prompt to edit/);
    expect(repl.controller.messages).toEqual([]);
  });

  it('Shift+Tab cycles default → accept edits → plan → default, in the status line and the session', async () => {
    repl = await startReplFixture({ script: [] });
    const mode = () => repl!.session.appState.get().toolPermissionContext.mode;
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.waitFor('accept edits on');
    expect(mode()).toBe('acceptEdits');
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.waitFor('plan mode on');
    expect(mode()).toBe('plan');
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.waitFor((screen) => !screen.includes('plan mode on'));
    expect(mode()).toBe('default');
  });

  it('Shift+Tab reaches bypass permissions only when the session started with it', async () => {
    repl = await startReplFixture({ script: [], mode: 'bypassPermissions' });
    await repl.terminal.waitFor('bypass permissions on');
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.waitFor('plan mode on');
    await repl.terminal.press(SHIFT_TAB);
    await repl.terminal.waitFor('bypass permissions on');
  });

  it('Ctrl+O opens the transcript view with the whole output of a finished call; Esc closes it', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => String(index + 1)).join('\n');
    repl = await startReplFixture({ tools: [echoTool()], script: [turn(toolUse('Echo', { text: lines })), endTurn('Counted.')] });
    await repl.submit('count');
    await repl.terminal.waitFor('Counted.');
    await repl.terminal.press('\u000F');
    const view = await repl.terminal.waitFor(/lines \d+–\d+ of \d+/);
    expect(view).toContain('esc to close');
    expect(view).toMatch(/^\s*59$/m);
    expect(repl.controller.getStatus().transcriptOpen).toBe(true);
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor((frame) => !frame.includes('esc to close'));
    expect(repl.controller.getStatus().transcriptOpen).toBe(false);
  });

  it('a prompt typed while a turn runs waits and is sent afterwards', async () => {
    repl = await startReplFixture({ script: [{ ...endTurn('slow answer'), chunkDelayMs: 40 }, endTurn('second answer')] });
    await repl.submit('first');
    await repl.terminal.waitFor('esc to interrupt');
    await repl.submit('second');
    await repl.terminal.waitFor('1 queued: second');
    await repl.terminal.waitFor('second answer');
    expect(repl.server.requests).toHaveLength(2);
  });
});

describe('REPL: one thing at a time', () => {
  it('a prompt sent while a command is still running waits for it', async () => {
    repl = await startReplFixture({ script: [endTurn('answered')] });
    repl.controller.submit('/help');
    repl.controller.submit('after help');
    await repl.controller.whenIdle();
    await repl.terminal.waitFor('answered');
    const frame = repl.terminal.lastFrame();
    expect(frame.indexOf('List commands and keys')).toBeLessThan(frame.indexOf('> after help'));
    expect(repl.server.requests).toHaveLength(1);
  });
});
