/**
 * Whether this Bash call runs in the OS sandbox, and the launcher that puts
 * it there. Decided per call from the live permission context: the mode
 * may have changed since the last command, and the tree is scanned afresh.
 */
import os from 'node:os';
import type { ToolUseContext } from '../../Tool.js';
import { ruleSetOf } from '../../permissions/canUseTool.js';
import { prepareSandbox } from '../../sandbox/sandboxLaunch.js';
import { sandboxForCall } from '../../sandbox/sessionSandbox.js';
import type { ShellLauncher } from '../../utils/process/shellCommand.js';

export type BashSandbox = { readonly sandboxed: false } | { readonly sandboxed: true; readonly launcher: ShellLauncher };

/** Said to the model when a sandboxed command fails, so it knows where the walls are. */
export const SANDBOX_FAILURE_NOTE =
  'This command ran in the OS sandbox: the file system is read-only outside the working directories (and /tmp, which is private), ' +
  'protected paths (.git/hooks, .git/config, .claude/, CLAUDE.md, AGENTS.md, .mcp.json, shell start-up files) and files the deny rules name stay read-only or hidden, ' +
  'and there is no network unless settings allow it. If the failure comes from that, do not try to get around it: ask the user.';

/** Throws (an is_error result for the model) when the sandbox is required but cannot run. */
export function bashSandboxFor(context: ToolUseContext): BashSandbox {
  const permissionContext = context.appState.get().toolPermissionContext;
  const decision = sandboxForCall(permissionContext.sandbox, permissionContext.mode);
  if (decision.kind === 'refused') throw new Error(decision.message);
  if (decision.kind === 'off' || !permissionContext.sandbox) return { sandboxed: false };
  const ruleSet = ruleSetOf(permissionContext, context.projectRoot);
  const prepared = prepareSandbox({
    bwrap: decision.bwrap,
    sandbox: permissionContext.sandbox,
    ruleSet,
    workingDirectories: permissionContext.workingDirectories.length > 0 ? permissionContext.workingDirectories : [context.projectRoot],
    home: ruleSet.home || os.homedir(),
  });
  return { sandboxed: true, launcher: prepared.launcher };
}
