// MCP configuration: sources and precedence, folder trust, --strict-mcp-config,
// ${VAR} expansion, and one clear error per bad file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandEnvVars } from '../../src/services/mcp/expandEnvVars.js';
import { loadMcpConfig, type McpConfigOptions } from '../../src/services/mcp/loadMcpConfig.js';
import { runCli } from '../support/runCli.js';

let project: string;
let configDir: string;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-project-'));
  configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-config-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(configDir, { recursive: true, force: true });
});

const load = (options: Partial<McpConfigOptions> = {}) =>
  loadMcpConfig({ cwd: project, configDir, isTrusted: true, env: {}, ...options });

async function writeJson(file: string, value: unknown): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

describe('expandEnvVars', () => {
  it.each([
    ['${HOME_DIR}/x', { HOME_DIR: '/h' }, '/h/x', []],
    ['${MISSING:-fallback}', {}, 'fallback', []],
    ['${EMPTY:-fallback}', { EMPTY: '' }, 'fallback', []],
    ['${SET:-fallback}', { SET: 'value' }, 'value', []],
    ['Bearer ${TOKEN}', {}, 'Bearer ', ['TOKEN']],
    ['no references', {}, 'no references', []],
    ['$PLAIN is not a reference', {}, '$PLAIN is not a reference', []],
  ])('%s', (text, env, value, missing) => {
    expect(expandEnvVars(text, env)).toEqual({ value, missing });
  });
});

