import { describe, expect, it } from 'vitest';
import { compileHookMatcher } from '../../src/hooks/hookMatcher.js';

const matches = (pattern: string, name: string): boolean => {
  const compiled = compileHookMatcher(pattern);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matcher.matches(name);
};

describe('hook matchers', () => {
  const table: [pattern: string, name: string, expected: boolean][] = [
    ['', 'Bash', true],
    ['*', 'mcp__github__create_issue', true],
    ['Bash', 'Bash', true],
    ['Bash', 'bash', false],
    ['Edit', 'NotebookEdit', false],
    ['Edit|Write', 'Write', true],
    ['Edit|Write', 'Read', false],
    ['Notebook.*', 'NotebookEdit', true],
    ['mcp__github__.*', 'mcp__github__create_issue', true],
    ['mcp__github__.*', 'mcp__gitlab__create_issue', false],
    ['mcp__memory__create_entities', 'mcp__memory__create_entities', true],
    ['mcp__.*__write.*', 'mcp__fs__write_file', true],
  ];
  for (const [pattern, name, expected] of table) {
    it(`${JSON.stringify(pattern)} ${expected ? 'matches' : 'does not match'} ${name}`, () => expect(matches(pattern, name)).toBe(expected));
  }
  it('an invalid regular expression is an error, not a hook that never runs', () => {
    const compiled = compileHookMatcher('Bash(');
    expect(compiled.ok).toBe(false);
  });
});
