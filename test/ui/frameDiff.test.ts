// The frame writer must leave exactly the screen (and scroll-back) Ink's own bytes leave, in fewer
// bytes. A small terminal model replays both byte streams: the escape sequences Ink and the writer use
// (cursor moves, erases, line insert/delete, scrolling at the bottom row).
import { describe, expect, it } from 'vitest';
import { FrameWriter } from '../../src/ui/layout/frameDiff.js';

const ESC = '\u001B';
const BEGIN_SYNC = `${ESC}[?2026h`;
const END_SYNC = `${ESC}[?2026l`;

class ModelTerminal {
  readonly scrollback: string[] = [];
  private screen: string[][];
  private row = 0;
  private column = 0;

  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    this.screen = Array.from({ length: rows }, () => this.blank());
  }

  write(data: string): void {
    for (let index = 0; index < data.length; index++) {
      const char = data[index]!;
      if (char === ESC) {
        const match = /^\u001B\[(\??)(\d*)([A-Za-z])/.exec(data.slice(index))!;
        expect(match, `unknown sequence at ${JSON.stringify(data.slice(index, index + 8))}`).not.toBeNull();
        index += match[0].length - 1;
        if (match[1] === '?') continue;
        this.control(match[3]!, match[2] === '' ? undefined : Number(match[2]));
        continue;
      }
      if (char === '\n') {
        this.column = 0;
        this.lineFeed();
        continue;
      }
      if (char === '\r') {
        this.column = 0;
        continue;
      }
      if (this.column >= this.columns) {
        this.column = 0;
        this.lineFeed();
      }
      this.screen[this.row]![this.column++] = char;
    }
  }

  text(): string {
    return [...this.scrollback, ...this.screen.map((line) => line.join('').trimEnd())].join('\n').trimEnd();
  }

  screenText(): string {
    return this.screen.map((line) => line.join('').trimEnd()).join('\n');
  }

  private control(command: string, value: number | undefined): void {
    const count = value ?? 1;
    switch (command) {
      case 'A':
        this.row = Math.max(0, this.row - count);
        return;
      case 'B':
        this.row = Math.min(this.rows - 1, this.row + count);
        return;
      case 'E':
        this.row = Math.min(this.rows - 1, this.row + count);
        this.column = 0;
        return;
      case 'G':
        this.column = count - 1;
        return;
      case 'K':
        if (value === 2) this.screen[this.row] = this.blank();
        else for (let column = Math.min(this.column, this.columns - 1); column < this.columns; column++) this.screen[this.row]![column] = ' ';
        return;
      case 'J':
        for (let column = this.column; column < this.columns; column++) this.screen[this.row]![column] = ' ';
        for (let row = this.row + 1; row < this.rows; row++) this.screen[row] = this.blank();
        return;
      case 'L':
        this.screen.splice(this.row, 0, ...Array.from({ length: count }, () => this.blank()));
        this.screen.length = this.rows;
        this.column = 0;
        return;
      case 'M':
        this.screen.splice(this.row, count);
        while (this.screen.length < this.rows) this.screen.push(this.blank());
        this.column = 0;
        return;
      case 'm':
        return;
      default:
        throw new Error(`unmodelled sequence ${command}`);
    }
  }

  private lineFeed(): void {
    if (this.row < this.rows - 1) {
      this.row++;
      return;
    }
    this.scrollback.push(this.screen.shift()!.join('').trimEnd());
    this.screen.push(this.blank());
  }

  private blank(): string[] {
    return Array.from({ length: this.columns }, () => ' ');
  }
}

/** What Ink (standard mode) writes for one frame: erase the previous frame, print new <Static> lines, write the live area. */
class InkLikeRenderer {
  private previousLineCount = 0;
  constructor(private readonly write: (data: string) => void) {}

  frame(live: readonly string[], printed: readonly string[] = []): void {
    const output = `${live.join('\n')}\n`;
    this.write(BEGIN_SYNC);
    if (printed.length > 0) {
      this.write(eraseLines(this.previousLineCount));
      this.write(`${printed.join('\n')}\n`);
      this.write(output);
    } else {
      this.write(eraseLines(this.previousLineCount) + output);
    }
    this.write(END_SYNC);
    this.previousLineCount = live.length + 1;
  }
}

