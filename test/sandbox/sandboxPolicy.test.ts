// The pure parts: what the tree scan finds at call time, how the policy layers writable,
// read-only and masked paths, and the bwrap command line it becomes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compilePathPattern } from '../../src/permissions/rules/pathPattern.js';
import { bwrapArgs } from '../../src/sandbox/bwrapArgs.js';
import { protectedNameSearch } from '../../src/sandbox/protectedNames.js';
import { buildSandboxPolicy } from '../../src/sandbox/sandboxPolicy.js';
import { clearTreeScanCache, scanTree } from '../../src/sandbox/treeScan.js';

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentcli-scan-')));
  clearTreeScanCache();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function touch(...names: string[]): void {
  for (const name of names) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), 'x');
  }
}

const pattern = (specifier: string) => compilePathPattern(specifier, { root, home: '/home/nobody' });
const scan = (specs: string[] = [], purpose: 'mask' | 'read-only' = 'mask') =>
  scanTree({ roots: [root], nameSearch: protectedNameSearch, patterns: specs.map((s) => ({ pattern: pattern(s), purpose })) });
const relative = (paths: readonly string[]) => paths.map((p) => path.relative(root, p)).sort();

describe('scanTree', () => {
  it('finds a name pattern at any depth, and a folder pattern as the folder itself', () => {
    touch('.env', 'a/b/.env', 'secrets/k1', 'secrets/sub/k2', 'src/x.ts');
    const result = scan(['.env', './secrets/**']);
    expect(relative(result.masked.map((m) => m.path))).toEqual(['.env', 'a/b/.env', 'secrets']);
    expect(result.masked.find((m) => m.path.endsWith('secrets'))?.isDirectory).toBe(true);
  });

  it('resolves at call time: a file created after the last scan is found by the next', () => {
    touch('.env');
    expect(relative(scan(['.env']).masked.map((m) => m.path))).toEqual(['.env']);
    touch('later/deep/.env');
    expect(relative(scan(['.env']).masked.map((m) => m.path))).toEqual(['.env', 'later/deep/.env']);
  });

  it('does not search node_modules by name, but finds a path a pattern names in it', () => {
    touch('node_modules/pkg/.env', 'node_modules/pkg/CLAUDE.md', 'node_modules/other/secret.pem');
    const result = scan(['.env', './node_modules/other/secret.pem']);
    expect(relative(result.masked.map((m) => m.path))).toEqual(['node_modules/other/secret.pem']);
    expect(result.protectedPaths).toEqual([]);
  });

  it('protects agent files anywhere, and in .git only what runs code', () => {
    execFileSync('git', ['init', '-q', root]);
    execFileSync('git', ['-C', root, 'config', 'core.hooksPath', '.husky']);
    touch('CLAUDE.md', 'pkg/AGENTS.md', 'pkg/deep/CLAUDE.local.md', '.claude/settings.json', '.mcp.json', '.envrc', '.husky/pre-commit', 'src/CLAUDE.md.bak');
    expect(relative(scan().protectedPaths)).toEqual(['.claude', '.envrc', '.git/config', '.git/hooks', '.husky', '.mcp.json', 'CLAUDE.md', 'pkg/AGENTS.md', 'pkg/deep/CLAUDE.local.md']);
  });

  it('a .git file (worktree, submodule) is protected itself: it says where the hooks live', () => {
    touch('.git');
    expect(relative(scan().protectedPaths)).toEqual(['.git']);
  });
});

describe('buildSandboxPolicy', () => {
  const base = { workingDirectories: ['/w'], writablePaths: [], readOnly: [], masked: [], network: false };

  it('read-only applies inside writable areas only, never over a parent of one, outermost first', () => {
    const policy = buildSandboxPolicy({ ...base, readOnly: ['/w/.claude', '/w/.claude/settings.json', '/etc/hosts', '/', '/w/.git/hooks'] });
    expect(policy.readOnly).toEqual(['/w/.claude', '/w/.git/hooks']);
  });

  it('a mask wins over what is inside it: no writable or read-only bind may show through', () => {
    const policy = buildSandboxPolicy({
      ...base,
      writablePaths: ['/h/.aws/cache'],
      readOnly: ['/w/secrets/CLAUDE.md'],
      masked: [{ path: '/w/secrets', isDirectory: true }, { path: '/w/secrets/k', isDirectory: false }, { path: '/h/.aws', isDirectory: true }, { path: '/w/.env', isDirectory: false }],
    });
    expect(policy).toMatchObject({ writable: ['/w'], readOnly: [], maskedDirectories: ['/h/.aws', '/w/secrets'], maskedFiles: ['/w/.env'] });
  });

  it('writable areas are mounted parents first', () => {
    expect(buildSandboxPolicy({ ...base, workingDirectories: ['/w/sub', '/w'], writablePaths: ['/c'] }).writable).toEqual(['/c', '/w', '/w/sub']);
  });
});

describe('bwrapArgs', () => {
  const policy = buildSandboxPolicy({
    workingDirectories: ['/w'],
    writablePaths: [],
    readOnly: ['/w/CLAUDE.md'],
    masked: [{ path: '/w/.env', isDirectory: false }, { path: '/w/secrets', isDirectory: true }],
    network: false,
  });
  const args = bwrapArgs(policy, { argv: ['/bin/bash', '-c', 'x'], cwd: '/w', emptyFile: '/tmp/empty' });

  it('read-only root, private /tmp, then writable, read-only and masks, in that order', () => {
    const joined = args.join(' ');
    expect(joined).toContain('--ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --bind /w /w --ro-bind /w/CLAUDE.md /w/CLAUDE.md --tmpfs /w/secrets --remount-ro /w/secrets --ro-bind /tmp/empty /w/.env');
    expect(args.slice(-4)).toEqual(['--', '/bin/bash', '-c', 'x']);
  });

  it('new PID namespace, no capabilities, dies with its parent, no network unless allowed', () => {
    expect(args).toEqual(expect.arrayContaining(['--unshare-pid', '--die-with-parent', '--unshare-net']));
    expect(args.join(' ')).toContain('--cap-drop ALL');
    expect(bwrapArgs({ ...policy, network: true }, { argv: ['x'], cwd: '/w', emptyFile: '/e' })).not.toContain('--unshare-net');
  });
});
