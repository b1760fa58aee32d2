import { describe, expect, it } from 'vitest';
import * as edit from '../../src/ui/input/textBuffer.js';

const at = (text: string, cursor: number) => edit.bufferOf(text, cursor);

describe('text buffer editing', () => {
  it('inserts at the cursor and moves it', () => {
    expect(edit.insertText(at('helo', 3), 'l')).toEqual({ text: 'hello', cursor: 4 });
  });

  it('deletes backward and forward, treating a surrogate pair as one character', () => {
    expect(edit.deleteBackward(at('ab😀', 4))).toEqual({ text: 'ab', cursor: 2 });
    expect(edit.deleteForward(at('😀cd', 0))).toEqual({ text: 'cd', cursor: 0 });
    expect(edit.deleteBackward(at('x', 0))).toEqual({ text: 'x', cursor: 0 });
  });

  it('moves up and down between lines keeping the column where it can', () => {
    const text = 'first line\nab\nthird line';
    expect(edit.moveUp(at(text, 13))).toEqual({ text, cursor: 2 });
    expect(edit.moveDown(at(text, 8))).toEqual({ text, cursor: 13 });
    expect(edit.moveDown(at(text, 12))).toEqual({ text, cursor: 15 });
    expect(edit.moveUp(at(text, 3)).cursor).toBe(3);
  });

  it('knows when the cursor is on the first or last line', () => {
    expect(edit.isCursorOnFirstLine(at('a\nb', 1))).toBe(true);
    expect(edit.isCursorOnFirstLine(at('a\nb', 2))).toBe(false);
    expect(edit.isCursorOnLastLine(at('a\nb', 2))).toBe(true);
  });

  it('moves and deletes by word', () => {
    expect(edit.moveWordLeft(at('git commit -m', 13)).cursor).toBe(12);
    expect(edit.moveWordLeft(at('git commit', 10)).cursor).toBe(4);
    expect(edit.moveWordRight(at('git commit', 0)).cursor).toBe(3);
    expect(edit.deleteWordBackward(at('git commit', 10))).toEqual({ text: 'git ', cursor: 4 });
  });

  it('kills to the line start and end', () => {
    expect(edit.deleteToLineStart(at('one\ntwo three', 8))).toEqual({ text: 'one\nthree', cursor: 4 });
    expect(edit.deleteToLineEnd(at('one two\nthree', 3))).toEqual({ text: 'one\nthree', cursor: 3 });
  });

  it('replaces a range for completions', () => {
    expect(edit.replaceRange(at('see @sr now', 7), 4, 7, '@src/')).toEqual({ text: 'see @src/ now', cursor: 9 });
  });
});
