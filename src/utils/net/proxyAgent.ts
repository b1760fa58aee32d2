/**
 * Outbound HTTP through the user's proxy, as curl and git do it:
 * HTTPS_PROXY / HTTP_PROXY / ALL_PROXY (either case) name the proxy,
 * NO_PROXY lists hosts reached directly (proxy-from-env's rules; loopback
 * is reached directly unless a proxy is explicitly wanted for it). HTTPS
 * goes through a CONNECT tunnel (https-proxy-agent); plain HTTP is sent to
 * the proxy as an absolute-URI request (http-proxy-agent).
 *
 * Nothing here is loaded or costs anything unless a proxy variable is set.
 * One agent per proxy and scheme is kept, so connections are reused.
 */
import type { Agent } from 'node:http';

const PROXY_VARIABLES = ['https_proxy', 'http_proxy', 'all_proxy'];

const agents = new Map<string, Promise<Agent>>();

export function proxyVariablesSet(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARIABLES.some((name) => Boolean(env[name] || env[name.toUpperCase()]));
}

/** The agent for a request to `url`, or undefined to connect directly. */
export async function proxyAgentFor(url: URL): Promise<Agent | undefined> {
  if (!proxyVariablesSet()) return undefined;
  const { getProxyForUrl } = await import('proxy-from-env');
  const proxy = getProxyForUrl(url.href);
  if (!proxy || isLoopback(url.hostname)) return undefined;
  const key = `${url.protocol}${proxy}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = createAgent(url.protocol, proxy);
    agents.set(key, agent);
  }
  return agent;
}

async function createAgent(protocol: string, proxy: string): Promise<Agent> {
  if (protocol === 'https:') {
    const { HttpsProxyAgent } = await import('https-proxy-agent');
    return new HttpsProxyAgent(proxy, { keepAlive: true });
  }
  const { HttpProxyAgent } = await import('http-proxy-agent');
  return new HttpProxyAgent(proxy, { keepAlive: true });
}

/**
 * A proxy on another machine cannot reach this machine's loopback, so a
 * request to localhost (a local model gateway, a dev server) always goes
 * direct, whatever NO_PROXY says.
 */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}
