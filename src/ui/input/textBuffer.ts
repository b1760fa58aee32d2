/**
 * The prompt's editing model: text plus a cursor offset, changed only by
 * pure functions that return a new buffer. Keeping it free of React makes
 * every editing rule a plain unit test.
 */
export type TextBuffer = { readonly text: string; readonly cursor: number };

export const EMPTY_BUFFER: TextBuffer = { text: '', cursor: 0 };

export function bufferOf(text: string, cursor = text.length): TextBuffer {
  return { text, cursor: clamp(cursor, 0, text.length) };
}

export function insertText(buffer: TextBuffer, inserted: string): TextBuffer {
  const text = buffer.text.slice(0, buffer.cursor) + inserted + buffer.text.slice(buffer.cursor);
  return { text, cursor: buffer.cursor + inserted.length };
}

export function deleteBackward(buffer: TextBuffer): TextBuffer {
  if (buffer.cursor === 0) return buffer;
  const start = previousCharStart(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

export function deleteForward(buffer: TextBuffer): TextBuffer {
  if (buffer.cursor >= buffer.text.length) return buffer;
  const end = nextCharEnd(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, buffer.cursor) + buffer.text.slice(end), cursor: buffer.cursor };
}

export function moveLeft(buffer: TextBuffer): TextBuffer {
  return { ...buffer, cursor: previousCharStart(buffer.text, buffer.cursor) };
}

export function moveRight(buffer: TextBuffer): TextBuffer {
  return { ...buffer, cursor: nextCharEnd(buffer.text, buffer.cursor) };
}

export function moveToLineStart(buffer: TextBuffer): TextBuffer {
  return { ...buffer, cursor: lineStartOf(buffer.text, buffer.cursor) };
}

export function moveToLineEnd(buffer: TextBuffer): TextBuffer {
  return { ...buffer, cursor: lineEndOf(buffer.text, buffer.cursor) };
}

/** Up one line, keeping the column where the line is long enough. */
export function moveUp(buffer: TextBuffer): TextBuffer {
  const start = lineStartOf(buffer.text, buffer.cursor);
  if (start === 0) return buffer;
  const column = buffer.cursor - start;
  const previousStart = lineStartOf(buffer.text, start - 1);
  return { ...buffer, cursor: Math.min(previousStart + column, start - 1) };
}

export function moveDown(buffer: TextBuffer): TextBuffer {
  const end = lineEndOf(buffer.text, buffer.cursor);
  if (end === buffer.text.length) return buffer;
  const column = buffer.cursor - lineStartOf(buffer.text, buffer.cursor);
  const nextStart = end + 1;
  return { ...buffer, cursor: Math.min(nextStart + column, lineEndOf(buffer.text, nextStart)) };
}

export function moveWordLeft(buffer: TextBuffer): TextBuffer {
  return { ...buffer, cursor: previousWordStart(buffer.text, buffer.cursor) };
}

export function moveWordRight(buffer: TextBuffer): TextBuffer {
  let cursor = buffer.cursor;
  const { text } = buffer;
  while (cursor < text.length && !isWordChar(text[cursor]!)) cursor++;
  while (cursor < text.length && isWordChar(text[cursor]!)) cursor++;
  return { ...buffer, cursor };
}

export function deleteWordBackward(buffer: TextBuffer): TextBuffer {
  const start = previousWordStart(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

export function deleteToLineStart(buffer: TextBuffer): TextBuffer {
  const start = lineStartOf(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
}

export function deleteToLineEnd(buffer: TextBuffer): TextBuffer {
  const end = lineEndOf(buffer.text, buffer.cursor);
  return { text: buffer.text.slice(0, buffer.cursor) + buffer.text.slice(end), cursor: buffer.cursor };
}

/** Replaces text[start, end) and puts the cursor after the replacement. */
export function replaceRange(buffer: TextBuffer, start: number, end: number, replacement: string): TextBuffer {
  return { text: buffer.text.slice(0, start) + replacement + buffer.text.slice(end), cursor: start + replacement.length };
}

export function isCursorOnFirstLine(buffer: TextBuffer): boolean {
  return lineStartOf(buffer.text, buffer.cursor) === 0;
}

export function isCursorOnLastLine(buffer: TextBuffer): boolean {
  return lineEndOf(buffer.text, buffer.cursor) === buffer.text.length;
}

/** The text before the cursor on the cursor's line. */
export function textBeforeCursorOnLine(buffer: TextBuffer): string {
  return buffer.text.slice(lineStartOf(buffer.text, buffer.cursor), buffer.cursor);
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

// Surrogate pairs move and delete as one character (emoji, CJK extension planes).
function previousCharStart(text: string, offset: number): number {
  if (offset <= 0) return 0;
  const code = text.charCodeAt(offset - 1);
  return code >= 0xdc00 && code <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
}

function nextCharEnd(text: string, offset: number): number {
  if (offset >= text.length) return text.length;
  const code = text.charCodeAt(offset);
  return code >= 0xd800 && code <= 0xdbff && offset + 1 < text.length ? offset + 2 : offset + 1;
}

function previousWordStart(text: string, offset: number): number {
  let cursor = offset;
  while (cursor > 0 && !isWordChar(text[cursor - 1]!)) cursor--;
  while (cursor > 0 && isWordChar(text[cursor - 1]!)) cursor--;
  return cursor;
}

function isWordChar(char: string): boolean {
  return /[\p{L}\p{N}_]/u.test(char);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
