/**
 * agentcli's side of the MCP authorization flow, as the SDK's
 * OAuthClientProvider: the SDK runs the protocol (401 → protected-resource
 * metadata → authorization-server metadata → registration → PKCE → tokens,
 * refresh on 401) and asks this object for what agentcli knows and keeps.
 *
 * Two modes. A background connection (a session starting its servers) may
 * use and refresh stored tokens but never starts a login: registering a
 * client or sending the user to a browser throws McpAuthenticationRequired,
 * and the server shows as "needs authentication". An interactive login
 * (`/mcp login`, `agentcli mcp login`) has a loopback redirect listening and
 * a way to open the authorization URL.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { randomHex } from '../../../utils/ids.js';
import { VERSION } from '../../../version.js';
import type { McpOAuthConfig } from '../types.js';
import type { OAuthCredentialStore } from './oauthCredentialStore.js';

/** A background connection reached a step that needs the user (a login). */
export class McpAuthenticationRequired extends Error {
  override readonly name = 'McpAuthenticationRequired';
  constructor() {
    super('the server needs you to log in');
  }
}

export type InteractiveLogin = {
  /** The loopback URL the authorization server sends the browser back to. */
  readonly redirectUrl: string;
  /** The `state` value the redirect must carry back (it ties the answer to this login). */
  readonly state: string;
  readonly sendUserTo: (authorizationUrl: URL) => void | Promise<void>;
};

/** Until a login has chosen a port, registration metadata names a loopback URL without one. */
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

export class McpOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;

  constructor(
    private readonly store: OAuthCredentialStore,
    private readonly config: McpOAuthConfig | undefined,
    private readonly login?: InteractiveLogin,
  ) {}

  get redirectUrl(): string {
    return this.login?.redirectUrl ?? PLACEHOLDER_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'agentcli',
      software_id: 'agentcli',
      software_version: VERSION,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.config?.clientSecret !== undefined ? 'client_secret_post' : 'none',
      ...(this.config?.scope !== undefined ? { scope: this.config.scope } : {}),
    };
  }

  state(): string {
    return this.login?.state ?? randomHex(16);
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.config?.clientId !== undefined) {
      return { client_id: this.config.clientId, ...(this.config.clientSecret !== undefined ? { client_secret: this.config.clientSecret } : {}) };
    }
    const stored = (await this.store.read()).clientInformation;
    // Without a client the SDK would register one next; only a login may (its redirect URL is real).
    if (!stored && !this.login) throw new McpAuthenticationRequired();
    return stored;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    // A configured client lives in the configuration, not in the credential file.
    if (this.config?.clientId !== undefined) return;
    if (!this.login) throw new McpAuthenticationRequired();
    await this.store.update((stored) => ({ ...stored, clientInformation }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.store.read()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.store.saveTokens(tokens);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.login) throw new McpAuthenticationRequired();
    await this.login.sendUserTo(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE code verifier: the authorization was not started by this login');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    await this.store.update((stored) => {
      const { tokens, tokensExpireAt, clientInformation, discoveryState, ...rest } = stored;
      const keepTokens = scope === 'client' || scope === 'discovery';
      const keepClient = scope === 'tokens' || scope === 'discovery';
      return {
        ...rest,
        ...(keepTokens && tokens ? { tokens, ...(tokensExpireAt !== undefined ? { tokensExpireAt } : {}) } : {}),
        ...(keepClient && clientInformation ? { clientInformation } : {}),
        ...(scope !== 'discovery' && scope !== 'all' && discoveryState ? { discoveryState } : {}),
      };
    });
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.store.update((stored) => ({ ...stored, discoveryState }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.read()).discoveryState;
  }
}
