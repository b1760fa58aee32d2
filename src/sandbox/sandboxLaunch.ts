/**
 * Prepares one sandboxed command: scans the working directories for what
 * must be protected (at call time, so a `.env` created a minute ago is
 * masked too), builds the policy, and returns the launcher that wraps the
 * shell in bwrap.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PermissionRuleSet } from '../permissions/rules/ruleSet.js';
import { registerCleanup } from '../utils/cleanup.js';
import type { ShellLauncher } from '../utils/process/shellCommand.js';
import { bwrapArgs } from './bwrapArgs.js';
import { PROTECTED_HOME_ENTRIES, protectedNameSearch } from './protectedNames.js';
import { buildSandboxPolicy, type SandboxPolicy } from './sandboxPolicy.js';
import { sandboxRuleTargets } from './sandboxRules.js';
import type { SessionSandbox } from './sessionSandbox.js';
import { scanTree } from './treeScan.js';

export type SandboxLaunchOptions = {
  readonly bwrap: string;
  readonly sandbox: SessionSandbox;
  readonly ruleSet: PermissionRuleSet;
  readonly workingDirectories: readonly string[];
  readonly home: string;
};

export type PreparedSandbox = {
  /** The policy without the per-command state file (for tests and diagnostics). */
  readonly policy: SandboxPolicy;
  readonly launcher: ShellLauncher;
};

export function prepareSandbox(options: SandboxLaunchOptions): PreparedSandbox {
  const { sandbox, ruleSet, home } = options;
  const workingDirectories = options.workingDirectories.filter((dir) => existsSync(dir));
  const targets = sandboxRuleTargets(ruleSet);
  const scan = scanTree({
    roots: workingDirectories,
    nameSearch: protectedNameSearch,
    patterns: [
      ...targets.masked.map((pattern) => ({ pattern, purpose: 'mask' as const })),
      ...targets.readOnlyPatterns.map((pattern) => ({ pattern, purpose: 'read-only' as const })),
    ],
  });
  const homeEntries = [...PROTECTED_HOME_ENTRIES.map((entry) => path.join(home, entry)), sandbox.configDir];
  const facts = {
    workingDirectories,
    writablePaths: sandbox.settings.writablePaths.filter((p) => existsSync(p)),
    readOnly: [...scan.protectedPaths, ...scan.readOnly, ...[...targets.readOnlyPaths, ...homeEntries].filter((p) => existsSync(p))],
    masked: scan.masked,
    network: sandbox.settings.network,
  };
  const policy = buildSandboxPolicy({ ...facts, stateFiles: [] });
  const launcher: ShellLauncher = (shell, { cwd, stateFile }) => {
    const withState = buildSandboxPolicy({ ...facts, stateFiles: [stateFile] });
    // --unshare-pid: when the shell ends, the kernel ends everything else in the namespace.
    return { file: options.bwrap, args: bwrapArgs(withState, { argv: [shell.file, ...shell.args], cwd, emptyFile: emptyFile() }), treeEndsWithIt: true };
  };
  return { policy, launcher };
}

let emptyFilePath: string | undefined;

/** One empty, read-only file per process, bound over every masked file (MCP server sandboxes share it). */
export function emptyFile(): string {
  if (emptyFilePath && existsSync(emptyFilePath)) return emptyFilePath;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentcli-sandbox-'));
  const file = path.join(dir, 'empty');
  writeFileSync(file, '', { mode: 0o444 });
  registerCleanup(() => rmSync(dir, { recursive: true, force: true }));
  emptyFilePath = file;
  return file;
}
