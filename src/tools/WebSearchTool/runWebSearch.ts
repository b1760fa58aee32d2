/**
 * One web search through the API's server-side web search tool. We send a
 * small side request whose only tool is `web_search` (configured with the
 * call's allowed/blocked domains); the API runs the searches and answers
 * with server_tool_use / web_search_tool_result blocks and a written
 * summary, which we reduce to plain sources + summary for the main model.
 */
import type {
  ContentBlock,
  ContentBlockParam,
  MessageParam,
  WebSearchTool20250305,
  WebSearchToolResultBlockParamContent,
} from '@anthropic-ai/sdk/resources/messages';
import type { ModelClient } from '../../contract/modelClient.js';

/** The widely available version; newer ones add features (dynamic filtering) some models lack. */
export const WEB_SEARCH_TOOL_TYPE = 'web_search_20250305';
/** Searches the API may run for one WebSearch call. */
export const MAX_SEARCHES_PER_CALL = 5;
const SEARCH_MAX_TOKENS = 4_096;
/** A long server-side turn comes back as `pause_turn`; we let it go on a few times. */
const MAX_CONTINUATIONS = 3;
const MAX_SUMMARY_CHARS = 20_000;

export type WebSearchHit = { readonly title: string; readonly url: string; readonly pageAge?: string };
export type SearchRun =
  | { readonly query: string; readonly hits: readonly WebSearchHit[] }
  | { readonly query: string; readonly errorCode: string };

export type WebSearchFindings = { readonly searches: readonly SearchRun[]; readonly summary: string };

export type WebSearchRequest = {
  readonly modelClient: ModelClient;
  readonly model: string;
  readonly query: string;
  readonly allowedDomains?: readonly string[];
  readonly blockedDomains?: readonly string[];
  readonly signal: AbortSignal;
};

const SYSTEM_PROMPT = `You run web searches for a coding agent. Search for the user's query (more than one search if the first results are thin), then summarise what the results say that answers it, in a few short paragraphs or bullet points. Keep version numbers, commands and API names exact, and mention which source says what.`;

export function webSearchToolDefinition(request: Pick<WebSearchRequest, 'allowedDomains' | 'blockedDomains'>): WebSearchTool20250305 {
  return {
    type: WEB_SEARCH_TOOL_TYPE,
    name: 'web_search',
    max_uses: MAX_SEARCHES_PER_CALL,
    ...(request.allowedDomains?.length ? { allowed_domains: [...request.allowedDomains] } : {}),
    ...(request.blockedDomains?.length ? { blocked_domains: [...request.blockedDomains] } : {}),
  };
}

export async function runWebSearch(request: WebSearchRequest): Promise<WebSearchFindings> {
  const messages: MessageParam[] = [{ role: 'user', content: `Search the web for: ${request.query}` }];
  const blocks: ContentBlock[] = [];
  for (let continuation = 0; ; continuation++) {
    const response = await request.modelClient.createMessage(
      {
        model: request.model,
        max_tokens: SEARCH_MAX_TOKENS,
        system: [{ type: 'text', text: SYSTEM_PROMPT }],
        messages,
        tools: [webSearchToolDefinition(request)],
      },
      request.signal,
    );
    blocks.push(...response.content);
    if (response.stop_reason !== 'pause_turn' || continuation >= MAX_CONTINUATIONS) break;
    // The API resumes a paused turn when its own blocks are sent back as the last assistant message.
    messages.splice(1, messages.length - 1, { role: 'assistant', content: blocks.flatMap(toBlockParam) });
  }
  return findingsOf(blocks);
}

/** Every source once, in the order the searches found them. */
export function uniqueHits(searches: readonly SearchRun[]): WebSearchHit[] {
  const seen = new Set<string>();
  const hits: WebSearchHit[] = [];
  for (const search of searches) {
    if (!('hits' in search)) continue;
    for (const hit of search.hits) {
      if (seen.has(hit.url)) continue;
      seen.add(hit.url);
      hits.push(hit);
    }
  }
  return hits;
}

function findingsOf(blocks: readonly ContentBlock[]): WebSearchFindings {
  const queries = new Map<string, string>();
  const searches: SearchRun[] = [];
  const summary: string[] = [];
  for (const block of blocks) {
    if (block.type === 'server_tool_use' && block.name === 'web_search') {
      queries.set(block.id, queryOf(block.input));
    } else if (block.type === 'web_search_tool_result') {
      const query = queries.get(block.tool_use_id) ?? '';
      if (Array.isArray(block.content)) {
        const hits = block.content.map((result) => ({
          title: result.title || result.url,
          url: result.url,
          ...(result.page_age ? { pageAge: result.page_age } : {}),
        }));
        searches.push({ query, hits });
      } else {
        searches.push({ query, errorCode: block.content.error_code });
      }
    } else if (block.type === 'text') {
      summary.push(block.text);
    }
  }
  const text = summary.join('').trim();
  return { searches, summary: text.length > MAX_SUMMARY_CHARS ? `${text.slice(0, MAX_SUMMARY_CHARS)}…` : text };
}

function queryOf(input: unknown): string {
  if (typeof input === 'object' && input !== null && 'query' in input && typeof input.query === 'string') return input.query;
  return '';
}

/** Response blocks as request blocks, for resuming a paused turn; only the kinds a search produces. */
function toBlockParam(block: ContentBlock): ContentBlockParam[] {
  switch (block.type) {
    case 'text':
      return block.text.trim() ? [{ type: 'text', text: block.text }] : [];
    case 'server_tool_use':
      return [{ type: 'server_tool_use', id: block.id, name: block.name, input: block.input }];
    case 'web_search_tool_result': {
      const content: WebSearchToolResultBlockParamContent = Array.isArray(block.content)
        ? block.content.map((result) => ({
            type: 'web_search_result',
            title: result.title,
            url: result.url,
            encrypted_content: result.encrypted_content,
            page_age: result.page_age,
          }))
        : { type: 'web_search_tool_result_error', error_code: block.content.error_code };
      return [{ type: 'web_search_tool_result', tool_use_id: block.tool_use_id, content }];
    }
    default:
      return [];
  }
}