describe('loadMcpConfig', () => {
  it('merges user settings, .mcp.json and --mcp-config; a later source wins a name clash', async () => {
    await writeJson(path.join(configDir, 'settings.json'), {
      permissions: { allow: [] },
      mcpServers: { shared: { command: 'user-cmd' }, onlyUser: { command: 'u' } },
    });
    await writeJson(path.join(project, '.mcp.json'), { mcpServers: { shared: { command: 'project-cmd' }, onlyProject: { type: 'sse', url: 'http://127.0.0.1:1/sse' } } });
    const cliFile = await writeJson(path.join(project, 'extra.json'), { mcpServers: { onlyCli: { url: 'https://example.com/mcp' } } });

    const config = await load({ cliConfigs: [cliFile, '{"mcpServers": {"inline": {"command": "i", "args": ["a"]}}}'] });
    const byName = Object.fromEntries(config.servers.map((server) => [server.name, server]));
    expect(Object.keys(byName).sort()).toEqual(['inline', 'onlyCli', 'onlyProject', 'onlyUser', 'shared']);
    expect(byName.shared!.config).toMatchObject({ type: 'stdio', command: 'project-cmd' });
    expect(byName.shared!.scope).toBe('project');
    expect(byName.onlyCli!.config).toEqual({ type: 'http', url: 'https://example.com/mcp', headers: {} });
    expect(byName.onlyProject!.config.type).toBe('sse');
    expect(byName.inline!).toMatchObject({ scope: 'cli', source: '--mcp-config (inline JSON)', config: { args: ['a'] } });
  });

  it('--settings is read too (inline JSON or a file): its mcpServers join as the caller\'s own, below --mcp-config', async () => {
    await writeJson(path.join(configDir, 'settings.json'), { mcpServers: { shared: { command: 'user-cmd' } } });
    const inline = await load({ flagSettings: '{"mcpServers": {"shared": {"command": "flag-cmd"}, "onlyFlag": {"command": "f"}}}', cliConfigs: ['{"mcpServers": {"onlyFlag": {"command": "cli-cmd"}}}'] });
    const byName = Object.fromEntries(inline.servers.map((server) => [server.name, server]));
    expect(byName.shared).toMatchObject({ scope: 'cli', source: '--settings', config: { command: 'flag-cmd' } });
    expect(byName.onlyFlag!.config).toMatchObject({ command: 'cli-cmd' });
    const file = await writeJson(path.join(project, 'my-settings.json'), { mcpServers: { fromFile: { command: 'x' } } });
    const fromFile = await load({ flagSettings: 'my-settings.json', isTrusted: false });
    // Not repository content: it starts in an untrusted folder too.
    expect(fromFile.servers.find((server) => server.name === 'fromFile')?.source).toBe(file);
    // --strict-mcp-config names every server itself.
    expect((await load({ flagSettings: 'my-settings.json', strict: true })).servers.map((server) => server.name)).not.toContain('fromFile');
    await expect(load({ flagSettings: 'missing.json' })).rejects.toThrow(/--settings/);
  });

  it('keeps .mcp.json servers waiting while the folder is not trusted', async () => {
    await writeJson(path.join(project, '.mcp.json'), { mcpServers: { repoServer: { command: 'x' } } });
    const config = await load({ isTrusted: false });
    expect(config.servers).toEqual([]);
    expect(config.awaitingTrust.map((server) => server.name)).toEqual(['repoServer']);
  });

  it('--strict-mcp-config ignores .mcp.json and settings.json', async () => {
    await writeJson(path.join(configDir, 'settings.json'), { mcpServers: { user: { command: 'u' } } });
    await writeJson(path.join(project, '.mcp.json'), { mcpServers: { repo: { command: 'r' } } });
    const config = await load({ strict: true, cliConfigs: ['{"mcpServers": {"cli": {"command": "c"}}}'] });
    expect(config.servers.map((server) => server.name)).toEqual(['cli']);
  });

  it('expands ${VAR} and ${VAR:-default} in commands, args, env, urls and headers', async () => {
    const config = await load({
      env: { TOOLS_HOME: '/opt/tools', API_TOKEN: 't0k' },
      cliConfigs: [
        JSON.stringify({
          mcpServers: {
            local: { command: '${TOOLS_HOME}/bin/server', args: ['--port', '${PORT:-7000}'], env: { TOKEN: '${API_TOKEN}' }, cwd: '${WORK:-.}' },
            remote: { type: 'http', url: 'https://${HOST:-mcp.example.com}/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
          },
        }),
      ],
    });
    const [local, remote] = config.servers;
    expect(local!.config).toEqual({ type: 'stdio', command: '/opt/tools/bin/server', args: ['--port', '7000'], env: { TOKEN: 't0k' }, cwd: '.' });
    expect(remote!.config).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t0k' } });
    expect(local!.missingEnvVars).toEqual([]);
  });

  it('records variables that are missing, so that server fails alone instead of the whole start-up', async () => {
    const config = await load({ cliConfigs: ['{"mcpServers": {"needsKey": {"command": "srv", "env": {"KEY": "${SECRET_KEY}"}}}}'] });
    expect(config.servers[0]!.missingEnvVars).toEqual(['SECRET_KEY']);
  });

  it('a settings.json without mcpServers is fine; a .mcp.json without it is an error', async () => {
    await writeJson(path.join(configDir, 'settings.json'), { permissions: {} });
    expect((await load()).servers).toEqual([]);
    const file = await writeJson(path.join(project, '.mcp.json'), { servers: {} });
    await expect(load()).rejects.toThrow(`invalid MCP configuration in ${file}: expected an object with a "mcpServers" key`);
  });

  it.each([
    ['not JSON at all', '{"mcpServers": {"a": {"command": "x",}}}', /not valid JSON \(.+ at line 1, column \d+\)/],
    ['a server that is not an object', { mcpServers: { a: 'npx server' } }, /mcpServers\.a must be an object/],
    ['a stdio server without a command', { mcpServers: { a: { args: ['x'] } } }, /mcpServers\.a\.command must be a non-empty string .* but is missing/],
    ['args that are not strings', { mcpServers: { a: { command: 'x', args: [1] } } }, /mcpServers\.a\.args must be an array of strings/],
    ['env values that are not strings', { mcpServers: { a: { command: 'x', env: { A: 1 } } } }, /mcpServers\.a\.env must be an object whose values are strings/],
    ['an unknown transport', { mcpServers: { a: { type: 'websocket', url: 'ws://x' } } }, /mcpServers\.a\.type must be "stdio", "http" or "sse", got "websocket"/],
    ['a url that is not http', { mcpServers: { a: { type: 'http', url: 'file:///etc/passwd' } } }, /mcpServers\.a\.url must be an http:\/\/ or https:\/\/ address/],
    ['mcpServers that is an array', { mcpServers: [] }, /"mcpServers" must be an object/],
  ])('a bad file is one error naming the file and the reason: %s', async (_what, content, reason) => {
    const file = await writeJson(path.join(project, 'bad.json'), content);
    const error = await load({ cliConfigs: [file] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`invalid MCP configuration in ${file}: `);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });

  it('names a --mcp-config file that does not exist', async () => {
    await expect(load({ cliConfigs: ['missing.json'] })).rejects.toThrow(
      `cannot read the MCP configuration file ${path.join(project, 'missing.json')} given to --mcp-config`,
    );
  });

  it('a broken settings.json stops start-up with its path', async () => {
    const file = await writeJson(path.join(configDir, 'settings.json'), '{ "mcpServers": ');
    await expect(load()).rejects.toThrow(`invalid MCP configuration in ${file}: not valid JSON`);
  });
});

describe('agentcli with a bad MCP config', () => {
  it('exits 1 with one line on stderr naming the file and the reason', async () => {
    const file = await writeJson(path.join(project, 'broken.json'), { mcpServers: { a: { command: 42 } } });
    const run = await runCli(['-p', 'hello', '--mcp-config', file], {
      cwd: project,
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', AGENTCLI_CONFIG_DIR: configDir },
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `agentcli: invalid MCP configuration in ${file}: mcpServers.a.command must be a non-empty string (the program to run, e.g. "npx")`,
    ]);
    expect(run.stdout).toBe('');
  });
});
