// OAuth for remote MCP servers, against a real authorization server in front of a real HTTP MCP
// server (test/mcp/fixtures/oauthServer.mjs): the first connection needs a login, the login goes
// through registration + PKCE + the loopback redirect, tokens are renewed before expiry and on a
// 401, a revoked grant sends the server back to "needs authentication", and an authorization
// server without registration needs a configured client id.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMcpConfig } from '../../src/services/mcp/loadMcpConfig.js';
import { parseMcpServers } from '../../src/services/mcp/parseMcpServers.js';
import { McpManager } from '../../src/services/mcp/McpManager.js';
import { mcpToolKit } from '../../src/tools/MCPTool/mcpToolKit.js';
import { reportMcpStartup } from '../../src/services/mcp/startMcpServers.js';
import { formatMcpServers } from '../../src/services/mcp/mcpStatusView.js';
import { tempDir } from '../support/runCli.js';
import { callThroughPipeline, contextFor, textOf } from './mcpTestSupport.js';
import { followAuthorizationUrl, startOAuthFixture, type OAuthFixture, type OAuthFixtureOptions } from './oauthFixture.js';

let fixture: OAuthFixture | undefined;
let configDir: string;
const managers: McpManager[] = [];

beforeEach(async () => {
  configDir = await tempDir('agentcli-oauth-config-');
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
  await fixture?.close();
  fixture = undefined;
});

async function serve(options: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
  fixture = await startOAuthFixture(options);
  return fixture;
}

async function managerFor(url: string, oauth?: Record<string, unknown>): Promise<McpManager> {
  const config = await loadMcpConfig({
    cwd: configDir,
    configDir,
    cliConfigs: [JSON.stringify({ mcpServers: { tracker: { type: 'http', url, ...(oauth ? { oauth } : {}) } } })],
    strict: true,
    isTrusted: true,
    env: {},
  });
  const manager = McpManager.start(config, { cwd: configDir, configDir, env: { ...process.env, AGENTCLI_CONFIG_DIR: configDir }, toolKit: mcpToolKit });
  managers.push(manager);
  await manager.whenStarted();
  return manager;
}

async function callWhoami(manager: McpManager): Promise<{ text: string; isError: boolean }> {
  const outcome = await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__tracker__whoami', {});
  return { text: textOf(outcome), isError: outcome.result.is_error === true };
}

async function credentialFiles(): Promise<string[]> {
  const dir = path.join(configDir, 'mcp-auth');
  return (await readdir(dir).catch(() => [])).map((name) => path.join(dir, name));
}

