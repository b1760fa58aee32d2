import { describe, expect, it } from 'vitest';
import { finishedMarkdownEnd, splitFinishedMarkdown } from '../../src/ui/markdown/splitMarkdown.js';

describe('splitFinishedMarkdown', () => {
  it('keeps a paragraph without a blank line after it open', () => {
    expect(splitFinishedMarkdown('Hello wor')).toEqual({ finished: '', rest: 'Hello wor' });
    expect(splitFinishedMarkdown('Line one\nline two')).toEqual({ finished: '', rest: 'Line one\nline two' });
  });

  it('cuts after the last blank line', () => {
    const text = 'First paragraph.\n\nSecond one.\n\nThird, still stre';
    const { finished, rest } = splitFinishedMarkdown(text);
    expect(finished).toBe('First paragraph.\n\nSecond one.\n\n');
    expect(rest).toBe('Third, still stre');
  });

  it('never cuts inside a fenced code block, even at blank lines', () => {
    const text = 'Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n';
    expect(splitFinishedMarkdown(text).finished).toBe('Intro.\n\n');
  });

  it('cuts right after the closing fence', () => {
    const text = '```\ncode\n\nmore\n```\nAfter';
    expect(splitFinishedMarkdown(text)).toEqual({ finished: '```\ncode\n\nmore\n```\n', rest: 'After' });
  });

  it('matches fences by character and length (a ~~~ does not close ```)', () => {
    const text = '````\n```\nnot closed\n~~~\n\n';
    expect(finishedMarkdownEnd(text)).toBe(0);
  });

  it('does not treat a leading blank line as a boundary', () => {
    expect(finishedMarkdownEnd('\nabc')).toBe(0);
  });
});
