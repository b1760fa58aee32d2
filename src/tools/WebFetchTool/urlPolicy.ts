/**
 * Which URLs WebFetch will request, and how. Plain http is upgraded to
 * https, except on loopback hosts: a dev server on localhost rarely speaks
 * TLS, and the tests run their page server on 127.0.0.1.
 */
export const MAX_URL_LENGTH = 2_000;

export type UrlCheck = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly message: string };

export function checkFetchUrl(raw: string): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) {
    return { ok: false, message: `The URL is ${raw.length} characters long; WebFetch takes URLs of at most ${MAX_URL_LENGTH}.` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `"${raw}" is not a valid URL. Give a complete URL such as https://example.com/docs/page.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const hint = url.protocol === 'file:' ? ' To read a local file, use Read.' : '';
    return { ok: false, message: `WebFetch only fetches http and https URLs, not ${url.protocol}//.${hint}` };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The URL carries a user name or password; WebFetch does not send credentials. Use a URL without them.' };
  }
  if (!url.hostname) return { ok: false, message: `"${raw}" has no host name.` };
  return { ok: true, url };
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/** http -> https, except for loopback hosts. Returns a new URL. */
export function upgradeToHttps(url: URL): URL {
  const upgraded = new URL(url.href);
  if (upgraded.protocol === 'http:' && !isLoopbackHost(upgraded.hostname)) {
    upgraded.protocol = 'https:';
    // An explicit :80 meant "the http port"; the https default is what the upgrade means.
    if (url.port === '80') upgraded.port = '';
  }
  return upgraded;
}

/**
 * Whether a redirect stays on the same host and may be followed. Exact host
 * names only, even for `www.`: permission rules name exact hosts
 * (`WebFetch(domain:example.com)` does not cover www.example.com), so a
 * redirect anywhere else goes back to the model, and its next call is
 * checked against the rules for the new host.
 */
export function isSameHost(from: URL, to: URL): boolean {
  return from.hostname.toLowerCase() === to.hostname.toLowerCase();
}
