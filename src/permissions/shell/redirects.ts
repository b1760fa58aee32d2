/**
 * Reads one redirection node. Write redirections are edits of their target
 * (`> f`, `>> f`, `>| f`, `&> f`, `>& f`); `< f` reads it; fd duplication
 * (`2>&1`) and closing (`>&-`) touch no file. tree-sitter-bash attaches any
 * words after a redirection's target to the redirection (`echo >&2 hi`), so
 * those come back as extra arguments of the command, never dropped.
 */
import type { SyntaxNode } from './bashParser.js';
import type { Redirect, ShellConcern } from './shellTypes.js';
import { expandWord, type ExpandedWord, type KnownValues } from './wordExpansion.js';

export type ParsedRedirect = {
  readonly redirects: readonly Redirect[];
  readonly extraArguments: readonly ExpandedWord[];
  readonly concerns: readonly ShellConcern[];
  /** Statements that tree-sitter nests in a here-doc redirect (`cat <<EOF | sh`). */
  readonly statements: readonly SyntaxNode[];
  /** Word nodes that may hold `$(…)` to walk (here-doc bodies, here-strings, targets). */
  readonly wordNodes: readonly SyntaxNode[];
};

const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>']);
const READ_OPERATORS = new Set(['<']);
const DUPLICATE_OPERATORS = new Set(['>&', '<&']);
const CLOSE_OPERATORS = new Set(['>&-', '<&-']);

export function parseRedirect(node: SyntaxNode, known: KnownValues): ParsedRedirect {
  if (node.type === 'file_redirect') return fileRedirect(node, known);
  if (node.type === 'herestring_redirect') {
    return { redirects: [], extraArguments: [], concerns: [], statements: [], wordNodes: node.namedChildren.filter(isNode) };
  }
  if (node.type === 'heredoc_redirect') return heredocRedirect(node, known);
  return empty({ concerns: [{ kind: 'unparseable', detail: `unsupported redirection ${node.type}` }] });
}

function fileRedirect(node: SyntaxNode, known: KnownValues): ParsedRedirect {
  const operator = node.children.find((child) => child !== null && !child.isNamed)?.type ?? '';
  const destinations = node.childrenForFieldName('destination').filter(isNode);
  const [target, ...rest] = destinations;
  const extraArguments = rest.flatMap((word) => expandWord(word, known));
  const wordNodes = destinations;
  if (CLOSE_OPERATORS.has(operator)) return { ...empty({ wordNodes }), extraArguments };
  if (!target) return empty({ concerns: [{ kind: 'unparseable', detail: `redirection without a target: ${node.text}` }] });
  if (target.type === 'process_substitution') return { ...empty({ wordNodes }), extraArguments };
  const [targetWord, ...more] = expandWord(target, known);
  if (!targetWord || more.length > 0) {
    return empty({ concerns: [{ kind: 'unparseable', detail: `ambiguous redirection target ${target.text}` }] });
  }
  let access: Redirect['access'] | undefined;
  if (WRITE_OPERATORS.has(operator)) access = 'write';
  else if (READ_OPERATORS.has(operator)) access = 'read';
  else if (DUPLICATE_OPERATORS.has(operator)) {
    // `2>&1` duplicates a descriptor; `>&file` (not a number) writes the file.
    if (targetWord.kind === 'static' && /^\d+-?$|^-$/.test(targetWord.text)) return { ...empty({ wordNodes }), extraArguments };
    access = operator === '>&' ? 'write' : 'read';
  }
  if (!access) return empty({ concerns: [{ kind: 'unparseable', detail: `unsupported redirection operator ${operator}` }] });
  return { redirects: [{ access, target: targetWord, text: node.text }], extraArguments, concerns: [], statements: [], wordNodes };
}

function heredocRedirect(node: SyntaxNode, known: KnownValues): ParsedRedirect {
  const start = node.children.find((child) => child?.type === 'heredoc_start');
  const quotedDelimiter = start ? /['"\\]/.test(start.text) : false;
  const redirects: Redirect[] = [];
  const extraArguments: ExpandedWord[] = [];
  const concerns: ShellConcern[] = [];
  const statements: SyntaxNode[] = [];
  const wordNodes: SyntaxNode[] = [];
  for (const child of node.namedChildren) {
    if (!child || child.type === 'heredoc_start' || child.type === 'heredoc_end') continue;
    if (child.type === 'heredoc_body') {
      // With a quoted delimiter the body is literal text; otherwise `$(…)` in it runs.
      if (!quotedDelimiter) wordNodes.push(child);
    } else if (child.type.endsWith('_redirect')) {
      const inner = parseRedirect(child, known);
      redirects.push(...inner.redirects);
      extraArguments.push(...inner.extraArguments);
      concerns.push(...inner.concerns);
      statements.push(...inner.statements);
      wordNodes.push(...inner.wordNodes);
    } else {
      statements.push(child);
    }
  }
  return { redirects, extraArguments, concerns, statements, wordNodes };
}

function empty(partial: Partial<ParsedRedirect>): ParsedRedirect {
  return { redirects: [], extraArguments: [], concerns: [], statements: [], wordNodes: [], ...partial };
}

function isNode(node: SyntaxNode | null): node is SyntaxNode {
  return node !== null;
}
