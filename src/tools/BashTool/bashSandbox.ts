/**
 * Whether this Bash call runs in the OS sandbox, under which policy, and
 * the launcher that puts it there. One place decides how a command runs:
 *
 *   allowed by rules, mode or hook → the policy its analysis claimed
 *                                    (read-only, the places it writes, or
 *                                    the session's areas; see sandboxClaim.ts)
 *   approved by the user            → the session sandbox, or none when the
 *                                    user chose "run outside the sandbox"
 *
 * Decided per call from the live permission context: the mode may have
 * changed since the last command, and the tree is scanned afresh.
 */
import os from 'node:os';
import type { ToolUseContext } from '../../contract/tool.js';
import { ruleSetOf } from '../../permissions/canUseTool.js';
import { resolveWordTargets } from '../../permissions/engine/checkPathAccess.js';
import { createPathResolver } from '../../permissions/engine/resolvePaths.js';
import type { ShellCommandAnalysis } from '../../permissions/shell/analyzeShellCommand.js';
import { claimOfAnalysis, SESSION_CLAIM, type SandboxClaim } from '../../sandbox/sandboxClaim.js';
import { domainProxyFor } from '../../sandbox/domainProxy.js';
import { prepareSandbox } from '../../sandbox/sandboxLaunch.js';
import { sandboxForCall } from '../../sandbox/sessionSandbox.js';
import type { ShellLauncher } from '../../utils/process/shellCommand.js';

/** The policy a call ran under, as the REPL and the result name it. */
export type SandboxPolicyName = 'read-only' | 'claimed writes' | 'session' | 'outside';

export type BashSandbox =
  | { readonly sandboxed: false; readonly policyName?: 'outside' }
  | { readonly sandboxed: true; readonly launcher: ShellLauncher; readonly claim: SandboxClaim; readonly policyName: Exclude<SandboxPolicyName, 'outside'> };

/** Said to the model when a sandboxed command fails, so it knows where the walls are. */
export const SANDBOX_FAILURE_NOTE =
  'This command ran in the OS sandbox: the file system is read-only outside the places its permission covered (and /tmp, which is private), ' +
  'protected paths (.git/hooks, .git/config, .claude/, CLAUDE.md, AGENTS.md, .mcp.json, shell start-up files) and files the deny rules name stay read-only or hidden, ' +
  'and there is no network unless settings allow it. If the failure comes from that, do not try to get around it: ask the user.';

export type SandboxCallOptions = {
  /** The call's shell analysis (from the pipeline's grant, or made again); undefined: not understood. */
  readonly analysis: ShellCommandAnalysis | undefined;
  readonly cwd: string;
};

/** Throws (an is_error result for the model) when the sandbox is required but cannot run. */
export async function bashSandboxFor(context: ToolUseContext, options?: SandboxCallOptions): Promise<BashSandbox> {
  const permissionContext = context.appState.get().toolPermissionContext;
  const decision = sandboxForCall(permissionContext.sandbox, permissionContext.mode);
  if (decision.kind === 'refused') throw new Error(decision.message);
  if (decision.kind === 'off' || !permissionContext.sandbox) return { sandboxed: false };
  if (context.grant?.outsideSandbox === true && context.grant.by === 'user') return { sandboxed: false, policyName: 'outside' };
  const ruleSet = ruleSetOf(permissionContext, context.projectRoot);
  const workingDirectories = permissionContext.workingDirectories.length > 0 ? permissionContext.workingDirectories : [context.projectRoot];
  const writableAreas = [...workingDirectories, ...permissionContext.sandbox.settings.writablePaths];
  const claim = context.grant?.by === 'user' || !options ? SESSION_CLAIM : claimOf(options.analysis, writableAreas);
  const domains = permissionContext.sandbox.settings.allowedDomains ?? [];
  const proxySocket = claim.network && domains.length > 0 ? (await domainProxyFor(domains)).socketPath : undefined;
  const prepared = prepareSandbox({
    ...(proxySocket ? { proxySocket } : {}),
    bwrap: decision.bwrap,
    ...(decision.engine ? { engine: decision.engine } : {}),
    sandbox: permissionContext.sandbox,
    ruleSet,
    workingDirectories,
    home: ruleSet.home || os.homedir(),
    claim,
  });
  return { sandboxed: true, launcher: prepared.launcher, claim, policyName: policyNameOf(claim) };
}

function claimOf(analysis: ShellCommandAnalysis | undefined, writableAreas: readonly string[]): SandboxClaim {
  if (!analysis) return SESSION_CLAIM;
  const paths = createPathResolver();
  return claimOfAnalysis(analysis, {
    workingDirectories: writableAreas,
    resolveWrite: (access, { command, effects }) => {
      const resolved = resolveWordTargets(access.target, command.cwd, effects.cwdOverride, { paths });
      return resolved === 'unknown' ? 'unknown' : resolved.flatMap((target) => [...new Set([target.spelled, target.real])]);
    },
  });
}

function policyNameOf(claim: SandboxClaim): Exclude<SandboxPolicyName, 'outside'> {
  return claim.kind === 'read-only' ? 'read-only' : claim.kind === 'writes' ? 'claimed writes' : 'session';
}
