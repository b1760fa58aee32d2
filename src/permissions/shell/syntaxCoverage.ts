import type { SyntaxNode } from './bashParser.js';

/**
 * Fail-closed against grammar surprises: every command or substitution in
 * the tree must have been reached by the walk. One we did not reach is a
 * construct we do not model (it could hide `rm`), so the command asks.
 */
export function firstUnreachedCommand(root: SyntaxNode, visited: ReadonlySet<number>): string | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) continue;
    const tracked = node.type === 'command' || node.type === 'command_substitution' || node.type === 'process_substitution';
    if (tracked && !visited.has(node.id)) return node.text;
    for (const child of node.children) if (child) stack.push(child);
  }
  return undefined;
}

export function firstErrorText(root: SyntaxNode): string {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (node.type === 'ERROR' || node.isMissing) return JSON.stringify(node.text.slice(0, 40) || node.type);
    for (const child of [...node.children].reverse()) if (child) stack.push(child);
  }
  return '(unknown)';
}
