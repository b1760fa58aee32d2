/**
 * Tool names as rules spell them. Matching is case-insensitive and goes
 * through aliases (`bash(...)` is `Bash(...)`, `Agent` is `Task`), and
 * each tool belongs to the family its path rules speak for: an `Edit(...)`
 * rule covers every editing tool, a `Read(...)` rule every reading tool.
 */
export type ToolFamily = 'bash' | 'read' | 'edit' | 'webfetch' | 'mcp' | 'other';

type KnownTool = { readonly name: string; readonly family: ToolFamily; readonly aliases?: readonly string[] };

const KNOWN_TOOLS: readonly KnownTool[] = [
  { name: 'Bash', family: 'bash', aliases: ['Shell'] },
  { name: 'Read', family: 'read', aliases: ['FileRead', 'View'] },
  { name: 'Glob', family: 'read' },
  { name: 'Grep', family: 'read' },
  { name: 'LS', family: 'read' },
  { name: 'NotebookRead', family: 'read' },
  { name: 'Edit', family: 'edit', aliases: ['FileEdit'] },
  { name: 'MultiEdit', family: 'edit' },
  { name: 'Write', family: 'edit', aliases: ['FileWrite'] },
  { name: 'NotebookEdit', family: 'edit' },
  { name: 'WebFetch', family: 'webfetch' },
  { name: 'WebSearch', family: 'other' },
  { name: 'Task', family: 'other', aliases: ['Agent'] },
  { name: 'TodoWrite', family: 'other' },
  { name: 'ExitPlanMode', family: 'other' },
  { name: 'ToolSearch', family: 'other' },
  { name: 'BashOutput', family: 'other' },
  { name: 'KillShell', family: 'other', aliases: ['KillBash'] },
];

const BY_LOWER_NAME = new Map<string, KnownTool>();
for (const tool of KNOWN_TOOLS) {
  BY_LOWER_NAME.set(tool.name.toLowerCase(), tool);
  for (const alias of tool.aliases ?? []) BY_LOWER_NAME.set(alias.toLowerCase(), tool);
}

/** ASCII identifiers only: a look-alike letter (Cyrillic а in `Bаsh`) is an error, not a new tool. */
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function isValidToolName(name: string): boolean {
  return TOOL_NAME.test(name) || /^mcp__[A-Za-z0-9_-]+__\*$/.test(name);
}

/** The canonical spelling: known tools by their table name; MCP and unknown tools as written. */
export function canonicalToolName(name: string): string {
  return BY_LOWER_NAME.get(name.toLowerCase())?.name ?? name;
}

export function toolFamily(name: string): ToolFamily {
  if (name.toLowerCase().startsWith('mcp__')) return 'mcp';
  return BY_LOWER_NAME.get(name.toLowerCase())?.family ?? 'other';
}

/** Families whose rules take a specifier, and what kind. */
export function specifierKind(name: string): 'command' | 'path' | 'domain' | 'none' {
  const family = toolFamily(name);
  if (family === 'bash') return 'command';
  if (family === 'read' || family === 'edit') return 'path';
  if (family === 'webfetch') return 'domain';
  return 'none';
}

export function isKnownTool(name: string): boolean {
  return BY_LOWER_NAME.has(name.toLowerCase());
}

/**
 * Whether a rule naming `ruleTool` applies to a call of `callTool`.
 * `mcp__server` covers all that server's tools, `mcp__server__*` likewise;
 * Edit rules cover every editing tool and Read rules every reading tool.
 */
export function ruleToolCovers(ruleTool: string, callTool: string): boolean {
  const rule = canonicalToolName(ruleTool);
  const call = canonicalToolName(callTool);
  if (rule.toLowerCase() === call.toLowerCase()) return true;
  if (toolFamily(rule) === 'mcp') {
    const ruleLower = rule.toLowerCase().replace(/__\*$/, '');
    const callLower = call.toLowerCase();
    const ruleParts = ruleLower.split('__');
    return ruleParts.length === 2 && callLower.startsWith(`${ruleLower}__`);
  }
  if (rule === 'Edit') return toolFamily(call) === 'edit';
  if (rule === 'Read') return toolFamily(call) === 'read';
  return false;
}
