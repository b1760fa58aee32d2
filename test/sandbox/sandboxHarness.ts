// A temporary repository with secrets, protected files and data, and a way to run Bash
// commands in it through the real BashTool with the OS sandbox on, bypassing the permission
// decision: these tests are about what the OS stops, judged by what is on disk afterwards.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolUseContext } from '../../src/contract/tool.js';
import { parseRule } from '../../src/permissions/rules/parseRule.js';
import type { SourcedRule } from '../../src/permissions/rules/permissionRule.js';
import { compileRuleSet } from '../../src/permissions/rules/ruleSet.js';
import type { PermissionMode, ToolPermissionContext } from '../../src/contract/permissions.js';
import { probeSandbox, type SandboxAvailability } from '../../src/sandbox/bwrapAvailability.js';
import { mergeSandboxSettings, type SandboxSettingsFragment } from '../../src/sandbox/sandboxSettings.js';
import { createSessionSandbox } from '../../src/sandbox/sessionSandbox.js';
import { createAppStateStore, initialAppState } from '../../src/state/appState.js';
import { createReadFileState } from '../../src/state/readFileState.js';
import { BashTool, preloadBashTool, type BashProgress } from '../../src/tools/BashTool/BashTool.js';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import type { BashResult } from '../../src/tools/BashTool/bashResult.js';
import { BackgroundTaskRegistry } from '../../src/tasks/backgroundTasks.js';

export const SECRET = 'hunter2-secret-value';

/** The deny rules of the attack scenario. */
export const SCENARIO_DENY_RULES = ['Bash(rm -rf data:*)', 'Read(./.env)', 'Read(./secrets/**)', 'Read(*.pem)', 'Edit(./locked.txt)'];

export type SandboxRepo = {
  readonly base: string;
  readonly root: string;
  readonly home: string;
  readonly configDir: string;
  /** Outside the working directory and home. */
  readonly outside: string;
  /** Path → content of every file the attacks must leave as it was. */
  readonly guarded: Readonly<Record<string, string>>;
  remove(): void;
};

/**
 * Not under /tmp: the sandbox gives commands a private /tmp, which would hide the fake home and
 * the "outside" folder and make the read-only checks pass for the wrong reason.
 */
function testBase(): string {
  for (const dir of ['/var/tmp', os.tmpdir()]) {
    try {
      return realpathSync(mkdtempSync(path.join(dir, 'agentcli-sandbox-test-')));
    } catch {
      // not writable here: try the next
    }
  }
  throw new Error('no temporary folder');
}

