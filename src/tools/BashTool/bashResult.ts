/**
 * What a Bash call returns, and how that becomes the tool_result the model
 * reads: the output first, then anything it must know (exit code, timeout,
 * directory reset, where the full output went). A non-zero exit or a
 * timeout is an error result, so a failing command in a parallel batch
 * cancels its siblings.
 */
import type { ToolResultBlockParam } from '../../types/messages.js';
import type { SandboxPolicyName } from './bashSandbox.js';

export type BashForegroundResult = {
  readonly kind: 'foreground';
  readonly command: string;
  readonly output: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly timeoutMs: number;
  readonly durationMs: number;
  /** The working directory later calls start in. */
  readonly cwd: string;
  /** Things the model must know beyond the output (directory reset, stopped stray processes). */
  readonly notes: readonly string[];
  /** The complete output, when it was too large to keep in memory. */
  readonly fullOutputFile?: string;
  /** It ran in the OS sandbox (src/sandbox/). */
  readonly sandboxed?: boolean;
  /** Which policy it ran under ('outside': the user chose to run it outside the sandbox). */
  readonly sandboxPolicy?: SandboxPolicyName;
};

export type BashBackgroundResult = {
  readonly kind: 'background';
  readonly command: string;
  readonly taskId: string;
  readonly pid: number;
  readonly cwd: string;
  readonly sandboxed?: boolean;
  /** It started in the foreground and the user sent it to the background while it ran (Ctrl+B). */
  readonly movedByUser?: boolean;
};

export type BashResult = BashForegroundResult | BashBackgroundResult;

export function isFailedBashResult(result: BashResult): boolean {
  return result.kind === 'foreground' && (result.timedOut || result.exitCode !== 0);
}

export function bashResultText(result: BashResult): string {
  if (result.kind === 'background') {
    const where = `(pid ${result.pid}, in ${result.cwd}${result.sandboxed ? ', in the OS sandbox' : ''})`;
    return [
      result.movedByUser
        ? `The user sent this command to the background while it ran; it keeps running as task ${result.taskId} ${where}. You will be told when it ends.`
        : `Started in the background as task ${result.taskId} ${where}.`,
      `Read its new output with TaskOutput({"task_id": "${result.taskId}"}); stop it with TaskStop({"task_id": "${result.taskId}"}).`,
    ].join('\n');
  }
  const parts: string[] = [];
  const output = result.output.replace(/\n+$/, '');
  if (result.timedOut) {
    parts.push(
      `Command timed out after ${formatDuration(result.timeoutMs)} and was stopped, with every process it started.` +
        ' If it needs longer, pass a larger timeout (at most 600000 ms) or run it with run_in_background.',
    );
    parts.push(output ? `Output before the timeout:\n${output}` : 'It printed nothing before the timeout.');
  } else {
    parts.push(output || '(no output)');
  }
  parts.push(...result.notes);
  if (!result.timedOut) {
    if (result.exitCode === null) parts.push(`The command was ended by signal ${result.signal ?? 'unknown'}.`);
    else if (result.exitCode !== 0) parts.push(`Exit code ${result.exitCode}`);
  }
  return parts.join('\n');
}

export function mapBashResult(result: BashResult, toolUseId: string): ToolResultBlockParam {
  const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: toolUseId, content: bashResultText(result) };
  return isFailedBashResult(result) ? { ...block, is_error: true } : block;
}

function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
