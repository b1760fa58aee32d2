/**
 * The OAuth pieces one remote server's connection uses: its credential file
 * and a background provider (stored tokens only, refreshed as needed). A
 * server configured with its own Authorization header manages its
 * credentials itself and gets none.
 */
import { proxiedFetch } from '../connectTransport.js';
import type { McpRemoteServerConfig } from '../types.js';
import { McpAuthenticationRequired, McpOAuthProvider } from './McpOAuthProvider.js';
import { OAuthCredentialStore } from './oauthCredentialStore.js';

/** Access tokens this close to expiry are renewed before use rather than after a 401. */
const REFRESH_MARGIN_MS = 60_000;

export type RemoteServerAuth = {
  readonly store: OAuthCredentialStore;
  readonly provider: McpOAuthProvider;
  /** Renews the access token when it is about to expire; throws McpAuthenticationRequired when only a login can help. */
  refreshIfExpiring(): Promise<void>;
};

export function usesOAuth(config: McpRemoteServerConfig): boolean {
  return !Object.keys(config.headers).some((name) => name.toLowerCase() === 'authorization');
}

export function remoteServerAuth(serverName: string, config: McpRemoteServerConfig, configDir: string): RemoteServerAuth | undefined {
  if (!usesOAuth(config)) return undefined;
  const store = new OAuthCredentialStore(configDir, serverName, config.url);
  const provider = new McpOAuthProvider(store, config.oauth);
  return {
    store,
    provider,
    async refreshIfExpiring() {
      const stored = await store.read();
      if (!stored.tokens?.refresh_token || stored.tokensExpireAt === undefined) return;
      if (stored.tokensExpireAt - Date.now() > REFRESH_MARGIN_MS) return;
      const [{ auth }, { fetch: fetchFn }] = await Promise.all([import('@modelcontextprotocol/sdk/client/auth.js'), proxiedFetch()]);
      // With a refresh token stored, auth() renews; if the renewal is refused it reaches the login step and throws.
      const result = await auth(provider, { serverUrl: config.url, ...(fetchFn ? { fetchFn } : {}) });
      if (result !== 'AUTHORIZED') throw new McpAuthenticationRequired();
    },
  };
}
