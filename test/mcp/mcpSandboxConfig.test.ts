// The `sandbox` key of a server entry: checked like every other field, and shown by `mcp list` / `mcp get` and /mcp.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMcpGet, runMcpList } from '../../src/entrypoints/mcp/mcpCommand.js';
import { formatMcpServers } from '../../src/services/mcp/mcpStatusView.js';
import { parseMcpServers } from '../../src/services/mcp/parseMcpServers.js';
import { mergeSandboxSettings } from '../../src/sandbox/sandboxSettings.js';
import { mcpSandboxWanted } from '../../src/sandbox/mcpServerSandbox.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-sandbox-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const origin = { scope: 'user' as const, source: 'settings.json', env: {} };

describe('the sandbox key of an MCP server entry', () => {
  it('is a boolean on stdio entries and an error anywhere else', () => {
    expect(parseMcpServers({ s: { command: 'x', sandbox: false } }, origin)[0]!.config).toMatchObject({ type: 'stdio', sandbox: false });
    expect(() => parseMcpServers({ s: { command: 'x', sandbox: 'no' } }, origin)).toThrow('mcpServers.s.sandbox must be true or false');
    expect(() => parseMcpServers({ s: { type: 'http', url: 'https://x.test/mcp', sandbox: false } }, origin)).toThrow('mcpServers.s.sandbox applies to stdio servers only');
  });

  it('takes a server out unless the entry is repository content; settings can take every server out', () => {
    const settings = (enabled: boolean | undefined) => ({ settings: { ...mergeSandboxSettings({ sources: [], override: enabled, trusted: true, projectRoot: dir, home: dir }) }, availability: undefined, configDir: dir });
    expect(mcpSandboxWanted({ sandbox: undefined, fromRepository: false }, settings(undefined))).toEqual({ sandboxed: true });
    expect(mcpSandboxWanted({ sandbox: false, fromRepository: false }, settings(undefined))).toEqual({ sandboxed: false, why: '"sandbox": false in its configuration' });
    expect(mcpSandboxWanted({ sandbox: false, fromRepository: true }, settings(undefined))).toEqual({ sandboxed: true });
    expect(mcpSandboxWanted({ sandbox: undefined, fromRepository: false }, settings(false))).toEqual({ sandboxed: false, why: 'sandbox.enabled is false in settings' });
  });

  it('network stays open for servers unless a settings file says network: false', () => {
    const merged = (network: boolean | undefined) =>
      mergeSandboxSettings({ sources: network === undefined ? [] : [{ file: 'settings.json', fromRepository: false, settings: { network } }], override: undefined, trusted: true, projectRoot: dir, home: dir });
    expect(merged(undefined).networkRestricted).toBe(false);
    expect(merged(false).networkRestricted).toBe(true);
  });

  it('mcp list and mcp get say which servers are sandboxed', async () => {
    const configDir = path.join(dir, 'config');
    await mkdir(configDir);
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ mcpServers: { mine: { command: 'node', args: ['s.js'], sandbox: false } } }));
    await writeFile(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { repo: { command: 'node', args: ['r.js'], sandbox: false } } }));
    let out = '';
    const context = { cwd: dir, configDir, env: {}, io: { stdout: (text: string) => (out += text), stderr: (text: string) => (out += text) } };
    await runMcpList(context);
    expect(out).toContain('mine: node s.js (stdio, user, not sandboxed)');
    expect(out).toContain('repo: node r.js (stdio, project, sandboxed)');
    out = '';
    await runMcpGet('repo', context);
    expect(out).toContain("Sandbox: yes, in the OS sandbox where it works: Read-denied paths hidden, protected paths read-only; its \"sandbox\": false is ignored: a repository's .mcp.json cannot take its own server out");
    out = '';
    await runMcpGet('mine', context);
    expect(out).toContain('Sandbox: no ("sandbox": false in its entry)');
  });

  it('/mcp says whether each running server is sandboxed, and why not', () => {
    const view = { name: 'a', scope: 'user' as const, source: 's', transport: 'stdio' as const, status: 'connected' as const, toolCount: 1, stderrTail: [] };
    expect(formatMcpServers([{ ...view, sandbox: { sandboxed: true } }])).toBe('a (stdio, user) — connected · 1 tool · sandboxed');
    expect(formatMcpServers([{ ...view, sandbox: { sandboxed: false, why: '"sandbox": false in its configuration' } }])).toBe('a (stdio, user) — connected · 1 tool · not sandboxed ("sandbox": false in its configuration)');
  });
});
