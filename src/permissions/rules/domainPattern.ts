/**
 * `WebFetch(domain:example.com)`: the host, case-insensitively. Allow rules
 * match the exact host (or subdomains with `domain:*.example.com`); deny and
 * ask rules also cover subdomains, because `api.evil.com` is still evil.com.
 */
export type DomainPattern = {
  readonly specifier: string;
  readonly matchesHost: (host: string, options: { readonly includeSubdomains: boolean }) => boolean;
};

export function compileDomainPattern(specifier: string): DomainPattern {
  const domain = specifier.replace(/^domain:/, '').toLowerCase();
  const wildcard = domain.startsWith('*.');
  const base = wildcard ? domain.slice(2) : domain;
  return {
    specifier,
    matchesHost: (host, { includeSubdomains }) => {
      const normalised = host.toLowerCase().replace(/\.$/, '');
      if (normalised === base) return !wildcard || includeSubdomains;
      return (wildcard || includeSubdomains) && normalised.endsWith(`.${base}`);
    },
  };
}

/** The host of a URL, or undefined if it is not one. */
export function hostOfUrl(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}
