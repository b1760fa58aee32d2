// Renders an Ink tree into a fake terminal of a chosen size (ink-testing-library's is fixed at
// 100 columns), with keyboard input and resize. Frames are plain text (no colour in tests).
import { Readable, Writable } from 'node:stream';
import { render, type Instance } from 'ink';
import type { ReactNode } from 'react';

class FakeStdout extends Writable {
  frames: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super({ decodeStrings: false });
  }
  override _write(chunk: unknown, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.frames.push(String(chunk));
    done();
  }
}

class FakeStdin extends Readable {
  isTTY = true;
  override _read(): void {}
  write(data: string): void {
    this.push(data);
  }
  setRawMode(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

export type InkTerminal = {
  readonly stdin: FakeStdin;
  lastFrame(): string;
  /** Everything written so far (static output included), newest last. */
  allOutput(): string;
  /** Every frame written so far, oldest first. */
  allFrames(): readonly string[];
  resize(columns: number, rows?: number): void;
  waitFor(expected: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  press(data: string): Promise<void>;
  unmount(): void;
  readonly instance: Instance;
};

export function renderInTerminal(tree: ReactNode, size: { columns?: number; rows?: number } = {}): InkTerminal {
  const stdout = new FakeStdout(size.columns ?? 100, size.rows ?? 30);
  const stdin = new FakeStdin();
  const instance = render(tree, {
    // Ink reads only the members these fakes implement (write, columns, rows, isTTY; read, setRawMode...).
    stdout: stdout as Writable as NodeJS.WriteStream,
    stdin: stdin as Readable as NodeJS.ReadStream,
    stderr: stdout as Writable as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const lastFrame = (): string => stdout.frames.at(-1) ?? '';
  return {
    stdin,
    instance,
    lastFrame,
    allOutput: () => stdout.frames.join(''),
    allFrames: () => [...stdout.frames],
    resize(columns, rows) {
      stdout.columns = columns;
      if (rows !== undefined) stdout.rows = rows;
      stdout.emit('resize');
    },
    async waitFor(expected, timeoutMs = 5_000) {
      const matches = (frame: string): boolean =>
        typeof expected === 'string' ? frame.includes(expected) : expected instanceof RegExp ? expected.test(frame) : expected(frame);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (matches(lastFrame())) return lastFrame();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`timed out waiting for ${String(expected)}; last frame:\n${lastFrame()}`);
    },
    async press(data) {
      stdin.write(data);
      // Let React commit and Ink repaint before the next key.
      await new Promise((resolve) => setTimeout(resolve, 15));
    },
    unmount() {
      instance.unmount();
      instance.cleanup();
    },
  };
}
