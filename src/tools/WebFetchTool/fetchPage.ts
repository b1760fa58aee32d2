/**
 * Fetches a URL as WebFetch's rules say: redirects on the same host are
 * followed (a bounded number of times); a redirect to another host is
 * reported, not followed, because the user's permission was for the first
 * host; binary content is refused before its body is downloaded. Every
 * outcome is a value the tool turns into text for the model.
 */
import { errorMessageOf } from '../../utils/errors.js';
import { kindOfMediaType, parseContentType, sniffKind, type ContentKind } from './contentKind.js';
import { openGet, type OpenResponse } from './httpGet.js';
import { isSameHost, upgradeToHttps } from './urlPolicy.js';

export const MAX_REDIRECTS = 10;
/** Bytes of (decompressed) body read at most; the rest is cut off. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const ERROR_BODY_BYTES = 4_096;

export type FetchedBody = {
  readonly finalUrl: string;
  readonly status: number;
  readonly mediaType: string;
  readonly charset?: string;
  readonly kind: Exclude<ContentKind, 'unknown' | 'binary'>;
  readonly body: Buffer;
  readonly truncated: boolean;
};

export type FetchPageResult =
  | { readonly kind: 'body'; readonly fetched: FetchedBody }
  | { readonly kind: 'cross_host_redirect'; readonly from: string; readonly to: string; readonly status: number }
  | { readonly kind: 'failed'; readonly message: string };

export type FetchPageOptions = {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly maxBodyBytes?: number;
};

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export async function fetchPage(start: URL, options: FetchPageOptions): Promise<FetchPageResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const failed = (message: string): FetchPageResult => ({ kind: 'failed', message });
  let url = upgradeToHttps(start);

  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await openGet(url, signal);
      if (REDIRECT_STATUSES.has(response.status)) {
        response.discard();
        const location = headerValue(response.headers.location);
        if (!location) return failed(`${url.href} answered HTTP ${response.status} (a redirect) without saying where to.`);
        let target: URL;
        try {
          target = new URL(location, url);
        } catch {
          return failed(`${url.href} redirected to "${location}", which is not a valid URL.`);
        }
        if (target.protocol !== 'http:' && target.protocol !== 'https:') {
          return failed(`${url.href} redirected to ${target.protocol}// (${location}); WebFetch only follows http and https.`);
        }
        if (!isSameHost(url, target)) {
          return { kind: 'cross_host_redirect', from: url.href, to: target.href, status: response.status };
        }
        url = upgradeToHttps(target);
        continue;
      }
      return await readResponse(url, response, options.maxBodyBytes ?? MAX_BODY_BYTES);
    }
    return failed(`${start.href} redirected more than ${MAX_REDIRECTS} times (a redirect loop?); stopped at ${url.href}.`);
  } catch (error) {
    if (timeout.aborted && !options.signal.aborted) {
      return failed(`Fetching ${url.href} timed out after ${formatDuration(options.timeoutMs)}. The site may be slow or unreachable; try again later or another source.`);
    }
    if (options.signal.aborted) throw error;
    return failed(`Could not fetch ${url.href}: ${describeNetworkError(error)}`);
  }
}

async function readResponse(url: URL, response: OpenResponse, maxBodyBytes: number): Promise<FetchPageResult> {
  const { mediaType, charset } = parseContentType(headerValue(response.headers['content-type']));
  const declared = kindOfMediaType(mediaType);

  if (response.status < 200 || response.status >= 300) {
    const preview = declared === 'text' ? await textPreview(response) : (response.discard(), '');
    const statusLine = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return { kind: 'failed', message: `${url.href} answered ${statusLine}.${preview ? ` The response said: ${preview}` : ''}` };
  }
  if (declared === 'binary') {
    response.discard();
    return { kind: 'failed', message: binaryMessage(url, mediaType, headerValue(response.headers['content-length'])) };
  }

  const { body, truncated } = await response.readBody(maxBodyBytes);
  const kind = declared === 'unknown' ? sniffKind(body) : declared;
  if (kind === 'binary') {
    return { kind: 'failed', message: binaryMessage(url, mediaType || 'no content type', String(body.length)) };
  }
  return {
    kind: 'body',
    fetched: { finalUrl: url.href, status: response.status, mediaType, ...(charset ? { charset } : {}), kind, body, truncated },
  };
}

function binaryMessage(url: URL, mediaType: string, length: string | undefined): string {
  const size = length && Number.isFinite(Number(length)) ? `, ${formatBytes(Number(length))}` : '';
  return `${url.href} is binary content (${mediaType}${size}), and WebFetch only reads text and HTML. If you need the file, download it with a shell command (e.g. curl -o) and inspect it with a suitable tool.`;
}

async function textPreview(response: OpenResponse): Promise<string> {
  try {
    const { body } = await response.readBody(ERROR_BODY_BYTES);
    return body.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 1_000);
  } catch {
    return '';
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeNetworkError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved (check the spelling, or the machine may be offline).';
    case 'ECONNREFUSED':
      return 'the connection was refused (nothing is listening there).';
    case 'ECONNRESET':
      return 'the connection was reset by the server.';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `the site's TLS certificate was not accepted (${code}).`;
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return 'the TLS handshake failed (the server may not speak https on this port).';
    default:
      return errorMessageOf(error);
  }
}

function formatDuration(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 1_000)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
