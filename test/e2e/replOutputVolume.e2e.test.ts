// What the REPL writes to the terminal while an answer streams (ARCHITECTURE §8, "Long sessions"): no
// more bytes per answer character than Claude Code (3.6), no frame writing more than 8 lines — and
// the screen still ends up right: every paragraph in the scroll-back once, in order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module shared with the bench
import { outputFigures } from '../../bench/terminalFrames.mjs';
import { startRepl, type ReplRun } from './support/replHarness.js';

let run: ReplRun | undefined;
let folder: string | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

/** 24 paragraphs of 50 words (~1,200 words), a heading every 8. */
function answer(): string {
  const words = ['each', 'frame', 'writes', 'only', 'what', 'changed', 'on', 'the', 'screen', 'and', 'nothing', 'else'];
  const paragraphs: string[] = [];
  for (let index = 0; index < 24; index++) {
    if (index % 8 === 0) paragraphs.push(`## Section ${index / 8 + 1}`);
    paragraphs.push(`Paragraph ${index}: ${Array.from({ length: 50 }, (_, word) => words[(index * 5 + word) % words.length]).join(' ')}.`);
  }
  return `${paragraphs.join('\n\n')}\n\nEND-OF-ANSWER`;
}

type Figures = { bytesPerChar: number; frames: number; linesPerFrame: { p50: number; p95: number; max: number } };

describe('REPL in a real terminal: output volume while an answer streams', () => {
  it('writes ≤ 3.6 bytes per answer character and ≤ 8 lines per frame, and the whole answer reaches the scroll-back', async () => {
    const text = answer();
    run = await startRepl({ script: [{ blocks: [{ type: 'text', text }], stopReason: 'end_turn', chunkDelayMs: 5, textChunkSize: 8 }], columns: 100, rows: 30 });
    const { terminal } = run;
    folder = await mkdtemp(path.join(os.tmpdir(), 'agentcli-output-'));
    const recording = path.join(folder, 'output.bin');
    await terminal.waitFor('Ask anything');
    await terminal.type('write the long answer');
    await terminal.waitFor('write the long answer');
    await terminal.recordOutput(recording);
    await terminal.press('Enter');
    await terminal.waitFor((screen) => screen.includes('END-OF-ANSWER') && screen.includes('Ask anything'), { timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const figures = outputFigures(await readFile(recording), text.length) as Figures;
    console.log(`bytes/char ${figures.bytesPerChar.toFixed(2)}, ${figures.frames} frames, lines per frame p50 ${figures.linesPerFrame.p50} p95 ${figures.linesPerFrame.p95} max ${figures.linesPerFrame.max}`);
    expect(figures.bytesPerChar).toBeLessThanOrEqual(3.6);
    expect(figures.linesPerFrame.max).toBeLessThanOrEqual(8);

    const history = await terminal.history();
    const shown = [...history.matchAll(/Paragraph (\d+):/g)].map((match) => Number(match[1]));
    expect(shown).toEqual(Array.from({ length: 24 }, (_, index) => index));
    expect(history).toContain('Section 3');
    expect(history.match(/END-OF-ANSWER/g)).toHaveLength(1);
  }, 90_000);
});
