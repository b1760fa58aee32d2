/**
 * WebFetch(url, prompt?): reads a web page for the model. The page is
 * fetched under fetchPage's rules, turned into text (HTML -> markdown),
 * cached for 15 minutes by URL, and — when there is a prompt — answered by
 * a fast model so the conversation gets the answer, not the page.
 *
 * Permission is the general system's (rule form `WebFetch(domain:host)`);
 * it reads `input.url`, so the schema field name is part of that contract.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { errorMessageOf } from '../../utils/errors.js';
import { fastModelFromEnv } from '../../services/api/models.js';
import { answerFromPage } from './answerFromPage.js';
import { decodeText } from './contentKind.js';
import { TtlCache } from './fetchCache.js';
import { fetchPage, formatBytes, type FetchedBody } from './fetchPage.js';
import { htmlToMarkdown } from './htmlToMarkdown.js';
import { MAX_CONTENT_CHARS, WEB_FETCH_TOOL_NAME, webFetchPrompt } from './prompt.js';
import { isHostAllowed } from '../../sandbox/allowedDomains.js';
import { checkFetchUrl, upgradeToHttps } from './urlPolicy.js';

export type WebFetchInput = { readonly url: string; readonly prompt?: string };

export type WebFetchOutput =
  | {
      readonly kind: 'page';
      readonly url: string;
      readonly finalUrl: string;
      readonly status: number;
      readonly mediaType: string;
      readonly bytes: number;
      /** Part of the page was not read or not kept (size limits). */
      readonly truncated: boolean;
      readonly fromCache: boolean;
      readonly durationMs: number;
      /** The fast model's answer, or the page text when there was no prompt. */
      readonly result: string;
      readonly answeredBy?: string;
    }
  | { readonly kind: 'cross_host_redirect'; readonly url: string; readonly redirectUrl: string; readonly status: number }
  | { readonly kind: 'error'; readonly url: string; readonly message: string };

/** A fetched page as cached: already converted and capped, so a hit costs no work. */
type CachedPage = {
  readonly finalUrl: string;
  readonly status: number;
  readonly mediaType: string;
  readonly bytes: number;
  readonly truncated: boolean;
  readonly text: string;
};

const CACHE_TTL_MS = 15 * 60 * 1000;
const CACHE_MAX_ENTRIES = 64;
const DEFAULT_TIMEOUT_MS = 60_000;

const pageCache = new TtlCache<CachedPage>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });

/** Empties the page cache (tests; a future /clear). */
export function clearWebFetchCache(): void {
  pageCache.clear();
}

export const WebFetchTool = buildTool<WebFetchInput, WebFetchOutput>({
  name: WEB_FETCH_TOOL_NAME,
  searchHint: 'fetch read web page url documentation http',
  // Rarely needed: withheld behind ToolSearch when deferral is on (large MCP tool sets), always sent otherwise.
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({
      url: z.string().describe('The complete http(s) URL to fetch'),
      prompt: z.string().optional().describe('What to find out from the page; answered by a fast model'),
    }),
  description: (input) => `Fetch ${input?.url ?? 'a web page'}`,
  prompt: webFetchPrompt,
  family: 'network',
  declareFacts: (input) => ({ url: input.url }),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: MAX_CONTENT_CHARS + 2_000,
  async validateInput(input, context) {
    const check = checkFetchUrl(input.url);
    if (!check.ok) return { result: false, message: check.message };
    // sandbox.network.allowedDomains holds for WebFetch as for Bash: one list of places data may go.
    const allowedDomains = context.appState.get().toolPermissionContext.sandbox?.settings.allowedDomains ?? [];
    if (allowedDomains.length > 0 && !isHostAllowed(check.url.hostname, allowedDomains)) {
      return { result: false, message: `${check.url.hostname} is not in sandbox.network.allowedDomains (${allowedDomains.join(', ')}); WebFetch reaches only those hosts. Ask the user to add it to the settings if it is needed.` };
    }
    return { result: true };
  },
  async call(input, context) {
    const started = Date.now();
    const check = checkFetchUrl(input.url);
    if (!check.ok) return { data: { kind: 'error', url: input.url, message: check.message } };
    const key = upgradeToHttps(check.url).href;

    let page = pageCache.get(key);
    const fromCache = page !== undefined;
    if (!page) {
      const fetched = await fetchPage(check.url, { signal: context.abortSignal, timeoutMs: timeoutFromEnv() });
      if (fetched.kind === 'cross_host_redirect') {
        return { data: { kind: 'cross_host_redirect', url: fetched.from, redirectUrl: fetched.to, status: fetched.status } };
      }
      if (fetched.kind === 'failed') return { data: { kind: 'error', url: key, message: fetched.message } };
      const converted = await pageFromBody(fetched.fetched, context.abortSignal);
      if (!converted.ok) return { data: { kind: 'error', url: key, message: converted.message } };
      page = converted.page;
      pageCache.set(key, page);
    }

    const base = {
      kind: 'page' as const,
      url: key,
      finalUrl: page.finalUrl,
      status: page.status,
      mediaType: page.mediaType,
      bytes: page.bytes,
      truncated: page.truncated,
      fromCache,
    };
    const prompt = input.prompt?.trim();
    if (!prompt) return { data: { ...base, durationMs: Date.now() - started, result: page.text } };
    if (!context.modelClient) {
      const result = `(No model is available here to answer the prompt, so this is the page text.)\n\n${page.text}`;
      return { data: { ...base, durationMs: Date.now() - started, result } };
    }
    const model = fastModelFromEnv();
    try {
      const answer = await answerFromPage({
        modelClient: context.modelClient,
        model,
        url: page.finalUrl,
        content: page.text,
        prompt,
        signal: context.abortSignal,
      });
      return { data: { ...base, durationMs: Date.now() - started, result: answer, answeredBy: model } };
    } catch (error) {
      if (context.abortSignal.aborted) throw error;
      return {
        data: {
          kind: 'error',
          url: key,
          message: `Fetched ${page.finalUrl}, but the model that answers prompts (${model}, set by AGENTCLI_FAST_MODEL) failed: ${errorMessageOf(error)}. Call WebFetch again without a prompt to get the page text itself.`,
        },
      };
    }
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    return { type: 'tool_result', tool_use_id: toolUseId, content: resultText(output), ...(output.kind === 'error' ? { is_error: true } : {}) };
  },
  ui: () => import('./UI.js'),
});

