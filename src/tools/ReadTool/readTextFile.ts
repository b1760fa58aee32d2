/**
 * Reading a text file for the model. Small files are read whole (and their
 * text kept for the stale-file guard); larger ones only in a window the
 * model asks for, read in 64 KB chunks through one reused buffer so memory
 * stays flat however far into a 50 MB file the window lies.
 */
import { open, readFile } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { looksBinary, SNIFF_BYTES } from '../../utils/files/fileKinds.js';
import { fileToolFailure, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import { formatBytes } from '../../utils/files/formatBytes.js';
import { formatNumberedLines, LineCollector } from '../../utils/files/numberedLines.js';
import { snapshotOfWindow } from '../../utils/files/readFileGuard.js';
import { decodeText, detectEncoding } from '../../utils/files/textEncoding.js';
import { MAX_READ_OUTPUT_CHARS, type FileReadRequest, type ReadTextOutput } from './readResult.js';

/** Larger files must be read with offset/limit. */
export const MAX_WHOLE_READ_BYTES = 256 * 1024;
export const DEFAULT_READ_LINES = 2_000;
const STREAM_CHUNK_BYTES = 64 * 1024;

type TextReadResult = { readonly data: ReadTextOutput | FileToolFailure };

export async function readTextFile(request: FileReadRequest): Promise<TextReadResult> {
  const { size, shownPath } = request;
  const ranged = request.offset !== undefined || request.limit !== undefined;
  if (size > MAX_WHOLE_READ_BYTES && !ranged) {
    return fileToolFailure(
      `${shownPath} is ${formatBytes(size)}, more than the ${formatBytes(MAX_WHOLE_READ_BYTES)} Read returns without offset/limit. Read it in pages instead: offset=1 with limit=${DEFAULT_READ_LINES}, then offset=${DEFAULT_READ_LINES + 1}, and so on — or find the part you need with Grep first and read just around it.`,
    );
  }
  const head = size <= MAX_WHOLE_READ_BYTES ? await readFile(request.filePath, { signal: request.signal }) : await readHead(request.filePath);
  if (looksBinary(request.filePath, head.subarray(0, SNIFF_BYTES))) return binaryFailure(shownPath, size);
  if (size > MAX_WHOLE_READ_BYTES) return readWindow(request, head);
  // A whole read takes the editor's text when there is one (an unsaved buffer is what the user means); a
  // window of a large file is read from the disk, which an editor would have to send whole to answer.
  const text = request.textFiles ? await request.textFiles.readText(request.filePath, request.signal) : decodeText(head).text;
  return readWhole(request, text);
}

function binaryFailure(shownPath: string, size: number): { data: FileToolFailure } {
  const hint = shownPath.toLowerCase().endsWith('.pdf') ? ' For a PDF, try `pdftotext` through Bash if it is installed.' : '';
  return fileToolFailure(
    `${shownPath} is a binary file (${formatBytes(size)}). Read shows text files, images (png, jpg, gif, webp) and Jupyter notebooks.${hint} To inspect it, use Bash, e.g. \`file ${shownPath}\` or \`xxd ${shownPath} | head\`.`,
  );
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(STREAM_CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function newCollector(request: FileReadRequest, startLineNumber = 1): LineCollector {
  return new LineCollector({
    firstLine: Math.max(1, request.offset ?? 1),
    startLineNumber,
    maxLines: request.limit ?? DEFAULT_READ_LINES,
    maxTotalChars: MAX_READ_OUTPUT_CHARS,
  });
}

function readWhole(request: FileReadRequest, text: string): TextReadResult {
  const collector = newCollector(request);
  collector.feed(text);
  collector.end();
  const output = toOutput(request, collector, countLines(text));
  const sawEverything = text === '' || (output.firstLine === 1 && !output.moreAfter);
  const previous = request.readFileState.get(request.key);
  // Re-reading a part of a file the model already saw whole, unchanged, must not demote what it knows.
  const keepWhole = !sawEverything && previous !== undefined && !previous.partial && previous.content === text;
  if (!keepWhole) {
    request.readFileState.set(request.key, {
      content: text,
      mtimeMs: request.mtimeMs,
      ...(sawEverything ? {} : { partial: { offset: output.firstLine, limit: output.numLines } }),
    });
  }
  return { data: output };
}

async function readWindow(request: FileReadRequest, head: Buffer): Promise<TextReadResult> {
  const { encoding, bomLength } = detectEncoding(head, { isWholeFile: false });
  const firstLine = Math.max(1, request.offset ?? 1);
  const decoder = new StringDecoder(encoding);
  // Lines before the window are counted on the raw bytes, never decoded: in
  // UTF-8 and Latin-1 a 0x0A byte is always a line feed. UTF-16 needs decoding.
  const skipper = encoding === 'utf16le' || firstLine === 1 ? undefined : new LineSkipper(firstLine);
  let collector = skipper ? undefined : newCollector(request);

  // One buffer, reused for every chunk: however large the file, reading it
  // allocates nothing per chunk (a stream would leave a trail of 64 KB
  // buffers for the garbage collector).
  const handle = await open(request.filePath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(STREAM_CHUNK_BYTES);
    let position = bomLength;
    for (;;) {
      request.signal.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      let bytes: Buffer = buffer.subarray(0, bytesRead);
      if (!collector) {
        const rest = skipper!.skip(bytes);
        if (rest === undefined) continue;
        collector = newCollector(request, firstLine);
        bytes = rest;
      }
      // StringDecoder copies what it keeps of a split character, so the buffer may be reused.
      collector.feed(decoder.write(bytes));
      if (collector.moreAfter) break;
    }
  } finally {
    await handle.close();
  }

  if (!collector) {
    // The file ended before the window began.
    request.readFileState.set(request.key, snapshotOfWindow(request.mtimeMs, { offset: firstLine, limit: 0 }));
    return { data: toOutput(request, newCollector(request, firstLine), skipper!.totalLines) };
  }
  if (!collector.moreAfter) {
    collector.feed(decoder.end());
    collector.end();
  }
  const output = toOutput(request, collector, collector.moreAfter ? undefined : collector.linesSeen);
  request.readFileState.set(request.key, snapshotOfWindow(request.mtimeMs, { offset: output.firstLine, limit: output.numLines }));
  return { data: output };
}

/** Counts line feeds in raw bytes until the line `firstLine` begins. */
class LineSkipper {
  private lineNumber = 1;
  private endsMidLine = false;

  constructor(private readonly firstLine: number) {}

  /** The bytes from the start of `firstLine` on, or undefined while it has not been reached. */
  skip(bytes: Buffer): Buffer | undefined {
    let index = -1;
    while (this.lineNumber < this.firstLine) {
      index = bytes.indexOf(0x0a, index + 1);
      if (index === -1) {
        if (bytes.length > 0) this.endsMidLine = bytes[bytes.length - 1] !== 0x0a;
        return undefined;
      }
      this.lineNumber++;
    }
    return bytes.subarray(index + 1);
  }

  /** The file's line count, once it ended before `firstLine`. */
  get totalLines(): number {
    return this.lineNumber - 1 + (this.endsMidLine ? 1 : 0);
  }
}

function toOutput(request: FileReadRequest, collector: LineCollector, totalLines: number | undefined): ReadTextOutput {
  const firstLine = Math.max(1, request.offset ?? 1);
  return {
    type: 'text',
    filePath: request.filePath,
    shownPath: request.shownPath,
    content: formatNumberedLines(collector.lines, firstLine),
    firstLine,
    numLines: collector.lines.length,
    ...(totalLines !== undefined ? { totalLines } : {}),
    moreAfter: collector.moreAfter,
    stoppedForSize: collector.stoppedForSize,
  };
}

function countLines(text: string): number {
  if (text === '') return 0;
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return text.endsWith('\n') ? count : count + 1;
}
