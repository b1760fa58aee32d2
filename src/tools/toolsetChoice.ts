/**
 * `--tools <list>`: which built-in tools the model is offered at all, as
 * Claude Code reads it — `default` (every built-in), `""` (none) or names
 * separated by commas or spaces (`Read,Grep,Bash`). This narrows the pool;
 * it is not a permission rule (those are --allowedTools/--disallowedTools),
 * and MCP tools are not affected (they come from --mcp-config and settings).
 */
export type ToolsetChoice =
  | { readonly kind: 'default' }
  | { readonly kind: 'names'; readonly names: readonly string[] };

export function parseToolsetChoice(text: string): ToolsetChoice {
  const trimmed = text.trim();
  if (trimmed === 'default') return { kind: 'default' };
  const names = trimmed.split(/[\s,]+/).filter((name) => name !== '');
  return { kind: 'names', names: [...new Set(names)] };
}