describe('MCP OAuth', () => {
  it('first connection: needs authentication, reported once with the fixing command; login registers, authorizes with PKCE and connects', async () => {
    const server = await serve();
    const manager = await managerFor(server.url);
    expect(manager.describe()[0]).toMatchObject({ name: 'tracker', status: 'needs-auth', problem: 'needs authentication' });
    expect(formatMcpServers(manager.describe())).toContain('tracker (http, cli) — needs authentication');
    const stderr: string[] = [];
    await reportMcpStartup(manager, (text) => stderr.push(text));
    expect(stderr).toEqual(['agentcli: MCP server "tracker" needs authentication; run `agentcli mcp login tracker`. Continuing without it.\n']);
    // A call the model makes meanwhile says what to do, not a stack.
    expect(manager.tools()).toEqual([]);

    const shown: string[] = [];
    const outcome = await manager.login('tracker', { openBrowser: followAuthorizationUrl, onAuthorizationUrl: (url) => shown.push(url) });
    expect(outcome).toEqual({ ok: true, alreadyAuthorized: false });
    expect(shown).toHaveLength(1);
    const authorizationUrl = new URL(shown[0]!);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(authorizationUrl.searchParams.get('resource')).toBe(server.url);
    expect(manager.describe()[0]).toMatchObject({ status: 'connected', toolCount: 1 });
    const called = await callWhoami(manager);
    expect(called.isError).toBe(false);
    expect(called.text).toMatch(/^client [0-9a-f-]{36}$/);
    expect(await server.stats()).toMatchObject({ registrations: 1, authorizations: 1, codeGrants: 1, refreshGrants: 0, toolCalls: 1 });

    // Stored for this user only, and never shown.
    const [file, ...others] = await credentialFiles();
    expect(others).toEqual([]);
    expect((await stat(file!)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file!))).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(await readFile(file!, 'utf8'));
    expect(stored.tokens.access_token).toMatch(/^at-/);
    const shownText = JSON.stringify(manager.describe()) + formatMcpServers(manager.describe());
    expect(shownText).not.toContain(stored.tokens.access_token);
    expect(shownText).not.toContain(stored.tokens.refresh_token);

    // A later session uses the stored tokens: no new login.
    const later = await managerFor(server.url);
    expect(later.describe()[0]).toMatchObject({ status: 'connected' });
    expect(await server.stats()).toMatchObject({ registrations: 1, authorizations: 1, codeGrants: 1 });
  });

  it('a session waiting for a login picks up credentials obtained elsewhere (agentcli mcp login in another terminal) on next use', async () => {
    const server = await serve();
    const waiting = await managerFor(server.url);
    expect(waiting.describe()[0]).toMatchObject({ status: 'needs-auth' });
    const elsewhere = await managerFor(server.url);
    expect((await elsewhere.login('tracker', { openBrowser: followAuthorizationUrl })).ok).toBe(true);
    // The waiting session offers no tools yet; its next use (here a resource listing, as @-completion does) connects it.
    const connection = waiting.connection('tracker')!;
    await expect(connection.listResources(new AbortController().signal)).resolves.toEqual([]);
    expect(waiting.describe()[0]).toMatchObject({ status: 'connected', toolCount: 1 });
  });

  it('renews an access token about to expire before using it (no 401 on the way)', async () => {
    const server = await serve({ tokenTtlSeconds: 30 });
    const first = await managerFor(server.url);
    expect((await first.login('tracker', { openBrowser: followAuthorizationUrl })).ok).toBe(true);
    const before = await server.stats();
    const later = await managerFor(server.url);
    expect(later.describe()[0]).toMatchObject({ status: 'connected' });
    const after = await server.stats();
    expect(after.refreshGrants).toBe(before.refreshGrants + 1);
    expect(after.unauthorized).toBe(before.unauthorized);
    expect(after.authorizations).toBe(before.authorizations);
  });

  it('renews on a 401 and retries the call', async () => {
    const server = await serve();
    const manager = await managerFor(server.url);
    expect((await manager.login('tracker', { openBrowser: followAuthorizationUrl })).ok).toBe(true);
    await server.expireAccessTokens();
    const before = await server.stats();
    const called = await callWhoami(manager);
    expect(called).toMatchObject({ isError: false });
    const after = await server.stats();
    expect(after.unauthorized).toBe(before.unauthorized + 1);
    expect(after.refreshGrants).toBe(before.refreshGrants + 1);
    expect(after.toolCalls).toBe(before.toolCalls + 1);
  });

  it('a revoked grant: the call says to log in again and the server needs authentication; logout revokes and deletes', async () => {
    const server = await serve();
    const manager = await managerFor(server.url);
    expect((await manager.login('tracker', { openBrowser: followAuthorizationUrl })).ok).toBe(true);
    await server.revokeAll();
    const called = await callWhoami(manager);
    expect(called.isError).toBe(true);
    expect(called.text).toContain('the MCP server "tracker" needs authentication');
    expect(called.text).toContain('/mcp login tracker');
    expect(manager.describe()[0]).toMatchObject({ status: 'needs-auth' });

    // Log in again, then out: the authorization server is told, the file is gone.
    expect((await manager.login('tracker', { openBrowser: followAuthorizationUrl })).ok).toBe(true);
    expect(manager.describe()[0]).toMatchObject({ status: 'connected' });
    const revocationsBefore = (await server.stats()).revocations;
    expect(await manager.logout('tracker')).toEqual({ ok: true, hadCredentials: true });
    expect((await server.stats()).revocations).toBe(revocationsBefore + 2);
    expect(await credentialFiles()).toEqual([]);
    expect(manager.describe()[0]).toMatchObject({ status: 'needs-auth' });
  });

  it('an authorization server without dynamic registration: the login says to configure a client id; with one it works', async () => {
    const server = await serve({ registration: false, clients: [{ client_id: 'agentcli-preregistered', redirect_uris: ['http://127.0.0.1/callback'] }] });
    const unconfigured = await managerFor(server.url);
    const refused = await unconfigured.login('tracker', { openBrowser: followAuthorizationUrl });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toContain('does not offer dynamic client registration');
    expect(!refused.ok && refused.error).toContain('"oauth": {"clientId"');

    const configured = await managerFor(server.url, { clientId: 'agentcli-preregistered' });
    expect(await configured.login('tracker', { openBrowser: followAuthorizationUrl })).toEqual({ ok: true, alreadyAuthorized: false });
    expect(configured.describe()[0]).toMatchObject({ status: 'connected' });
    expect(await callWhoami(configured)).toEqual({ isError: false, text: 'client agentcli-preregistered' });
    expect(await server.stats()).toMatchObject({ registrations: 0, codeGrants: 1 });
  });

  it('a redirect carrying the wrong state is refused and the login keeps waiting for the real one', async () => {
    const server = await serve();
    const manager = await managerFor(server.url);
    const outcome = await manager.login('tracker', {
      openBrowser: async (url) => {
        const redirect = new URL(url).searchParams.get('redirect_uri')!;
        const forged = await fetch(`${redirect}?code=attacker-code&state=not-the-login`);
        expect(forged.status).toBe(400);
        await followAuthorizationUrl(url);
      },
    });
    expect(outcome.ok).toBe(true);
    expect(manager.describe()[0]).toMatchObject({ status: 'connected' });
  });
});

describe('the oauth block of a remote server', () => {
  const parse = (oauth: unknown) => parseMcpServers({ tracker: { type: 'http', url: 'https://example.com/mcp', oauth } }, { scope: 'user', source: 'settings.json', env: { SECRET: 's3' } });

  it('takes clientId, clientSecret (with ${VAR}), callbackPort and scope', () => {
    const [server] = parse({ clientId: 'abc', clientSecret: '${SECRET}', callbackPort: 8765, scope: 'read write' });
    expect(server!.config).toMatchObject({ oauth: { clientId: 'abc', clientSecret: 's3', callbackPort: 8765, scope: 'read write' } });
  });

  it.each([
    [{ clientID: 'abc' }, 'mcpServers.tracker.oauth has unknown fields clientID'],
    [{ callbackPort: 70000 }, 'mcpServers.tracker.oauth.callbackPort must be a port number'],
    [{ clientSecret: 'x' }, 'mcpServers.tracker.oauth.clientSecret needs mcpServers.tracker.oauth.clientId'],
    ['abc', 'mcpServers.tracker.oauth must be an object'],
  ])('refuses %j', (oauth, message) => {
    expect(() => parse(oauth)).toThrow(message);
  });
});
