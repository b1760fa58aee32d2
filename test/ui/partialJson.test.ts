import { describe, expect, it } from 'vitest';
import { parsePartialJson } from '../../src/ui/tools/partialJson.js';

describe('parsePartialJson', () => {
  it.each([
    ['', undefined],
    ['{', {}],
    ['{"command": "npm te', { command: 'npm te' }],
    ['{"command": "npm test", "desc', { command: 'npm test' }],
    ['{"a": 1, "b": tru', { a: 1 }],
    // A number at the very end may still be growing: it waits for its delimiter.
    ['{"a": 12', {}],
    ['{"a": 12,', { a: 12 }],
    ['{"list": ["x", "y', { list: ['x', 'y'] }],
    ['{"nested": {"k": "v"}, "n": ', { nested: { k: 'v' } }],
    ['{"path": "C:\\\\dir\\', { path: 'C:\\dir' }],
    ['{"done": true}', { done: true }],
  ])('%j → %j', (text, expected) => {
    expect(parsePartialJson(text)).toEqual(expected);
  });
});
