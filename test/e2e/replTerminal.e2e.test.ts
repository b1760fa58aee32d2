import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

// SGR sequences that set a colour: 30–37, 90–97 (and backgrounds), 256-colour and true-colour forms.
const COLOUR_SEQUENCE = /\u001B\[(?:[\d;]*;)?(?:3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;[25]|48;[25])(?:;[\d;]*)?m/;

const answer = { ...endTurn('Some **bold** text and `code`.\n\n```js\nconst x = 1;\n```'), chunkDelayMs: 2 };

describe('REPL in a real terminal: colour, width, resize', () => {
  it('paints the welcome and the prompt in one first frame (a second paint right after made a key typed at once wait out the repaint throttle)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-frames-'));
    const frames = path.join(dir, 'writes.jsonl');
    const preload = path.join(dir, 'record-writes.mjs');
    await writeFile(
      preload,
      `import { appendFileSync } from 'node:fs';\nconst write = process.stdout.write.bind(process.stdout);\nprocess.stdout.write = (chunk, ...rest) => (appendFileSync(${JSON.stringify(frames)}, JSON.stringify(String(chunk)) + '\\n'), write(chunk, ...rest));\n`,
    );
    repl = await startRepl({ script: [], env: { NODE_OPTIONS: `--import ${preload}` } });
    await repl.terminal.waitFor('Ask anything');
    const writes: string[] = (await readFile(frames, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    const plain = (text: string): string => text.replace(/\u001B\[[\d;?]*[A-Za-z]/g, '');
    const firstWithPrompt = writes.findIndex((text) => plain(text).includes('Ask anything'));
    // A frame is the writes between two synchronized-update markers; the prompt's frame must hold the welcome too.
    const frameStart = writes.slice(0, firstWithPrompt).findLastIndex((text) => text === '\u001B[?2026h');
    const frame = writes.slice(frameStart, firstWithPrompt + 1).join('');
    expect(plain(frame)).toMatch(/agentcli \d+\.\d+\.\d+/); // the welcome's first line
  });

  it('uses colour normally', async () => {
    repl = await startRepl({ script: [answer] });
    await repl.terminal.waitFor('Ask anything');
    await repl.terminal.type('hi');
    await repl.terminal.press('Enter');
    await repl.terminal.waitFor('const x = 1;');
    expect(await repl.terminal.screenWithEscapes()).toMatch(COLOUR_SEQUENCE);
  });

  it('respects NO_COLOR: not one colour sequence on the screen', async () => {
    repl = await startRepl({ script: [answer], env: { NO_COLOR: '1' } });
    await repl.terminal.waitFor('Ask anything');
    await repl.terminal.type('hi');
    await repl.terminal.press('Enter');
    await repl.terminal.waitFor('const x = 1;');
    const screen = await repl.terminal.screenWithEscapes();
    expect(screen).toContain('Some bold text and code.');
    expect(screen).not.toMatch(COLOUR_SEQUENCE);
  });

  it('stays readable at 40 columns: the prompt, the answer and a permission dialog', async () => {
    repl = await startRepl({
      columns: 40,
      rows: 30,
      script: [turn(toolUse('Bash', { command: 'touch a.txt' })), endTurn('The file a.txt now exists in the folder.')],
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('make a file');
    await terminal.press('Enter');
    const dialog = await terminal.waitFor('Do you want to run this command?');
    expect(dialog).toContain('touch a.txt');
    expect(dialog).toContain('1. Yes');
    expect(dialog).toContain('3. No, and tell the model');
    await terminal.press('1');
    const done = await terminal.waitFor(/now exists in the\s+folder\./);
    expect(done).toContain('● The file a.txt');
    expect(done).toContain('● Bash(touch a.txt)');
    for (const line of done.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('re-wraps on resize: one input box, as wide as the new terminal', async () => {
    repl = await startRepl({ script: [] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('a prompt that is long enough to need wrapping once the terminal becomes narrow');
    await terminal.waitFor('becomes narrow');
    await terminal.resize(50, 30);
    const screen = await terminal.waitFor((text) => text.includes('becomes narrow') && text.split('\n').some((line) => /^╭─+╮$/.test(line) && line.length === 50));
    const topBorders = screen.split('\n').filter((line) => line.startsWith('╭') && line.endsWith('╮'));
    expect(topBorders.every((line) => line.length === 50)).toBe(true);
    expect(screen).toContain('becomes narrow');
  });
});
