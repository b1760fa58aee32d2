/**
 * Stdio MCP servers run inside the OS sandbox (bubblewrap) by default, so a
 * deny rule holds for what a server reads and changes — in every mode,
 * bypassPermissions included, where its tools run without asking. A server
 * is code the user chose to run, not an attacker we confine in general; the
 * sandbox makes the user's rules and the protected paths hold for it:
 *
 *   Read-denied paths        masked (an empty file or folder in their place)
 *   protected paths          read-only (CLAUDE.md, .claude/, .mcp.json, git hooks and config, shell rc files,
 *                            ~/.ssh, agentcli's config folder…), and Edit-denied paths and the paths a
 *                            deleting Bash deny names (`Bash(rm -rf data:*)`)
 *   writable                 the working directories, settings' sandbox.writablePaths, and the package
 *                            caches servers start from (`npx -y …` writes ~/.npm, `uvx` ~/.cache)
 *   network                  open (most servers need it) unless a settings file says sandbox.network: false;
 *                            with sandbox.network.allowedDomains, only through the filtering proxy the
 *                            shell uses (domainProxy.ts): no network namespace of its own but loopback,
 *                            HTTP(S)_PROXY pointing at the bridge to the proxy (sandboxNetBridge.ts)
 *
 * The policy is the Bash sandbox's (prepareSandbox), computed when the server
 * starts — and again on each restart, so a rule added since counts.
 *
 * Out: a server whose own configuration entry says `"sandbox": false` (user,
 * local or --mcp-config scope; a repository's .mcp.json cannot take its own
 * server out), or every server when settings say sandbox.enabled: false.
 * Where bubblewrap cannot run, one line says so and servers start
 * unsandboxed, unless sandbox.failIfUnavailable.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { PermissionRuleSet } from '../permissions/rules/ruleSet.js';
import { bwrapArgs } from './bwrapArgs.js';
import { probeSandbox, type SandboxAvailability } from './bwrapAvailability.js';
import { domainProxyFor } from './domainProxy.js';
import { emptyFile, prepareSandbox } from './sandboxLaunch.js';
import { existingPackageCaches } from './packageCaches.js';
import type { SandboxPolicy } from './sandboxPolicy.js';
import type { SessionSandbox } from './sessionSandbox.js';

/** What the policy is built from: the session's permission state when the server starts. */
export type McpSandboxContext = {
  readonly ruleSet: PermissionRuleSet;
  readonly workingDirectories: readonly string[];
  readonly home: string;
  readonly sandbox: SessionSandbox;
  readonly env: NodeJS.ProcessEnv;
};

/** How a server asks to be treated: its entry's `sandbox` key and where the entry comes from. */
export type McpServerSandboxRequest = {
  /** `"sandbox": false` in the entry; undefined: the default (sandboxed). */
  readonly sandbox: boolean | undefined;
  /** Repository content (.mcp.json) may not take its own server out. */
  readonly fromRepository: boolean;
};

export type StdioLaunch = {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The PATH the server is started with (where its command is looked up). */
  readonly searchPath?: string;
};

/** Whether a server runs sandboxed, and why not when it does not: shown by /mcp, `mcp get` and `permissions check`. */
export type McpSandboxState = { readonly sandboxed: true } | { readonly sandboxed: false; readonly why: string };

export type SandboxedLaunch =
  | { readonly ok: true; readonly launch: StdioLaunch; readonly state: McpSandboxState; readonly policy?: SandboxPolicy }
  | { readonly ok: false; readonly error: string };

/** The decision before any probing: wanted, or out on purpose (and why). */
export function mcpSandboxWanted(request: McpServerSandboxRequest, sandbox: SessionSandbox): McpSandboxState {
  if (sandbox.settings.enabled === false) return { sandboxed: false, why: 'sandbox.enabled is false in settings' };
  if (request.sandbox === false && !request.fromRepository) return { sandboxed: false, why: '"sandbox": false in its configuration' };
  return { sandboxed: true };
}

