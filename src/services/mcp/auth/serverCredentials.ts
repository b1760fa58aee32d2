/**
 * One remote (http/sse) MCP server's OAuth credentials as its connection
 * uses them: the auth provider a connection sends, renewing a token about to
 * expire, whether a login is on file, and `/mcp login|logout`. Stdio servers
 * have none. The connection (McpServerConnection.ts) owns the state
 * transitions (needs-auth, reconnect); this only talks to the credential store.
 */
import type { McpLoginOptions, McpLoginOutcome } from './mcpOAuthLogin.js';
import type { RemoteServerAuth } from './remoteServerAuth.js';
import type { McpRemoteServerConfig, McpServerConfig } from '../types.js';

export class McpServerCredentials {
  private remoteAuth: Promise<RemoteServerAuth | undefined> | undefined;

  constructor(
    private readonly name: string,
    private readonly config: McpServerConfig,
    /** `$AGENTCLI_CONFIG_DIR`: where the credentials are kept. */
    private readonly configDir: string,
  ) {}

  /** The http or sse configuration; undefined for a server that cannot log in. */
  get remote(): McpRemoteServerConfig | undefined {
    const config = this.config;
    return config.type === 'http' || config.type === 'sse' ? config : undefined;
  }

  /** The credential store and auth provider (loaded once); undefined for a stdio server. */
  auth(): Promise<RemoteServerAuth | undefined> {
    const config = this.remote;
    if (!config) return Promise.resolve(undefined);
    this.remoteAuth ??= import('./remoteServerAuth.js').then(({ remoteServerAuth }) => remoteServerAuth(this.name, config, this.configDir));
    return this.remoteAuth;
  }

  /** Whether a login is on file (the server may still refuse it). */
  async isLoggedIn(): Promise<boolean> {
    return (await (await this.auth())?.store.summary())?.state === 'authenticated';
  }

  /** The browser sign-in; the caller reconnects on success. */
  async login(options: Omit<McpLoginOptions, 'configDir'>): Promise<McpLoginOutcome> {
    const config = this.remote;
    if (!config) return { ok: false, error: `"${this.name}" is a ${this.config.type} server; only http and sse servers log in` };
    const { loginToMcpServer } = await import('./mcpOAuthLogin.js');
    return loginToMcpServer({ name: this.name, config }, { ...options, configDir: this.configDir });
  }

  /** Forgets the credentials (revoking them where the server offers it). */
  async logout(): Promise<{ readonly hadCredentials: boolean }> {
    const config = this.remote;
    if (!config) return { hadCredentials: false };
    const { logoutFromMcpServer } = await import('./mcpOAuthLogin.js');
    return logoutFromMcpServer({ name: this.name, config }, this.configDir);
  }

  /** What a call says when the server needs a login. */
  needsAuthMessage(): string {
    return `the MCP server "${this.name}" needs authentication. Ask the user to log in with /mcp login ${this.name} (or \`agentcli mcp login ${this.name}\` from a shell).`;
  }
}
