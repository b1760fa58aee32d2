// `agentcli mcp login|get|logout` as the built CLI against the real OAuth fixture. $BROWSER names
// the program that opens the authorization URL: here a script that follows the redirects to the
// CLI's loopback listener, as a browser would.
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/runCli.js';
import { startOAuthFixture, type OAuthFixture } from './oauthFixture.js';

let fixture: OAuthFixture;
let cwd: string;
let configDir: string;
let browser: string;

beforeEach(async () => {
  fixture = await startOAuthFixture();
  cwd = await tempDir('agentcli-oauth-cli-cwd-');
  configDir = await tempDir('agentcli-oauth-cli-config-');
  const follower = path.join(configDir, 'follow.mjs');
  await writeFile(follower, "const r = await fetch(process.argv[2], { redirect: 'follow' }); await r.arrayBuffer(); process.exit(r.ok ? 0 : 1);\n");
  browser = path.join(configDir, 'browser.sh');
  await writeFile(browser, `#!/bin/sh\nexec "${process.execPath}" "${follower}" "$1"\n`);
  await chmod(browser, 0o755);
});
afterEach(async () => {
  await fixture.close();
});

const mcp = (...args: string[]) => runCli(['mcp', ...args], { cwd, env: { AGENTCLI_CONFIG_DIR: configDir, BROWSER: browser } });

describe('agentcli mcp login / logout', () => {
  it('logs in through the browser, shows the state without the token, logs out', async () => {
    expect((await mcp('add', '-t', 'http', '-s', 'user', 'tracker', fixture.url)).code).toBe(0);
    expect((await mcp('get', 'tracker')).stdout).toContain('Authentication: not authenticated (agentcli mcp login|logout tracker)');

    const login = await mcp('login', 'tracker');
    expect(login.stderr).toContain('Opening your browser to sign in to tracker. If it does not open, visit:\nhttp://127.0.0.1:');
    expect(login.stdout).toBe('Logged in to tracker; connected, 1 tool.\n');
    expect(login.code).toBe(0);

    const [file] = await readdir(path.join(configDir, 'mcp-auth'));
    const stored = JSON.parse(await readFile(path.join(configDir, 'mcp-auth', file!), 'utf8'));
    const get = await mcp('get', 'tracker');
    expect(get.stdout).toMatch(/Authentication: authenticated \(access token valid until \d{4}-/);
    expect(get.stdout + login.stdout + login.stderr).not.toContain(stored.tokens.access_token);
    expect(get.stdout + login.stdout + login.stderr).not.toContain(stored.tokens.refresh_token);

    const logout = await mcp('logout', 'tracker');
    expect(logout.stdout).toBe('Logged out of tracker; its credentials are deleted.\n');
    expect((await mcp('get', 'tracker')).stdout).toContain('Authentication: not authenticated');
    expect((await mcp('logout', 'tracker')).stdout).toBe('tracker had no stored credentials.\n');
  });

  it('refuses stdio servers and unknown names with one line', async () => {
    await mcp('add', '-s', 'user', 'local', '--', 'node', 'server.js');
    expect(await mcp('login', 'local')).toMatchObject({ code: 1, stderr: 'agentcli: "local" is a stdio server; only http and sse servers log in\n' });
    expect(await mcp('login', 'nope')).toMatchObject({ code: 1, stderr: 'agentcli: no MCP server named "nope"; `agentcli mcp list` shows them\n' });
  });
});
