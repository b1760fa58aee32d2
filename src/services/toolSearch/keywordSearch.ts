/**
 * Ranks deferred tools against a keyword query. Per query word:
 *   a part of the tool's name equals it       10 (MCP tools 12)
 *   a part of the name contains it             5 (MCP tools 6)
 *   the tool's searchHint contains it          4
 *   its description contains it as a word      2
 * MCP names weigh more because their server part (`slack` in
 * `mcp__slack__send_message`) is the strongest signal a user's words carry.
 * A word written `+word` is required: tools that lack it anywhere drop out.
 */
import type { Tool } from '../../contract/tool.js';

export type SearchableTool = { readonly tool: Tool; readonly description: string };
export type ScoredTool = { readonly tool: Tool; readonly score: number };

const NAME_PART_EXACT = 10;
const MCP_NAME_PART_EXACT = 12;
const NAME_PART_CONTAINS = 5;
const MCP_NAME_PART_CONTAINS = 6;
const SEARCH_HINT = 4;
const DESCRIPTION = 2;

type QueryTerm = { readonly word: string; readonly required: boolean };

export function parseQuery(query: string): QueryTerm[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .map((raw) => ({ required: raw.startsWith('+'), word: raw.replace(/^\+/, '').replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '') }))
    .filter((term) => term.word !== '');
}

/** `mcp__github__create_issue` → mcp, github, create, issue; `NotebookEdit` → notebook, edit. */
export function nameParts(name: string): string[] {
  return name
    .split(/__|[_\-\s]+/)
    .flatMap((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' '))
    .map((part) => part.toLowerCase())
    .filter((part) => part !== '');
}

export function scoreTool(candidate: SearchableTool, terms: readonly QueryTerm[]): number {
  const { tool } = candidate;
  const isMcp = tool.isMcp === true;
  const parts = nameParts(tool.name);
  const fullName = tool.name.toLowerCase();
  const hint = (tool.searchHint ?? '').toLowerCase();
  const description = candidate.description.toLowerCase();
  let score = 0;
  for (const { word, required } of terms) {
    let termScore = 0;
    if (parts.includes(word)) termScore += isMcp ? MCP_NAME_PART_EXACT : NAME_PART_EXACT;
    else if (parts.some((part) => part.includes(word)) || fullName.includes(word)) {
      termScore += isMcp ? MCP_NAME_PART_CONTAINS : NAME_PART_CONTAINS;
    }
    if (hint.includes(word)) termScore += SEARCH_HINT;
    if (containsWord(description, word)) termScore += DESCRIPTION;
    if (required && termScore === 0) return 0;
    score += termScore;
  }
  return score;
}

/** Best first; ties by name so the same query always gives the same answer. */
export function searchTools(candidates: readonly SearchableTool[], query: string, maxResults: number): ScoredTool[] {
  const terms = parseQuery(query);
  if (terms.length === 0) return [];
  const exact = query.trim().toLowerCase();
  return candidates
    .map((candidate) => ({
      tool: candidate.tool,
      // A query that is a whole tool name means that tool, above any keyword match.
      score: candidate.tool.name.toLowerCase() === exact ? Number.MAX_SAFE_INTEGER : scoreTool(candidate, terms),
    }))
    .filter((scored) => scored.score > 0)
    .sort((a, b) => b.score - a.score || (a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : 0))
    .slice(0, maxResults);
}

function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}`, 'u').test(text);
}
