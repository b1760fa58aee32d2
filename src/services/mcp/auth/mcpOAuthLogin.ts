/**
 * Logging in to a remote MCP server (`/mcp login <name>`, `agentcli mcp
 * login <name>`): the SDK's authorization-code flow with PKCE, driven
 * through a real connection so the server's own 401 challenge (its
 * resource-metadata URL and scope) starts it. A loopback listener takes the
 * browser's redirect; the code it carries is exchanged for tokens, which the
 * provider stores. Logging out forgets the credentials and, where the
 * authorization server offers it, revokes them there.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { errorMessageOf } from '../../../utils/errors.js';
import { randomHex } from '../../../utils/ids.js';
import { VERSION } from '../../../version.js';
import { isAuthenticationError, remoteTransport } from '../connectTransport.js';
import type { McpRemoteServerConfig } from '../types.js';
import { listenForRedirect, type LoopbackRedirect } from './loopbackRedirect.js';
import { McpOAuthProvider } from './McpOAuthProvider.js';
import { OAuthCredentialStore } from './oauthCredentialStore.js';
import { openInBrowser, type OpenBrowser } from './openBrowser.js';
import { usesOAuth } from './remoteServerAuth.js';

export type RemoteServer = { readonly name: string; readonly config: McpRemoteServerConfig };

export type McpLoginOptions = {
  readonly configDir: string;
  /** Opens the authorization URL (the user's browser; in tests an HTTP client that follows redirects). */
  readonly openBrowser?: OpenBrowser;
  /** Told the URL too, so the user can open it by hand. */
  readonly onAuthorizationUrl?: (url: string) => void;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
};

export type McpLoginOutcome = { readonly ok: true; readonly alreadyAuthorized: boolean } | { readonly ok: false; readonly error: string };

const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

export async function loginToMcpServer(server: RemoteServer, options: McpLoginOptions): Promise<McpLoginOutcome> {
  if (!usesOAuth(server.config)) {
    return { ok: false, error: `"${server.name}" sends its own Authorization header (configured in its headers); there is nothing to log in to` };
  }
  const store = new OAuthCredentialStore(options.configDir, server.name, server.config.url);
  // A login starts afresh: old tokens could only hide whether the new ones work.
  await store.clear('tokens');
  const state = randomHex(16);
  let redirect: LoopbackRedirect;
  try {
    redirect = await listenOnUsablePort(server, store, state);
  } catch (error) {
    return { ok: false, error: `cannot listen for the sign-in redirect: ${errorMessageOf(error)}` };
  }
  const openBrowser = options.openBrowser ?? openInBrowser;
  const provider = new McpOAuthProvider(store, server.config.oauth, {
    redirectUrl: redirect.redirectUrl,
    state,
    sendUserTo: async (url) => {
      options.onAuthorizationUrl?.(url.href);
      await openBrowser(url.href);
    },
  });
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const kind = server.config.type;
  try {
    const transport = await remoteTransport(server.config, kind, provider);
    const client = new Client({ name: 'agentcli', version: VERSION }, { capabilities: {} });
    try {
      await client.connect(transport);
      // Nothing was asked: the server lets this client in without a login.
      return { ok: true, alreadyAuthorized: true };
    } catch (error) {
      if (!isAuthenticationError(error)) throw error;
    } finally {
      await client.close().catch(() => undefined);
    }
    const code = await untilAborted(redirect.code, signal);
    await transport.finishAuth(code);
    return { ok: true, alreadyAuthorized: false };
  } catch (error) {
    return { ok: false, error: describeLoginFailure(error, signal, timeout) };
  } finally {
    await redirect.close();
  }
}

/** Forgets a server's credentials, revoking them first where the authorization server offers revocation. */
export async function logoutFromMcpServer(server: RemoteServer, configDir: string): Promise<{ readonly hadCredentials: boolean }> {
  const store = new OAuthCredentialStore(configDir, server.name, server.config.url);
  const stored = await store.read();
  const metadata = stored.discoveryState?.authorizationServerMetadata;
  const endpoint = metadata && 'revocation_endpoint' in metadata && typeof metadata.revocation_endpoint === 'string' ? metadata.revocation_endpoint : undefined;
  const clientId = server.config.oauth?.clientId ?? stored.clientInformation?.client_id;
  if (endpoint && clientId && stored.tokens) {
    const tokens = [
      ...(stored.tokens.refresh_token ? [{ token: stored.tokens.refresh_token, hint: 'refresh_token' }] : []),
      { token: stored.tokens.access_token, hint: 'access_token' },
    ];
    const secret = server.config.oauth?.clientSecret ?? stored.clientInformation?.client_secret;
    await Promise.all(tokens.map(({ token, hint }) => revoke(endpoint, { token, token_type_hint: hint, client_id: clientId, ...(secret ? { client_secret: secret } : {}) })));
  }
  await store.clear('everything');
  return { hadCredentials: stored.tokens !== undefined };
}

/** RFC 7009: best effort — the local copy is deleted whatever the server answers. */
async function revoke(endpoint: string, form: Record<string, string>): Promise<void> {
  try {
    await fetch(endpoint, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(5_000) });
  } catch {
    // Unreachable or refusing: forgetting the tokens locally still logs out.
  }
}

/**
 * The configured callback port, else the port the stored client was
 * registered with (authorization servers that match redirect URLs exactly
 * then keep working), else any free port. A stored registration whose
 * redirect URL cannot be served again is dropped, so the flow registers anew.
 */
async function listenOnUsablePort(server: RemoteServer, store: OAuthCredentialStore, state: string): Promise<LoopbackRedirect> {
  const listen = (port: number) => listenForRedirect({ port, state, serverName: server.name });
  const configured = server.config.oauth?.callbackPort;
  if (configured !== undefined) return listen(configured);
  const registered = (await store.read()).clientInformation;
  const registeredPort = registered && 'redirect_uris' in registered ? loopbackPort(registered.redirect_uris) : undefined;
  if (registeredPort !== undefined) {
    try {
      return await listen(registeredPort);
    } catch {
      // Taken: register again on a free port.
    }
  }
  if (registered && server.config.oauth?.clientId === undefined) {
    await store.update(({ clientInformation: _dropped, ...rest }) => rest);
  }
  return listen(0);
}

function loopbackPort(redirectUris: readonly string[] | undefined): number | undefined {
  for (const uri of redirectUris ?? []) {
    try {
      const url = new URL(uri);
      if (url.hostname === '127.0.0.1' && url.port !== '') return Number(url.port);
    } catch {
      // Not a URL: not ours.
    }
  }
  return undefined;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function describeLoginFailure(error: unknown, signal: AbortSignal, timeout: AbortSignal): string {
  if (timeout.aborted) return 'the sign-in was not completed in time; run the login again';
  if (signal.aborted) return 'the sign-in was cancelled';
  const message = errorMessageOf(error);
  if (/dynamic client registration/i.test(message)) {
    return `its authorization server does not offer dynamic client registration: register agentcli there and set "oauth": {"clientId": "..."} in the server's configuration (or agentcli mcp add --client-id)`;
  }
  return message;
}
