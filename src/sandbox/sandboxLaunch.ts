/**
 * Prepares one sandboxed command: scans the working directories for what
 * must be protected (at call time, so a `.env` created a minute ago is
 * masked too), builds the policy the command's claim allows (see
 * sandboxClaim.ts; without one, the session sandbox), and returns the
 * launcher that wraps the shell in bwrap.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PermissionRuleSet } from '../permissions/rules/ruleSet.js';
import { registerCleanup } from '../utils/cleanup.js';
import type { ShellLauncher } from '../utils/process/shellCommand.js';
import { bwrapArgs } from './bwrapArgs.js';
import { configLocationsNamedByEnvironment, PROTECTED_HOME_ENTRIES, protectedNameSearch } from './protectedNames.js';
import { existingPackageCaches } from './packageCaches.js';
import { SESSION_CLAIM, type SandboxClaim } from './sandboxClaim.js';
import { buildSandboxPolicy, type SandboxPolicy } from './sandboxPolicy.js';
import { sandboxRuleTargets } from './sandboxRules.js';
import type { SessionSandbox } from './sessionSandbox.js';
import { seatbeltArgs, seatbeltProfile } from './seatbeltProfile.js';
import { scanTree } from './treeScan.js';

export type SandboxLaunchOptions = {
  /** The program that builds the sandbox: bwrap, or sandbox-exec when engine is 'seatbelt'. */
  readonly bwrap: string;
  readonly engine?: 'bwrap' | 'seatbelt';
  readonly sandbox: SessionSandbox;
  readonly ruleSet: PermissionRuleSet;
  readonly workingDirectories: readonly string[];
  readonly home: string;
  /** What the command's analysis claimed; absent: the session sandbox (approved commands, MCP servers). */
  readonly claim?: SandboxClaim;
  /** The filtering proxy's socket when settings allow only some domains (domainProxy.ts). */
  readonly proxySocket?: string;
};

export type PreparedSandbox = {
  readonly policy: SandboxPolicy;
  readonly claim: SandboxClaim;
  readonly launcher: ShellLauncher;
};

export function prepareSandbox(options: SandboxLaunchOptions): PreparedSandbox {
  const { sandbox, ruleSet, home } = options;
  const claim = options.claim ?? SESSION_CLAIM;
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
  const homeEntries = [...PROTECTED_HOME_ENTRIES.map((entry) => path.join(home, entry)), ...configLocationsNamedByEnvironment(), sandbox.configDir];
  const areas = claim.kind === 'session';
  const limitedDomains = (sandbox.settings.allowedDomains?.length ?? 0) > 0;
  const policy = buildSandboxPolicy({
    workingDirectories: areas ? workingDirectories : [],
    writablePaths: areas ? [...sandbox.settings.writablePaths.filter((p) => existsSync(p)), ...existingPackageCaches(home)] : [],
    claimedWritable: claim.kind === 'writes' ? claim.places : [],
    visibleAreas: workingDirectories,
    readOnly: [...scan.protectedPaths, ...scan.readOnly, ...[...targets.readOnlyPaths, ...homeEntries].filter((p) => existsSync(p))],
    masked: scan.masked,
    // Allowed domains: no network of its own, only the proxy (callers that may need it — Bash, MCP servers —
    // bring its socket; without one, no network at all); otherwise all of it or none.
    network: claim.network && sandbox.settings.network && !limitedDomains,
    ...(claim.network && limitedDomains && options.proxySocket ? { proxySocket: options.proxySocket } : {}),
  });
  const launcher: ShellLauncher = (shell, { cwd }) => {
    if (options.engine === 'seatbelt') {
      const tmpDir = mkdtempSync(path.join(path.dirname(emptyFile()), 'tmp-'));
      const profile = seatbeltProfile(policy, { tmpDir });
      // No PID namespace on macOS: the process-group kill and stray check stay in force.
      return { file: options.bwrap, args: seatbeltArgs(profile, ['/usr/bin/env', `TMPDIR=${tmpDir}`, 'AGENTCLI_SANDBOX=1', shell.file, ...shell.args]) };
    }
    // --unshare-pid: when the shell ends, the kernel ends everything else in the namespace.
    return { file: options.bwrap, args: bwrapArgs(policy, { argv: [shell.file, ...shell.args], cwd, emptyFile: emptyFile() }), treeEndsWithIt: true };
  };
  return { policy, claim, launcher };
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
