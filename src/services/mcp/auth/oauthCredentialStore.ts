/**
 * Where a remote MCP server's OAuth state lives between runs: one file per
 * server under `$AGENTCLI_CONFIG_DIR/mcp-auth/`, readable by the user alone
 * (directory 0700, file 0600). The file is keyed by the server's name and
 * URL, so a server renamed to point elsewhere never receives tokens issued
 * for another. Every read goes to disk: several sessions may share a server,
 * and a refresh in one (which can rotate the refresh token) must be what the
 * next read in another sees.
 *
 * Nothing here ever prints a token; callers describe credentials with
 * describeCredentials().
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { errnoCode } from '../../../utils/files/fsErrors.js';
import { randomHex } from '../../../utils/ids.js';

export type StoredCredentials = {
  readonly serverName: string;
  readonly serverUrl: string;
  /** A dynamically registered client (a configured clientId is never stored). */
  readonly clientInformation?: OAuthClientInformationMixed;
  /** Stored exactly as the SDK handed them over (it checks their `issuer` stamp). */
  readonly tokens?: OAuthTokens;
  /** When the access token expires (ms since the epoch), from `expires_in` at the time it was saved. */
  readonly tokensExpireAt?: number;
  readonly discoveryState?: OAuthDiscoveryState;
};

export type CredentialsSummary =
  | { readonly state: 'none' }
  | { readonly state: 'authenticated'; readonly expiresAt?: number; readonly refreshable: boolean };

const DIRECTORY = 'mcp-auth';

export class OAuthCredentialStore {
  readonly file: string;

  constructor(
    configDir: string,
    private readonly serverName: string,
    private readonly serverUrl: string,
  ) {
    const safeName = serverName.replace(/[^\w.-]/g, '_').slice(0, 64);
    const urlKey = createHash('sha256').update(serverUrl).digest('hex').slice(0, 16);
    this.file = path.join(configDir, DIRECTORY, `${safeName}-${urlKey}.json`);
  }

  async read(): Promise<StoredCredentials> {
    const empty: StoredCredentials = { serverName: this.serverName, serverUrl: this.serverUrl };
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return empty;
      throw error;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isRecord(parsed) || parsed.serverUrl !== this.serverUrl) return empty;
      return parsed as StoredCredentials;
    } catch {
      // A damaged file is as good as none: the next login writes a new one.
      return empty;
    }
  }

  /** Applies `change` to what is stored and writes the result (0600, replaced atomically). */
  async update(change: (stored: StoredCredentials) => StoredCredentials): Promise<void> {
    const next = change(await this.read());
    const directory = path.dirname(this.file);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const temp = path.join(directory, `.${path.basename(this.file)}.${randomHex(6)}.tmp`);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(next, null, 2)}\n`);
    } finally {
      await handle.close();
    }
    // The mode given to open() is narrowed by the umask, never widened; make sure anyway.
    await chmod(temp, 0o600);
    await rename(temp, this.file);
  }

  async saveTokens(tokens: OAuthTokens, now = Date.now()): Promise<void> {
    await this.update((stored) => {
      const { tokensExpireAt: _previous, ...rest } = stored;
      return {
        ...rest,
        tokens,
        ...(typeof tokens.expires_in === 'number' ? { tokensExpireAt: now + tokens.expires_in * 1000 } : {}),
      };
    });
  }

  /** Forgets tokens (and, with `everything`, the client registration and discovery too). */
  async clear(what: 'tokens' | 'everything'): Promise<void> {
    if (what === 'everything') {
      await rm(this.file, { force: true });
      return;
    }
    await this.update((stored) => {
      const { tokens: _tokens, tokensExpireAt: _expiry, ...rest } = stored;
      return rest;
    });
  }

  async summary(): Promise<CredentialsSummary> {
    const stored = await this.read();
    if (!stored.tokens) return { state: 'none' };
    return {
      state: 'authenticated',
      ...(stored.tokensExpireAt !== undefined ? { expiresAt: stored.tokensExpireAt } : {}),
      refreshable: typeof stored.tokens.refresh_token === 'string',
    };
  }
}

/** One line for `mcp get` and `/mcp`: whether there are credentials and until when, never the credentials. */
export function describeCredentials(summary: CredentialsSummary, now = Date.now()): string {
  if (summary.state === 'none') return 'not authenticated';
  if (summary.expiresAt === undefined) return 'authenticated';
  const expired = summary.expiresAt <= now;
  const when = new Date(summary.expiresAt).toISOString();
  if (!expired) return `authenticated (access token valid until ${when})`;
  return summary.refreshable ? `authenticated (access token expired ${when}; renewed on next use)` : `access token expired ${when}; log in again`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