export function createSandboxRepo(): SandboxRepo {
  const base = testBase();
  const home = path.join(base, 'home');
  const root = path.join(home, 'repo');
  const outside = path.join(base, 'outside');
  const configDir = path.join(home, '.agentcli');
  for (const dir of [root, outside, configDir, path.join(home, '.ssh')]) mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', root]);
  const files: Record<string, string> = {
    '.env': `TOKEN=${SECRET}\n`,
    'secrets/key.txt': `${SECRET}\n`,
    'deep/nested/cert.pem': `${SECRET}\n`,
    'data/important.txt': 'precious data\n',
    'locked.txt': 'locked\n',
    'CLAUDE.md': '# rules\ndeny: Bash(curl:*)\n',
    'AGENTS.md': 'agents\n',
    'sub/CLAUDE.md': 'nested instructions\n',
    'sub/AGENTS.md': 'nested agents\n',
    'CLAUDE.local.md': 'local\n',
    '.mcp.json': '{"mcpServers":{}}\n',
    '.claude/settings.json': '{"permissions":{"deny":[]}}\n',
    '.envrc': 'export X=1\n',
    'src/app.ts': 'export const app = 1;\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  writeFileSync(path.join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  writeFileSync(path.join(home, '.bashrc'), '# bashrc\n');
  writeFileSync(path.join(home, '.ssh/config'), 'Host x\n');
  writeFileSync(path.join(outside, 'other.txt'), 'outside\n');
  writeFileSync(path.join(configDir, 'settings.json'), '{}\n');
  const guardedPaths = [
    ...Object.keys(files).filter((name) => name !== 'src/app.ts').map((name) => path.join(root, name)),
    path.join(root, '.git/hooks/pre-commit'),
    path.join(root, '.git/config'),
    path.join(home, '.bashrc'),
    path.join(home, '.ssh/config'),
    path.join(outside, 'other.txt'),
    path.join(configDir, 'settings.json'),
  ];
  const guarded = Object.fromEntries(guardedPaths.map((file) => [file, readFileSync(file, 'utf8')]));
  return { base, root, home, outside, configDir, guarded, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** Every guarded file that is missing or changed, and every file that appeared next to them. */
export function damage(repo: SandboxRepo): string[] {
  const problems: string[] = [];
  for (const [file, content] of Object.entries(repo.guarded)) {
    if (!existsSync(file)) problems.push(`deleted: ${file}`);
    else if (readFileSync(file, 'utf8') !== content) problems.push(`changed: ${file}`);
  }
  const hooks = readdirSync(path.join(repo.root, '.git/hooks'));
  for (const hook of hooks) if (!hook.endsWith('.sample') && hook !== 'pre-commit') problems.push(`new hook: ${hook}`);
  for (const dir of [path.join(repo.root, '.claude'), path.join(repo.home, '.ssh')]) {
    for (const name of readdirSync(dir)) if (!Object.keys(repo.guarded).includes(path.join(dir, name))) problems.push(`new file: ${path.join(dir, name)}`);
  }
  return problems;
}

export type SandboxRunOptions = {
  readonly deny?: readonly string[];
  readonly settings?: SandboxSettingsFragment;
  readonly mode?: PermissionMode;
  readonly timeoutMs?: number;
  readonly background?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: BashProgress) => void;
  /** 'user': run as a call the user approved (the session sandbox); default: as auto-allowed (the claimed policy). */
  readonly grant?: 'user' | 'rules';
};

export async function sandboxContext(repo: SandboxRepo, options: SandboxRunOptions = {}): Promise<ToolUseContext> {
  const sourced: SourcedRule[] = (options.deny ?? SCENARIO_DENY_RULES).map((text) => {
    const parsed = parseRule(text);
    if (!parsed.ok) throw new Error(parsed.error);
    return { behavior: 'deny', rule: parsed.value, source: { kind: 'projectSettings', origin: '.claude/settings.json', fromRepository: true } };
  });
  const ruleSet = compileRuleSet(sourced, { projectRoot: repo.root, home: repo.home, folderTrusted: true });
  const settings = mergeSandboxSettings({
    sources: [{ file: 'test', fromRepository: false, settings: { enabled: true, ...options.settings } }],
    override: undefined,
    trusted: true,
    projectRoot: repo.root,
    home: repo.home,
  });
  const sandbox = await createSessionSandbox({ settings, configDir: repo.configDir, bypassPossible: true });
  const permissionContext: ToolPermissionContext = {
    mode: options.mode ?? 'bypassPermissions',
    workingDirectories: [repo.root],
    isBypassAvailable: true,
    rules: { __ruleSet: true, ruleSet },
    sandbox,
  };
  return {
    abortSignal: options.signal ?? new AbortController().signal,
    toolUseId: `sandbox-${Math.random().toString(36).slice(2)}`,
    cwd: repo.root,
    projectRoot: repo.root,
    session: { id: 'sandbox-test', dir: path.join(repo.base, 'session'), configDir: repo.configDir },
    readFileState: createReadFileState(),
    tools: [BashTool],
    messages: [],
    model: 'test',
    isInteractive: false,
    appState: createAppStateStore(initialAppState(permissionContext)),
    mcpClients: [],
    backgroundTasks: new BackgroundTaskRegistry(),
    ...(options.grant ? { grant: { by: options.grant } } : {}),
  };
}

export async function runSandboxed(repo: SandboxRepo, command: string, options: SandboxRunOptions = {}): Promise<BashResult> {
  const context = await sandboxContext(repo, options);
  const input = BashTool.inputSchema.parse({ command, ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}), ...(options.background ? { run_in_background: true } : {}) });
  const { data } = await BashTool.call(input, context, options.onProgress ?? (() => undefined));
  return data;
}

export async function sandboxAvailability(): Promise<SandboxAvailability> {
  return probeSandbox();
}

/** Host pids of running processes whose command line holds `marker` (pids inside the sandbox are another namespace's). */
export function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (cmdline.includes(marker) && state !== 'Z' && state !== 'X' && Number(name) !== process.pid) found.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/** A fresh sandbox repository for each test of the file (the Bash analyser preloaded once); read it with the getter. */
export function useFreshSandboxRepo(): () => SandboxRepo {
  let repo: SandboxRepo | undefined;
  beforeAll(async () => {
    await preloadBashTool();
  });
  beforeEach(() => {
    repo = createSandboxRepo();
  });
  afterEach(() => repo?.remove());
  return () => repo!;
}
