// proxy-from-env ships no types; this is the one function we use.
declare module 'proxy-from-env' {
  /** The proxy URL for a request to `url` from *_PROXY / NO_PROXY, or '' to connect directly. */
  export function getProxyForUrl(url: string | URL): string;
}
