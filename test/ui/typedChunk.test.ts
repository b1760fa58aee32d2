import { describe, expect, it } from 'vitest';
import { splitTypedChunk } from '../../src/ui/input/typedChunk.js';

describe('splitTypedChunk', () => {
  it.each([
    ['plain', { text: 'plain', enter: false }],
    ['text then Enter\r', { text: 'text then Enter', enter: true }],
    ['\r', { text: '', enter: true }],
    ['two\rlines', { text: 'two lines', enter: false }],
  ])('%j', (input, expected) => {
    expect(splitTypedChunk(input)).toEqual(expected);
  });
});