/** The allowed domains a server's network goes through the filtering proxy for; empty: all or nothing. */
export function mcpServerAllowedDomains(settings: SessionSandbox['settings']): readonly string[] {
  return settings.networkRestricted === true ? [] : (settings.allowedDomains ?? []);
}

/** `proxySocket`: the filtering proxy's socket, required when the settings allow only some domains. */
export function mcpServerPolicy(context: McpSandboxContext, bwrap: string, proxySocket?: string): SandboxPolicy {
  const settings = context.sandbox.settings;
  const sandbox: SessionSandbox = {
    ...context.sandbox,
    settings: { ...settings, network: settings.networkRestricted !== true, writablePaths: [...settings.writablePaths, ...existingPackageCaches(context.home, { env: context.env })] },
  };
  return prepareSandbox({ bwrap, sandbox, ruleSet: context.ruleSet, workingDirectories: context.workingDirectories, home: context.home, ...(proxySocket ? { proxySocket } : {}) }).policy;
}

export type McpServerSandbox = {
  /** The command that starts the server: bwrap around the configured one, or the configured one with the reason. */
  wrap(request: McpServerSandboxRequest, launch: StdioLaunch): Promise<SandboxedLaunch>;
};

export function createMcpServerSandbox(options: {
  /** The permission state now (servers may start before the session has finished loading it: awaited). */
  readonly context: () => Promise<McpSandboxContext>;
  /** Said once per process when servers must start unsandboxed because bubblewrap cannot run. */
  readonly onWarning: (line: string) => void;
  readonly probe?: () => Promise<SandboxAvailability>;
}): McpServerSandbox {
  let warned = false;
  let probed: Promise<SandboxAvailability> | undefined;
  return {
    async wrap(request, launch) {
      const context = await options.context();
      const wanted = mcpSandboxWanted(request, context.sandbox);
      if (!wanted.sandboxed) return { ok: true, launch, state: wanted };
      // The session may have probed already (the Bash sandbox); otherwise once per session.
      probed ??= context.sandbox.availability ? Promise.resolve(context.sandbox.availability) : (options.probe ?? (() => probeSandbox(context.env)))();
      const availability = await probed;
      if (!availability.available) {
        if (context.sandbox.settings.failIfUnavailable) {
          return { ok: false, error: `it must run in the sandbox (sandbox.failIfUnavailable), but the sandbox is unavailable: ${availability.reason}; ${availability.howToEnable}` };
        }
        if (!warned) {
          warned = true;
          options.onWarning(`MCP servers run unsandboxed: the sandbox is unavailable (${availability.reason}). To enable it: ${availability.howToEnable}; set sandbox.failIfUnavailable to refuse instead.`);
        }
        return { ok: true, launch, state: { sandboxed: false, why: `the sandbox is unavailable: ${availability.reason}` } };
      }
      // Inside, bwrap would be the one to find the command missing: find it first, so the error says what is wrong.
      if ((await findCommand(launch.command, launch.cwd, launch.searchPath)) === undefined) {
        return { ok: false, error: `the command "${launch.command}" was not found (is it installed and on PATH?)` };
      }
      const domains = mcpServerAllowedDomains(context.sandbox.settings);
      const proxySocket = domains.length > 0 ? (await domainProxyFor(domains)).socketPath : undefined;
      const policy = mcpServerPolicy(context, availability.bwrap, proxySocket);
      const args = bwrapArgs(policy, { argv: [launch.command, ...launch.args], cwd: launch.cwd, emptyFile: emptyFile() });
      return { ok: true, launch: { command: availability.bwrap, args, cwd: launch.cwd }, state: { sandboxed: true }, policy };
    },
  };
}

/** The executable a command names, looked up as execvp would (a name with a slash is a path from cwd). */
async function findCommand(command: string, cwd: string, searchPath: string | undefined): Promise<string | undefined> {
  const candidates = command.includes('/') ? [path.resolve(cwd, command)] : (searchPath ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return undefined;
}
