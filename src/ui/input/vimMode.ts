/**
 * `/vim`: modal editing for the prompt. Insert mode types as usual; Esc goes
 * to normal mode, where keys are commands:
 *
 *   h j k l   left, down, up, right        w b e   next word, previous word, end of word
 *   0 $       line start, line end          x       delete the character under the cursor
 *   dd        delete the line               i a     insert before / after the cursor
 *   I A       insert at line start / end    o O     open a line below / above
 *   Enter     send                          Esc     (normal mode) interrupt a running turn
 *
 * Pure functions of the buffer, so each command is a unit test.
 */
import * as edit from './textBuffer.js';
import type { TextBuffer } from './textBuffer.js';

export type VimMode = 'insert' | 'normal';
export type VimState = { readonly mode: VimMode; /** A first `d` waiting for its second. */ readonly pendingDelete: boolean };

export const VIM_INSERT: VimState = { mode: 'insert', pendingDelete: false };
export const VIM_NORMAL: VimState = { mode: 'normal', pendingDelete: false };

export type VimResult = { readonly buffer: TextBuffer; readonly vim: VimState };

/** One key typed in normal mode. Unknown keys do nothing (and cancel a pending `d`). */
export function vimNormalKey(buffer: TextBuffer, vim: VimState, key: string): VimResult {
  const stay = (next: TextBuffer): VimResult => ({ buffer: onCharacter(next), vim: VIM_NORMAL });
  const insert = (next: TextBuffer): VimResult => ({ buffer: next, vim: VIM_INSERT });
  if (vim.pendingDelete) return key === 'd' ? stay(deleteLine(buffer)) : { buffer, vim: VIM_NORMAL };
  switch (key) {
    case 'h':
      return stay(lineStart(buffer) === buffer.cursor ? buffer : edit.moveLeft(buffer));
    case 'l':
      return stay(buffer.cursor >= lastCharOfLine(buffer) ? buffer : edit.moveRight(buffer));
    case 'j':
      return stay(edit.moveDown(buffer));
    case 'k':
      return stay(edit.moveUp(buffer));
    case 'w':
      return stay(wordForward(buffer));
    case 'b':
      return stay(edit.moveWordLeft(buffer));
    case 'e':
      return stay(wordEnd(buffer));
    case '0':
      return stay(edit.moveToLineStart(buffer));
    case '$':
      return stay(edit.bufferOf(buffer.text, lastCharOfLine(buffer)));
    case 'x':
      return stay(edit.deleteForward(buffer));
    case 'd':
      return { buffer, vim: { mode: 'normal', pendingDelete: true } };
    case 'i':
      return insert(buffer);
    case 'a':
      return insert(buffer.cursor < lineEnd(buffer) ? edit.moveRight(buffer) : buffer);
    case 'I':
      return insert(edit.moveToLineStart(buffer));
    case 'A':
      return insert(edit.moveToLineEnd(buffer));
    case 'o':
      return insert(edit.insertText(edit.moveToLineEnd(buffer), '\n'));
    case 'O': {
      const start = edit.moveToLineStart(buffer);
      return insert(edit.moveLeft(edit.insertText(start, '\n')));
    }
    default:
      return { buffer, vim };
  }
}

/** Leaving insert mode puts the cursor on the character before it, as vim does. */
export function enterNormalMode(buffer: TextBuffer): VimResult {
  return { buffer: buffer.cursor > lineStart(buffer) ? edit.moveLeft(buffer) : buffer, vim: VIM_NORMAL };
}

function lineStart(buffer: TextBuffer): number {
  return buffer.text.lastIndexOf('\n', buffer.cursor - 1) + 1;
}

function lineEnd(buffer: TextBuffer): number {
  const end = buffer.text.indexOf('\n', buffer.cursor);
  return end < 0 ? buffer.text.length : end;
}

/** Normal mode rests on a character: the last one of the line at most (or the start of an empty line). */
function lastCharOfLine(buffer: TextBuffer): number {
  return Math.max(lineStart(buffer), lineEnd(buffer) - 1);
}

function onCharacter(buffer: TextBuffer): TextBuffer {
  return buffer.cursor > lastCharOfLine(buffer) ? edit.bufferOf(buffer.text, lastCharOfLine(buffer)) : buffer;
}

const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}_]/u.test(char);
const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);
const classOf = (char: string | undefined): 'word' | 'space' | 'punct' => (isWordChar(char) ? 'word' : isSpace(char) ? 'space' : 'punct');

/** `w`: the start of the next word (a run of word characters, or of punctuation). */
function wordForward(buffer: TextBuffer): TextBuffer {
  const { text } = buffer;
  let at = buffer.cursor;
  const start = classOf(text[at]);
  if (start !== 'space') while (at < text.length && classOf(text[at]) === start) at++;
  while (at < text.length && isSpace(text[at])) at++;
  return edit.bufferOf(text, Math.min(at, Math.max(0, text.length - 1)));
}

/** `e`: the last character of this word, or of the next one when already there. */
function wordEnd(buffer: TextBuffer): TextBuffer {
  const { text } = buffer;
  let at = buffer.cursor + 1;
  while (at < text.length && isSpace(text[at])) at++;
  const kind = classOf(text[at]);
  while (at + 1 < text.length && classOf(text[at + 1]) === kind) at++;
  return edit.bufferOf(text, Math.min(at, Math.max(0, text.length - 1)));
}

/** `dd`: the whole line goes, with its line break; the cursor lands at the start of the next line. */
function deleteLine(buffer: TextBuffer): TextBuffer {
  const { text } = buffer;
  const start = lineStart(buffer);
  const end = lineEnd(buffer);
  if (end < text.length) return edit.bufferOf(text.slice(0, start) + text.slice(end + 1), start);
  if (start === 0) return edit.bufferOf('', 0);
  const kept = text.slice(0, start - 1);
  return edit.bufferOf(kept, kept.lastIndexOf('\n') + 1);
}