function eraseLines(count: number): string {
  let clear = '';
  for (let index = 0; index < count; index++) clear += `${ESC}[2K${index < count - 1 ? `${ESC}[1A` : ''}`;
  return count > 0 ? `${clear}${ESC}[G` : '';
}

const CHROME = ['', '* Writing... (esc to interrupt)', '', '+--------------------------------+', '| > type ahead                   |', '+--------------------------------+', ' model  /tmp/project'];

/** Both byte streams side by side: Ink's own, and what the frame writer makes of it. */
function sideBySide(columns: number, rows: number) {
  const direct = new ModelTerminal(columns, rows);
  const diffed = new ModelTerminal(columns, rows);
  const written = { direct: 0, diffed: 0 };
  let size = { columns, rows };
  const writer = new FrameWriter({
    write: (data) => {
      written.diffed += data.length;
      diffed.write(data);
    },
    size: () => size,
    schedule: () => {},
  });
  const ink = new InkLikeRenderer((data) => {
    written.direct += data.length;
    direct.write(data);
    writer.write(data);
  });
  return { direct, diffed, written, ink, writer, resize: (next: { columns: number; rows: number }) => (size = next) };
}

/** An answer streamed word by word into rows of `width`, finished rows printed to the scroll-back `hold` rows at a time. */
function* streamedAnswer(width: number, hold: number): Generator<{ live: string[]; printed: string[] }> {
  const words = Array.from({ length: 240 }, (_, index) => `w${index}`);
  const rows: string[] = [''];
  let printedRows = 0;
  for (const word of words) {
    const last = rows.at(-1)!;
    if (last.length + word.length + 1 > width) rows.push(word);
    else rows[rows.length - 1] = last === '' ? word : `${last} ${word}`;
    const finished = rows.length - 1 - printedRows;
    let printed: string[] = [];
    if (finished > hold) {
      printed = rows.slice(printedRows, rows.length - 1);
      printedRows = rows.length - 1;
    }
    const liveRows = rows.slice(printedRows);
    // Reserved rows in steps of 4, counted from the answer's first row, as the live area does.
    const stepped = Math.ceil(rows.length / 4) * 4 - printedRows;
    yield { live: [...liveRows, ...Array.from({ length: stepped - liveRows.length }, () => ''), ...CHROME], printed };
  }
}

describe('FrameWriter: only what changed, the same screen', () => {
  it('leaves the screen and scroll-back of Ink’s own bytes after every frame of a streamed answer, in a fraction of the bytes', () => {
    const { direct, diffed, written, ink } = sideBySide(40, 16);
    for (const { live, printed } of streamedAnswer(38, 3)) {
      ink.frame(live, printed);
      expect(diffed.text()).toBe(direct.text());
    }
    expect(direct.text()).toContain('w239');
    expect(written.diffed).toBeLessThan(written.direct / 4);
  });

  it.each([
    { rows: 14, hold: 4 },
    { rows: 15, hold: 6 },
    { rows: 20, hold: 10 },
  ])('the same when printed lines and the live area together outgrow the screen ($rows rows, $hold rows held)', ({ rows, hold }) => {
    const { direct, diffed, ink } = sideBySide(40, rows);
    for (const { live, printed } of streamedAnswer(38, hold)) {
      if (live.length + 1 > rows) continue;
      ink.frame(live, printed);
      expect(diffed.text()).toBe(direct.text());
    }
  });

  it('writes only the new end of a line that grew', () => {
    const output: string[] = [];
    const writer = new FrameWriter({ write: (data) => output.push(data), size: () => ({ columns: 40, rows: 16 }), schedule: () => {} });
    const ink = new InkLikeRenderer((data) => writer.write(data));
    ink.frame(['the answer so', ...CHROME]);
    output.length = 0;
    ink.frame(['the answer so far', ...CHROME]);
    const frame = output.join('');
    expect(frame).toContain(' far');
    expect(frame).not.toContain('the answer');
    expect(frame).not.toContain('type ahead');
  });

  it('moves the unchanged input box down with an inserted line instead of writing it again', () => {
    const { direct, diffed, ink } = sideBySide(40, 16);
    const output: string[] = [];
    const writer = new FrameWriter({ write: (data) => output.push(data), size: () => ({ columns: 40, rows: 16 }), schedule: () => {} });
    const watched = new InkLikeRenderer((data) => writer.write(data));
    for (const live of [['first row', ...CHROME], ['first row', 'second row', ...CHROME]]) {
      ink.frame(live);
      watched.frame(live);
    }
    expect(diffed.text()).toBe(direct.text());
    const lastFrame = output.slice(output.lastIndexOf(BEGIN_SYNC)).join('');
    expect(lastFrame).toContain(`${ESC}[1L`);
    expect(lastFrame).not.toContain('type ahead');
  });

  it('writes Ink’s own bytes when the terminal was resized', () => {
    const { direct, diffed, written, ink, resize } = sideBySide(40, 16);
    ink.frame(['some text', ...CHROME]);
    resize({ columns: 40, rows: 16 });
    const before = { ...written };
    resize({ columns: 36, rows: 16 });
    ink.frame(['some text, rewrapped', ...CHROME]);
    expect(written.diffed - before.diffed).toBe(written.direct - before.direct);
    expect(diffed.text()).toBe(direct.text());
  });

  it('a frame taller than the screen: the rows on screen end up as Ink draws them, and the scroll-back gets no second copy', () => {
    const { direct, diffed, ink } = sideBySide(40, 8);
    ink.frame(['a', 'b', 'c', ...CHROME]);
    ink.frame(['a', 'b', 'c', 'd', ...CHROME]);
    expect(diffed.screenText()).toBe(direct.screenText());
    expect(diffed.text().match(/^a$/gm)).toHaveLength(1);
  });

  it('a first frame that prints <Static> lines and then the live area leaves Ink’s screen', () => {
    const { direct, diffed, ink } = sideBySide(40, 16);
    ink.frame(['live text', ...CHROME], ['welcome', 'a warning']);
    ink.frame(['live text grew', ...CHROME]);
    expect(diffed.text()).toBe(direct.text());
    expect(diffed.text()).toContain('welcome\na warning\nlive text grew');
  });

  it('text written to stderr between Ink’s clear and its repaint lands where Ink’s bytes put it', () => {
    const { direct, diffed, ink, writer } = sideBySide(40, 16);
    ink.frame(['some text', ...CHROME]);
    ink.frame(['some text and more', ...CHROME]);
    // Ink's writeToStderr: clear, the message on stderr, the last frame again.
    const live = `${['some text and more', ...CHROME].join('\n')}\n`;
    for (const [data, foreign] of [[BEGIN_SYNC], [eraseLines(CHROME.length + 2)], ['a warning on stderr\n', true], [live], [END_SYNC]] as const) {
      if (foreign) {
        writer.flush();
        direct.write(data);
        diffed.write(data);
      } else {
        direct.write(data);
        writer.write(data);
      }
    }
    ink.frame(['some text and more', 'and a row', ...CHROME]);
    expect(diffed.text()).toBe(direct.text());
    expect(diffed.text()).toContain('a warning on stderr');
  });
});