function resultText(output: WebFetchOutput): string {
  switch (output.kind) {
    case 'error':
      return output.message;
    case 'cross_host_redirect':
      return [
        `${output.url} redirects (HTTP ${output.status}) to a different host: ${output.redirectUrl}`,
        `WebFetch does not follow redirects to other hosts. If that is the page you want, call WebFetch again with url "${output.redirectUrl}".`,
      ].join('\n');
    case 'page': {
      const facts = [`HTTP ${output.status}`, output.mediaType || 'no content type', formatBytes(output.bytes)];
      if (output.fromCache) facts.push('from cache');
      const redirected = output.finalUrl !== output.url ? ` (redirected from ${output.url})` : '';
      const lines = [`Fetched ${output.finalUrl}${redirected} — ${facts.join(', ')}.`];
      if (output.truncated) lines.push('The page was too large and was cut off; only its first part was read.');
      if (output.answeredBy) lines.push(`Answer from ${output.answeredBy}, which read the page:`);
      return `${lines.join('\n')}\n\n${output.result}`;
    }
  }
}

type Converted = { readonly ok: true; readonly page: CachedPage } | { readonly ok: false; readonly message: string };

async function pageFromBody(fetched: FetchedBody, signal: AbortSignal): Promise<Converted> {
  const charset = fetched.charset ?? (fetched.kind === 'html' ? metaCharset(fetched.body) : undefined);
  const decoded = decodeText(fetched.body, charset);
  let text = decoded;
  let truncated = fetched.truncated;
  if (fetched.kind === 'html') {
    const conversion = await htmlToMarkdown(decoded, signal);
    if (!conversion.ok) return { ok: false, message: `Fetched ${fetched.finalUrl}, but ${conversion.message}.` };
    text = conversion.markdown;
    truncated ||= conversion.truncated;
  }
  if (text.length > MAX_CONTENT_CHARS) {
    text = text.slice(0, MAX_CONTENT_CHARS);
    truncated = true;
  }
  if (text.trim() === '') text = '(The page has no readable text.)';
  return {
    ok: true,
    page: { finalUrl: fetched.finalUrl, status: fetched.status, mediaType: fetched.mediaType, bytes: fetched.body.length, truncated, text },
  };
}

/** `<meta charset="...">` near the top of an HTML page whose header named no charset. */
function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2_048).toString('latin1');
  return /<meta[^>]{0,200}?charset=["']?([\w-]{1,40})/i.exec(head)?.[1];
}

function timeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number.parseInt(env.AGENTCLI_WEB_FETCH_TIMEOUT_MS ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}
