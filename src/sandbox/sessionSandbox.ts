/**
 * The session's sandbox: its settings, whether bwrap works here, and for
 * each call whether the command runs inside it. On by default in every
 * mode where bwrap works: the analyser proposes, the sandbox disposes.
 * `sandbox.enabled: false` turns it off (one warning line at start, and the
 * analyser then auto-allows only what it fully understands).
 */
import { existsSync } from 'node:fs';
import type { PermissionRuleSet } from '../permissions/rules/ruleSet.js';
import type { PermissionMode } from '../contract/permissions.js';
import { probeSandbox, type SandboxAvailability } from './bwrapAvailability.js';
import { rulesBeyondSandbox } from './sandboxRules.js';
import type { SandboxSettings } from './sandboxSettings.js';

export type SessionSandbox = {
  readonly settings: SandboxSettings;
  /** Undefined when nothing in this session could want the sandbox (never probed). */
  readonly availability: SandboxAvailability | undefined;
  /** agentcli's own folder (user settings and rules): read-only inside. */
  readonly configDir: string;
};

export type SandboxForCall =
  | { readonly kind: 'off' }
  | { readonly kind: 'on'; readonly bwrap: string; readonly engine?: 'bwrap' | 'seatbelt' }
  /** Wanted, unavailable, and settings say refuse rather than run unsandboxed. */
  | { readonly kind: 'refused'; readonly message: string };

export type CreateSandboxOptions = {
  readonly settings: SandboxSettings;
  readonly configDir: string;
  /** Kept for callers from before the sandbox was on in every mode; no longer changes anything. */
  readonly bypassPossible?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  readonly probe?: () => Promise<SandboxAvailability>;
};

export async function createSessionSandbox(options: CreateSandboxOptions): Promise<SessionSandbox> {
  const mayBeWanted = options.settings.enabled !== false;
  const availability = mayBeWanted ? await (options.probe ?? (() => probeSandbox(options.env)))() : undefined;
  return { settings: options.settings, availability, configDir: options.configDir };
}

export function isSandboxWanted(sandbox: SessionSandbox, _mode?: PermissionMode): boolean {
  return sandbox.settings.enabled ?? true;
}

export function sandboxForCall(sandbox: SessionSandbox | undefined, mode: PermissionMode): SandboxForCall {
  if (!sandbox || !isSandboxWanted(sandbox, mode)) return { kind: 'off' };
  const availability = sandbox.availability;
  if (availability?.available) return { kind: 'on', bwrap: availability.bwrap, ...(availability.engine === 'seatbelt' ? { engine: 'seatbelt' as const } : {}) };
  if (!sandbox.settings.failIfUnavailable) return { kind: 'off' };
  const why = availability ? `${availability.reason}; ${availability.howToEnable}` : 'it was not probed at start-up';
  return { kind: 'refused', message: `Bash commands must run in the sandbox (sandbox.failIfUnavailable), but it is unavailable: ${why}.` };
}

/** The one line said at start when the sandbox is wanted but cannot run; undefined when all is well. */
export function sandboxStartupProblem(sandbox: SessionSandbox, mode: PermissionMode): { readonly fatal: boolean; readonly line: string } | undefined {
  if (sandbox.settings.enabled === false) {
    return {
      fatal: false,
      line: 'the Bash sandbox is off (sandbox.enabled: false): commands run unsandboxed, and only commands the analyser fully understands run without asking.',
    };
  }
  const availability = sandbox.availability;
  if (!isSandboxWanted(sandbox, mode) || !availability || availability.available) return undefined;
  if (sandbox.settings.failIfUnavailable) {
    return { fatal: true, line: `the Bash sandbox is required (sandbox.failIfUnavailable) but unavailable: ${availability.reason}. To enable it: ${availability.howToEnable}.` };
  }
  return {
    fatal: false,
    line: `the Bash sandbox is unavailable (${availability.reason}), so commands run unsandboxed. To enable it: ${availability.howToEnable}; set sandbox.failIfUnavailable to refuse instead.`,
  };
}

/**
 * The decision input: the command will run in the sandbox and the sandbox
 * enforces every deny and ask rule a shell command could run into, so a
 * command whose effects the analyser cannot bound needs no question.
 */
export function sandboxEnforcesRules(
  sandbox: SessionSandbox | undefined,
  call: { readonly mode: PermissionMode; readonly ruleSet: PermissionRuleSet; readonly workingDirectories: readonly string[] },
): boolean {
  if (!sandbox || sandboxForCall(sandbox, call.mode).kind !== 'on') return false;
  const beyond = rulesBeyondSandbox(call.ruleSet, {
    network: sandbox.settings.network,
    writableAreas: [...call.workingDirectories, ...sandbox.settings.writablePaths],
    exists: existsSync,
  });
  return beyond.length === 0;
}
