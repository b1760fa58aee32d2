// Rule syntax: parsing, CLI splitting, CLAUDE.md lines, settings.json — and
// errors that name file:line instead of silently dropping a rule.
import { describe, expect, it } from 'vitest';
import { parseRule, splitRuleList } from '../../src/permissions/rules/parseRule.js';
import { parseClaudeMdRules, parseCliRules, parseSettingsJson } from '../../src/permissions/rules/ruleFileParsers.js';
import { ruleNameCovers, type CallTool } from '../../src/permissions/rules/toolFamilies.js';

const REPO = { kind: 'claudeMd', origin: 'CLAUDE.md', fromRepository: true } as const;
const SETTINGS = { kind: 'projectSettings', origin: '.claude/settings.json', fromRepository: true } as const;

describe('parseRule', () => {
  it.each([
    ['Bash', 'Bash', undefined],
    ['bash(git commit*)', 'Bash', 'git commit*'],
    ['BASH(npm run test:*)', 'Bash', 'npm run test:*'],
    ['Bash(*)', 'Bash', undefined],
    ['read(./.env)', 'Read', './.env'],
    ['Edit(src/**/*.ts)', 'Edit', 'src/**/*.ts'],
    ['WebFetch(domain:example.com)', 'WebFetch', 'domain:example.com'],
    ['mcp__github', 'mcp__github', undefined],
    ['mcp__github__create_issue', 'mcp__github__create_issue', undefined],
    ['mcp__github__*', 'mcp__github__*', undefined],
    ['Grep(src/**)', 'Grep', 'src/**'],
    ['WebSearch(x)', 'WebSearch', 'x'],
    ['Bash(echo (nested) parens)', 'Bash', 'echo (nested) parens'],
  ])('%s', (text, tool, specifier) => {
    const parsed = parseRule(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect([parsed.value.toolName, parsed.value.specifier]).toEqual([tool, specifier]);
  });

  it.each([
    ['', 'empty rule'],
    ['Bash(', 'missing its closing parenthesis'],
    ['Bash()', 'empty specifier'],
    ['Bаsh(ls)', 'non-ASCII'],
    ['WebFetch(example.com)', 'domain:'],
    ['Bash(git:* log)', 'only allowed at the end'],
    ['mcp__x(y)', 'MCP rules take no specifier'],
    ['not a tool', 'is not a tool name'],
  ])('rejects %j', (text, message) => {
    const parsed = parseRule(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe('splitRuleList (CLI flags)', () => {
  it.each([
    [['Bash(git log:*),Read'], ['Bash(git log:*)', 'Read']],
    [['Bash(git commit -m *) Edit'], ['Bash(git commit -m *)', 'Edit']],
    [['Bash(echo a,b), Read', 'Grep'], ['Bash(echo a,b)', 'Read', 'Grep']],
    [['  '], []],
  ])('%j', (values, expected) => expect(splitRuleList(values)).toEqual(expected));

  it('names the flag in errors', () => {
    const parsed = parseCliRules(['Bash(ls),Bаd'], 'allow', '--allowedTools');
    expect(parsed.rules.map((r) => r.rule.text)).toEqual(['Bash(ls)']);
    expect(parsed.errors[0]?.file).toBe('--allowedTools');
  });
});

describe('CLAUDE.md rule lines', () => {
  const text = [
    '# Project notes', // a heading is a comment
    'Allow: is prose, not a rule (capitalised)',
    'allow: Bash(git commit*)   # commit freely',
    '- deny: Read(.env), Edit(.env)',
    '  * ask: Bash(git push*)',
    'deny: Bash(echo #not-a-comment-inside-parens)',
    'Some instruction for the model.',
  ].join('\n');

  it('reads allow/ask/deny lines with their line numbers', () => {
    const parsed = parseClaudeMdRules(text, REPO);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rules.map((r) => [r.behavior, r.rule.text, r.source.line])).toEqual([
      ['allow', 'Bash(git commit*)', 3],
      ['deny', 'Read(.env)', 4],
      ['deny', 'Edit(.env)', 4],
      ['ask', 'Bash(git push*)', 5],
      ['deny', 'Bash(echo #not-a-comment-inside-parens)', 6],
    ]);
  });

  it('reports a malformed rule with its line', () => {
    const parsed = parseClaudeMdRules('ok line\n\ndeny: Bash(rm -rf*', REPO);
    expect(parsed.errors).toEqual([{ file: 'CLAUDE.md', line: 3, message: expect.stringContaining('closing parenthesis') }]);
  });
});

describe('settings.json', () => {
  it('reads rules, defaultMode and additionalDirectories with line numbers', () => {
    const text = '{\n  "permissions": {\n    "allow": [\n      "Bash(npm test)",\n      "Read(**)"\n    ],\n    "deny": ["Read(.env)"],\n    "defaultMode": "acceptEdits",\n    "additionalDirectories": ["../lib"]\n  }\n}\n';
    const parsed = parseSettingsJson(text, SETTINGS);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rules.map((r) => [r.behavior, r.rule.text, r.source.line])).toEqual([
      ['allow', 'Bash(npm test)', 4],
      ['allow', 'Read(**)', 5],
      ['deny', 'Read(.env)', 7],
    ]);
    expect(parsed.permissions).toEqual({ defaultMode: 'acceptEdits', additionalDirectories: ['../lib'] });
  });

  it.each([
    ['{\n  "permissions": {\n    "allow": [\n      "Bash(ls"\n    ]\n  }\n}', 4, 'closing parenthesis'],
    ['{\n  "permissions": {\n    "allow": "Bash(ls)"\n  }\n}', 3, 'must be an array'],
    ['{\n  "permissions": {\n    "defaultMode": "yolo"\n  }\n}', 3, 'defaultMode'],
    ['{\n  "permissions": {\n    "allow": [1]\n  }\n}', 3, 'must be strings'],
    ['{\n  "permissions": [\n  ]\n}', 2, 'must be an object'],
  ])('errors name the line: %j', (text, line, message) => {
    const parsed = parseSettingsJson(text, SETTINGS);
    expect(parsed.errors[0]).toEqual({ file: '.claude/settings.json', line, message: expect.stringContaining(message) });
  });

  it('reports invalid JSON with a line', () => {
    const parsed = parseSettingsJson('{\n  "permissions": {\n    "allow": [,]\n  }\n}', SETTINGS);
    expect(parsed.errors[0]?.line).toBe(3);
    expect(parsed.errors[0]?.message).toContain('invalid JSON');
  });

  it('ignores settings without permissions', () => {
    expect(parseSettingsJson('{"env": {}}', SETTINGS)).toMatchObject({ rules: [], errors: [] });
  });
});

describe('tool coverage: from what a tool declares, never from a table of names', () => {
  const editor = (name: string): CallTool => ({ name, family: 'edit' });
  const reader = (name: string): CallTool => ({ name, family: 'read' });
  const other = (name: string, aliases?: string[]): CallTool => ({ name, family: 'other', ...(aliases ? { aliases } : {}) });
  it.each([
    ['Bash', { name: 'bash', family: 'execute' } as CallTool, true],
    ['Bash', { name: 'PowerShell', family: 'execute' } as CallTool, true],
    ['Edit', editor('Write'), true],
    ['Edit', editor('SomeEditorNobodyListed'), true],
    ['Edit', editor('NotebookEdit'), true],
    ['Edit', reader('Read'), false],
    ['Read', reader('Grep'), true],
    ['Read', reader('Glob'), true],
    ['Read', other('TodoWrite'), false],
    ['Write', editor('Edit'), false],
    ['grep', reader('Grep'), true],
    ['Shout', other('Echo', ['Shout']), true],
    ['WebFetch', { name: 'Fetcher', family: 'network' } as CallTool, true],
    ['mcp__github', other('mcp__github__create_issue'), true],
    ['mcp__github__*', other('mcp__github__create_issue'), true],
    ['mcp__github', other('mcp__githubx__tool'), false],
    ['mcp__github__create_issue', other('mcp__github__delete_repo'), false],
  ])('%s covers %j: %s', (rule, call, covers) => expect(ruleNameCovers(rule, call)).toBe(covers));
});
