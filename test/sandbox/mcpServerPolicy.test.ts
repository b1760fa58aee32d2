// The policy a stdio MCP server starts under: the Bash sandbox's layers, with the network open unless settings
// say otherwise and the package caches writable (npx / uvx start servers from them).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCliRules } from '../../src/permissions/rules/ruleFileParsers.js';
import { compileRuleSet } from '../../src/permissions/rules/ruleSet.js';
import { mcpServerPolicy } from '../../src/sandbox/mcpServerSandbox.js';
import { mergeSandboxSettings } from '../../src/sandbox/sandboxSettings.js';
import { clearTreeScanCache } from '../../src/sandbox/treeScan.js';

let root: string;
let repo: string;
let home: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentcli-mcp-policy-')));
  repo = path.join(root, 'repo');
  home = path.join(root, 'home');
  for (const dir of [path.join(repo, '.git', 'hooks'), path.join(repo, 'data'), path.join(home, '.npm'), path.join(home, '.ssh')]) mkdirSync(dir, { recursive: true });
  for (const file of ['.env', 'CLAUDE.md', '.mcp.json', 'data/a.txt']) writeFileSync(path.join(repo, file), 'x');
  clearTreeScanCache();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function policy(options: { readonly deny?: readonly string[]; readonly network?: boolean } = {}) {
  const ruleSet = compileRuleSet(parseCliRules(options.deny ?? [], 'deny', '--disallowedTools').rules, { projectRoot: repo, home, folderTrusted: true });
  const sources = options.network === undefined ? [] : [{ file: 'settings.json', fromRepository: false, settings: { network: options.network } }];
  const settings = mergeSandboxSettings({ sources, override: undefined, trusted: true, projectRoot: repo, home });
  return mcpServerPolicy({ ruleSet, workingDirectories: [repo], home, sandbox: { settings, availability: undefined, configDir: path.join(root, 'config') }, env: {} }, 'bwrap');
}

describe('the MCP server sandbox policy', () => {
  it('masks Read-denied paths, keeps protected and Edit-denied paths read-only, and leaves the working directory and caches writable', () => {
    const result = policy({ deny: ['Read(./.env)', 'Edit(./data/**)'] });
    expect(result.maskedFiles).toContain(path.join(repo, '.env'));
    expect(result.readOnly).toEqual(expect.arrayContaining([path.join(repo, 'CLAUDE.md'), path.join(repo, '.mcp.json'), path.join(repo, '.git', 'hooks'), path.join(repo, 'data')]));
    expect(result.writable).toEqual(expect.arrayContaining([repo, path.join(home, '.npm')]));
    expect(result.writable).not.toContain(home);
  });

  it('keeps the network unless a settings file says network: false (the Bash default of false does not count)', () => {
    expect(policy().network).toBe(true);
    expect(policy({ network: true }).network).toBe(true);
    expect(policy({ network: false }).network).toBe(false);
  });
});
