// Starts test/mcp/fixtures/oauthServer.mjs (a real OAuth authorization server in front of a real
// Streamable HTTP MCP server) and plays the user's browser: it opens the authorization URL with an
// HTTP client that follows the redirects to agentcli's loopback listener.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { FIXTURES } from './mcpTestSupport.js';

export type OAuthFixtureOptions = {
  readonly tokenTtlSeconds?: number;
  readonly registration?: boolean;
  readonly clients?: readonly { readonly client_id: string; readonly redirect_uris: readonly string[] }[];
};

export type OAuthStats = {
  registrations: number;
  authorizations: number;
  codeGrants: number;
  refreshGrants: number;
  revocations: number;
  unauthorized: number;
  toolCalls: number;
};

export type OAuthFixture = {
  readonly url: string;
  readonly base: string;
  stats(): Promise<OAuthStats>;
  expireAccessTokens(): Promise<void>;
  revokeAll(): Promise<void>;
  close(): Promise<void>;
};

export async function startOAuthFixture(options: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
  const child: ChildProcess = spawn(process.execPath, [path.join(FIXTURES, 'oauthServer.mjs'), JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the OAuth fixture exited (${code}) before it was ready`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const post = async (route: string) => void (await fetch(`${base}${route}`, { method: 'POST' })).arrayBuffer();
  return {
    url: `${base}/mcp`,
    base,
    stats: async () => (await (await fetch(`${base}/test/stats`)).json()) as OAuthStats,
    expireAccessTokens: () => post('/test/expire-access'),
    revokeAll: () => post('/test/revoke-all'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The user's browser, as a test: follow the authorization server's redirects to the loopback listener. */
export async function followAuthorizationUrl(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'follow' });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the sign-in page answered ${response.status}`);
}
