// The fast path of terminalStringWidth must agree with string-width for every
// code point it takes, or Ink would misplace columns.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import terminalStringWidth, { SINGLE_COLUMN_TEXT } from '../../src/ui/terminalStringWidth.js';

describe('terminalStringWidth', () => {
  it('agrees with string-width on every code point its fast path takes', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const text = String.fromCharCode(code);
      if (!SINGLE_COLUMN_TEXT.test(text)) continue;
      if (terminalStringWidth(text) !== stringWidth(text)) disagreements.push(code.toString(16));
    }
    expect(disagreements).toEqual([]);
  });

  it.each(['╭──╮ agentcli', '● Read(notes.md)', '  ⎿ 40 lines', 'héllo 世界', '👍🏽 done', 'e\u0301', '\u001B[31mred\u001B[39m', '◽', '\u00ad'])('%j measures as string-width does', (text) => {
    expect(terminalStringWidth(text)).toBe(stringWidth(text));
  });

  it('leaves ambiguous-width characters to string-width when they count as wide', () => {
    expect(terminalStringWidth('─', { ambiguousIsNarrow: false })).toBe(stringWidth('─', { ambiguousIsNarrow: false }));
  });
});
