/**
 * How rules name tools. The permission system knows no tool by name: every
 * tool declares its family (what kind of thing it does) and the paths, URL
 * or shell command it touches, and rules are matched against those
 * declarations.
 *
 * A rule names either one tool (by its declared name or alias,
 * case-insensitively: `grep(src/**)` is for the tool declared as `Grep`), an
 * MCP server or tool (`mcp__server`, `mcp__server__tool`), or a whole
 * family through the family's rule word: `Read(...)` speaks for every
 * reading tool, `Edit(...)` for every editing tool, `Bash(...)` for every
 * tool that runs shell commands, `WebFetch(...)` for every tool that
 * fetches URLs — and each also for the shell effects of its kind (`cat .env`
 * is a read, `> file` an edit). The rule words are part of the rule
 * language users already write, not a list of our tools.
 */
import type { ToolFamily } from '../../contract/permissions.js';

/** Who a call is, as a rule sees it: the tool's declared name, aliases and family. */
export type CallTool = { readonly name: string; readonly aliases?: readonly string[]; readonly family: ToolFamily };

export type SpecifierKind = 'command' | 'path' | 'domain' | 'none';

const FAMILY_RULE_WORDS: ReadonlyMap<string, { readonly word: string; readonly family: ToolFamily }> = new Map(
  (
    [
      ['Read', 'read'],
      ['Edit', 'edit'],
      ['Bash', 'execute'],
      ['WebFetch', 'network'],
    ] as const
  ).map(([word, family]) => [word.toLowerCase(), { word, family }]),
);

/** ASCII identifiers only: a look-alike letter (Cyrillic а in `Bаsh`) is an error, not a new tool. */
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function isValidToolName(name: string): boolean {
  return TOOL_NAME.test(name) || /^mcp__[A-Za-z0-9_-]+__\*$/.test(name);
}

export function isMcpRuleName(name: string): boolean {
  return name.toLowerCase().startsWith('mcp__');
}

/** The family a rule word speaks for (`edit` for `Edit`, any case), or undefined for a tool's own name. */
export function familyOfRuleWord(name: string): ToolFamily | undefined {
  return FAMILY_RULE_WORDS.get(name.toLowerCase())?.family;
}

/** The canonical spelling: family rule words as documented (`bash` → `Bash`); other names as written. */
export function canonicalRuleName(name: string): string {
  return FAMILY_RULE_WORDS.get(name.toLowerCase())?.word ?? name;
}

/** What a specifier means for a tool of this family. */
export function specifierKindOf(family: ToolFamily): SpecifierKind {
  switch (family) {
    case 'execute':
      return 'command';
    case 'read':
    case 'edit':
      return 'path';
    case 'network':
      return 'domain';
    case 'other':
      return 'none';
  }
}

function namesTool(ruleName: string, tool: CallTool): boolean {
  const lower = ruleName.toLowerCase();
  return tool.name.toLowerCase() === lower || (tool.aliases ?? []).some((alias) => alias.toLowerCase() === lower);
}

/**
 * Whether a rule naming `ruleName` applies to a call of `tool`: its own
 * name or alias, its MCP server (`mcp__server`, `mcp__server__*`), or its
 * family's rule word.
 */
export function ruleNameCovers(ruleName: string, tool: CallTool): boolean {
  if (namesTool(ruleName, tool)) return true;
  if (isMcpRuleName(ruleName)) {
    const server = ruleName.toLowerCase().replace(/__\*$/, '');
    return server.split('__').length === 2 && tool.name.toLowerCase().startsWith(`${server}__`);
  }
  const family = familyOfRuleWord(ruleName);
  return family !== undefined && family === tool.family;
}

/** The rule word that speaks for a family (`Edit` for edit), as suggestions spell it. */
export function familyRuleWord(family: 'read' | 'edit' | 'execute' | 'network'): string {
  for (const { word, family: candidate } of FAMILY_RULE_WORDS.values()) if (candidate === family) return word;
  throw new Error(`no rule word for ${family}`);
}
