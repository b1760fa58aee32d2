/**
 * WebSearch(query, allowed_domains?, blocked_domains?).
 *
 * Design: the main conversation offers an ordinary client tool; its call
 * runs the API's server-side web search in a side request (runWebSearch).
 * We do not put the server tool itself into the main request's tools,
 * because then:
 *   - the per-call allowed/blocked domains the model asks for could not be
 *     honoured (the server tool takes them once, in its definition);
 *   - searches would bypass the pipeline: no permission rules, no hooks, no
 *     progress, no renderers;
 *   - an Anthropic-compatible endpoint without server tools would reject
 *     every request of the session, not just the searches.
 * The side request costs one extra round-trip per search; its result is
 * small (sources and a summary), so the main context stays lean too.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { errorMessageOf } from '../../utils/errors.js';
import { WEB_SEARCH_TOOL_NAME, webSearchPrompt } from './prompt.js';
import { runWebSearch, uniqueHits, type SearchRun } from './runWebSearch.js';

export type WebSearchInput = {
  readonly query: string;
  readonly allowed_domains?: readonly string[];
  readonly blocked_domains?: readonly string[];
};

export type WebSearchOutput =
  | {
      readonly kind: 'results';
      readonly query: string;
      readonly searches: readonly SearchRun[];
      readonly summary: string;
      readonly durationMs: number;
    }
  | { readonly kind: 'error'; readonly query: string; readonly message: string };

export type WebSearchProgress = { readonly query: string };

const MAX_SOURCES_LISTED = 30;
// A host name, optionally with a path ("docs.python.org/3"); no scheme, no spaces.
const DOMAIN = /^(?!https?:)[a-z0-9*](?:[a-z0-9*-]*[a-z0-9])?(?:\.[a-z0-9-]+)+(?:\/\S*)?$/i;

const ERROR_EXPLANATIONS: Readonly<Record<string, string>> = {
  max_uses_exceeded: 'the search limit for this call was reached',
  too_many_requests: 'the search service is rate-limiting; wait a little before searching again',
  query_too_long: 'the query is too long; shorten it',
  invalid_tool_input: 'the search service did not accept the query or domain list',
  unavailable: 'the search service is unavailable right now',
  request_too_large: 'the request was too large',
};

export const WebSearchTool = buildTool<WebSearchInput, WebSearchOutput, WebSearchProgress>({
  name: WEB_SEARCH_TOOL_NAME,
  searchHint: 'search the internet web current information',
  // Rarely needed: withheld behind ToolSearch when deferral is on (large MCP tool sets), always sent otherwise.
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({
      query: z.string().trim().min(2, 'the query needs at least 2 characters'),
      allowed_domains: z.array(z.string().trim()).optional().describe('Only include results from these domains'),
      blocked_domains: z.array(z.string().trim()).optional().describe('Never include results from these domains'),
    }),
  description: (input) => `Search the web for "${input?.query ?? ''}"`,
  prompt: webSearchPrompt,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  async validateInput(input) {
    if (input.allowed_domains?.length && input.blocked_domains?.length) {
      return {
        result: false,
        message: 'Give allowed_domains or blocked_domains, not both: the search service takes one kind of list per search. Pick the one that matters and search again.',
      };
    }
    const bad = [...(input.allowed_domains ?? []), ...(input.blocked_domains ?? [])].filter((domain) => !DOMAIN.test(domain));
    if (bad.length > 0) {
      return {
        result: false,
        message: `These are not domain names: ${bad.map((domain) => `"${domain}"`).join(', ')}. Write domains as host names without a scheme, e.g. "docs.python.org".`,
      };
    }
    return { result: true };
  },
  async call(input, context, onProgress) {
    const started = Date.now();
    const query = input.query;
    if (!context.modelClient) {
      return { data: { kind: 'error', query, message: 'Web search needs the API client, and none is available in this context.' } };
    }
    onProgress({ query });
    try {
      const findings = await runWebSearch({
        modelClient: context.modelClient,
        model: context.model,
        query,
        allowedDomains: input.allowed_domains,
        blockedDomains: input.blocked_domains,
        signal: context.abortSignal,
      });
      const hits = findings.searches.flatMap((search) => ('hits' in search ? search.hits : []));
      const failures = findings.searches.flatMap((search) => ('errorCode' in search ? [search.errorCode] : []));
      if (hits.length === 0 && failures.length > 0) {
        const reasons = [...new Set(failures)].map((code) => ERROR_EXPLANATIONS[code] ?? code).join('; ');
        return { data: { kind: 'error', query, message: `The web search for "${query}" failed: ${reasons}.` } };
      }
      return { data: { kind: 'results', query, searches: findings.searches, summary: findings.summary, durationMs: Date.now() - started } };
    } catch (error) {
      if (context.abortSignal.aborted) throw error;
      return {
        data: {
          kind: 'error',
          query,
          message: `The web search for "${query}" failed: ${errorMessageOf(error)}. If this endpoint (ANTHROPIC_BASE_URL) does not support the API's server-side web search, WebSearch cannot work here; use WebFetch on a URL you know instead.`,
        },
      };
    }
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    if (output.kind === 'error') return { type: 'tool_result', tool_use_id: toolUseId, content: output.message, is_error: true };
    return { type: 'tool_result', tool_use_id: toolUseId, content: describeResults(output) };
  },
  ui: () => import('./UI.js'),
});

function describeResults(output: Extract<WebSearchOutput, { kind: 'results' }>): string {
  const lines = [`Web search for "${output.query}".`];
  const runs = output.searches.map((search) =>
    'hits' in search ? `"${search.query}" (${search.hits.length} results)` : `"${search.query}" (failed: ${search.errorCode})`,
  );
  if (runs.length > 0) lines.push(`Searches run: ${runs.join(', ')}.`);
  const hits = uniqueHits(output.searches);
  if (hits.length === 0) {
    lines.push('', 'No results were found.');
  } else {
    lines.push('', 'Sources:');
    hits.slice(0, MAX_SOURCES_LISTED).forEach((hit, index) => {
      lines.push(`${index + 1}. ${hit.title} — ${hit.url}${hit.pageAge ? ` (${hit.pageAge})` : ''}`);
    });
    if (hits.length > MAX_SOURCES_LISTED) lines.push(`… and ${hits.length - MAX_SOURCES_LISTED} more.`);
  }
  if (output.summary) lines.push('', 'What the results say:', output.summary);
  lines.push('', 'Cite the sources you rely on as markdown links [title](url). To read a page in full, use WebFetch.');
  return lines.join('\n');
}
