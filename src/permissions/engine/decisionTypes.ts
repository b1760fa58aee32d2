/**
 * What the engine decides and why. A verdict carries the explanation the
 * user and the model see (which rule and its source, or which mode
 * default), a trace of every part examined, and for `ask` the narrowest
 * rules that would have allowed the call.
 */
import type { Behavior, DeclaredPathAccess, Explanation, PermissionMode, ToolFamily, TraceEntry } from '../../contract/permissions.js';
import type { PermissionRuleSet } from '../rules/ruleSet.js';
import type { PathResolver } from './resolvePaths.js';
import type { ShellCommandAnalysis } from '../shell/analyzeShellCommand.js';

export type PermissionVerdict = {
  readonly behavior: Behavior;
  /** The deciding explanation (first deny, else first ask, else what allowed it). */
  readonly explanation: Explanation;
  /** One line for the model and the user, naming the rule and its source. */
  readonly message: string;
  readonly trace: readonly TraceEntry[];
  /** For ask: rules that would allow exactly this call (at most 5). */
  readonly suggestedRules: readonly string[];
};

export type DecisionEnvironment = {
  readonly mode: PermissionMode;
  readonly ruleSet: PermissionRuleSet;
  /** The directory the call runs in (Bash's cwd). */
  readonly cwd: string;
  /** The cwd first, then --add-dir / additionalDirectories. Absolute. */
  readonly workingDirectories: readonly string[];
  readonly home: string;
  readonly paths: PathResolver;
  /**
   * The command runs in the OS sandbox, and the sandbox enforces every deny
   * and ask rule a shell command could run into (src/sandbox/sandboxRules.ts):
   * effects the analyser cannot bound are then the OS's to stop, not a
   * reason to ask. Absent: false.
   */
  readonly sandboxed?: boolean;
  /**
   * The user turned the OS sandbox off (`sandbox.enabled: false`): nothing
   * bounds an analysis mistake, so a mode auto-allows only commands whose
   * every word is in the tables and that take no file or program values
   * from options, no run-time arguments and no paths it cannot resolve.
   */
  readonly sandboxOff?: boolean;
};

/**
 * A tool call as the engine sees it: what the tool declares about itself
 * (name, aliases, family) and about this call (read-only or not, the paths
 * it touches, the analysed shell command, the URL) — never its code or name.
 */
export type ToolCallSubject = {
  readonly toolName: string;
  readonly aliases?: readonly string[];
  readonly family: ToolFamily;
  readonly isReadOnly: boolean;
  /**
   * isReadOnly is a claim the tool's server makes (an MCP tool's readOnlyHint), not something agentcli
   * knows: it may shape display and concurrency, and counts for permission only once a rule allows the
   * tool or its server (the user then trusts the server's word).
   */
  readonly readOnlyClaimedByServer?: boolean;
  /** read and edit families: every path the call touches. */
  readonly paths?: readonly DeclaredPathAccess[];
  /** execute family: the command, analysed once when the call was prepared. */
  readonly shell?: ShellCommandAnalysis;
  /** network family: the URL fetched. */
  readonly url?: string;
};

export function describeExplanation(explanation: Explanation): string {
  switch (explanation.kind) {
    case 'rule':
      return `${explanation.behavior} rule ${explanation.rule} (from ${explanation.source})`;
    case 'mode':
      return `${explanation.mode} mode: ${explanation.detail}`;
    case 'safety':
      return explanation.detail;
  }
}
