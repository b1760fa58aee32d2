/**
 * `sandbox.network.allowedDomains`: the hosts Bash commands (through the
 * filtering proxy) and WebFetch may reach. `example.com` is that host
 * only; `*.example.com` its subdomains.
 */
import { compileDomainPattern } from '../permissions/rules/domainPattern.js';

export function isHostAllowed(host: string, allowedDomains: readonly string[]): boolean {
  return allowedDomains.some((domain) => compileDomainPattern(domain).matchesHost(host, { includeSubdomains: false }));
}
