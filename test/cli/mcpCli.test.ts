// `agentcli mcp add|add-json|remove|list|get`, run as the built CLI in a temp project.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadMcpConfig } from '../../src/services/mcp/loadMcpConfig.js';
import { runCli, tempDir } from '../support/runCli.js';

let cwd: string;
let configDir: string;
beforeEach(async () => {
  cwd = await tempDir('agentcli-mcp-cwd-');
  configDir = await tempDir('agentcli-mcp-config-');
});

const mcp = (...args: string[]) => runCli(['mcp', ...args], { cwd, env: { AGENTCLI_CONFIG_DIR: configDir } });
const json = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

describe('agentcli mcp', () => {
  it('add: a stdio server with -e, its own options after --, in the local scope by default', async () => {
    const run = await mcp('add', 'files', '-e', 'ROOT=/data', '-e', 'TOKEN=${TOKEN:-none}', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '.');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Added stdio MCP server "files" (local)');
    expect(await json(path.join(cwd, '.claude', 'settings.local.json'))).toEqual({
      mcpServers: {
        files: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'], env: { ROOT: '/data', TOKEN: '${TOKEN:-none}' } },
      },
    });
    // A session in this (trusted) folder would start it.
    const loaded = await loadMcpConfig({ cwd, configDir, isTrusted: true, env: {} });
    expect(loaded.servers.map((server) => [server.name, server.scope])).toEqual([['files', 'local']]);
    expect((await loadMcpConfig({ cwd, configDir, isTrusted: false, env: {} })).awaitingTrust.map((server) => server.name)).toEqual(['files']);
  });

  it('add --transport http -H into .mcp.json (project), keeping what the file already had', async () => {
    await writeFile(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { old: { command: 'old-server' } }, note: 'kept' }));
    const run = await mcp('add', '--transport', 'http', '-s', 'project', '-H', 'Authorization: Bearer ${API_TOKEN}', 'sentry', 'https://mcp.sentry.dev/mcp');
    expect(run.code).toBe(0);
    expect(await json(path.join(cwd, '.mcp.json'))).toEqual({
      mcpServers: { old: { command: 'old-server' }, sentry: { type: 'http', url: 'https://mcp.sentry.dev/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } } },
      note: 'kept',
    });
  });

  it('add-json into the user settings, keeping permissions', async () => {
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ permissions: { allow: ['Read'] } }));
    const run = await mcp('add-json', 'remote', '{"type":"sse","url":"https://example.com/sse"}', '-s', 'user');
    expect(run.code).toBe(0);
    expect(await json(path.join(configDir, 'settings.json'))).toEqual({
      permissions: { allow: ['Read'] },
      mcpServers: { remote: { type: 'sse', url: 'https://example.com/sse' } },
    });
  });

  it('list and get show the configuration (header and env values stay hidden); remove takes it out', async () => {
    await mcp('add', '-s', 'user', '-e', 'SECRET=hunter2', 'tool', '--', 'node', 'server.js');
    await mcp('add', '-t', 'http', '-s', 'project', 'web', 'https://example.com/mcp');
    const list = await mcp('list');
    expect(list.stdout).toBe('tool: node server.js (stdio, user, sandboxed)\nweb: https://example.com/mcp (http, project)\n');
    const get = await mcp('get', 'tool');
    expect(get.stdout).toContain('Scope: user');
    expect(get.stdout).toContain('Command: node');
    expect(get.stdout).toContain('Environment: SECRET');
    expect(get.stdout).not.toContain('hunter2');
    const removed = await mcp('remove', 'tool');
    expect(removed.code).toBe(0);
    expect((await json(path.join(configDir, 'settings.json'))).mcpServers).toEqual({});
    expect((await mcp('list')).stdout).toBe('web: https://example.com/mcp (http, project)\n');
  });

  it('refuses what a session could not start, a duplicate, and a broken file — one clear line, nothing written', async () => {
    const badUrl = await mcp('add', '-t', 'http', 'x', 'not-a-url');
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toMatch(/^agentcli: mcpServers\.x\.url must be an http/);
    const badHeader = await mcp('add', '-t', 'http', '-H', 'no-colon', 'x', 'https://example.com');
    expect(badHeader.stderr).toContain('-H/--header takes "Name: value"');
    await mcp('add', 'dup', '--', 'a');
    expect((await mcp('add', 'dup', '--', 'b')).stderr).toContain('already exists in the local scope');
    expect((await mcp('remove', 'nothing')).stderr).toContain('no MCP server named "nothing"');
    await writeFile(path.join(cwd, '.mcp.json'), '{ broken');
    const broken = await mcp('add', '-s', 'project', 'y', '--', 'z');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not valid JSON');
    expect(await readFile(path.join(cwd, '.mcp.json'), 'utf8')).toBe('{ broken');
  });
});
