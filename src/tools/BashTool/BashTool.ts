/**
 * Bash: runs a shell command for the model. Foreground commands stream
 * their output as progress and return it (bounded) with the exit code;
 * background commands become tasks read with TaskOutput and stopped with
 * TaskStop. The working directory carries over between calls through the
 * result's contextModifier.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildTool, type ToolUseContext, toolResultsDir } from '../../contract/tool.js';
import type { BackgroundTaskInfo } from '../../contract/backgroundTasks.js';
import { mapBashResult, type BashBackgroundResult, type BashForegroundResult, type BashResult } from './bashResult.js';
import { declareShellFacts, isConcurrencySafeBashCall, isReadOnlyBashCall, preloadBashTool } from './commandSafety.js';
import { BASH_TOOL_NAME, bashPrompt, DEFAULT_TIMEOUT_MS, MAX_RESULT_CHARS, MAX_TIMEOUT_MS } from './prompt.js';
import { bashSandboxFor, SANDBOX_FAILURE_NOTE, type BashSandbox } from './bashSandbox.js';
import { offerRunOutsideSandbox, sandboxRefusalIn } from './sandboxRefusal.js';
import { runForegroundCommand, type BashProgress } from './runForegroundCommand.js';
import { nextWorkingDirectory, startingDirectory } from './workingDirectory.js';
import { formatCount } from '../../utils/format.js';
import { ruleSetOf } from '../../permissions/canUseTool.js';

export { preloadBashTool } from './commandSafety.js';
export type { BashProgress } from './runForegroundCommand.js';

export type BashInput = {
  readonly command: string;
  readonly timeout?: number;
  readonly description?: string;
  readonly run_in_background?: boolean;
};

/** When the output outgrew memory, the model gets this much of its start and end (under the result limit). */
const SPILLED_HEAD_CHARS = 15_000;
const SPILLED_TAIL_CHARS = 10_000;

export const BashTool = buildTool<BashInput, BashResult, BashProgress>({
  name: BASH_TOOL_NAME,
  searchHint: 'shell command terminal run execute',
  inputSchema: () =>
    z.strictObject({
      command: z.string().describe('The command to run'),
      timeout: z
        .number()
        .int()
        .min(1)
        .max(MAX_TIMEOUT_MS)
        .optional()
        .describe(`Timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS})`),
      description: z.string().optional().describe('What the command does, in 5-10 words'),
      run_in_background: z
        .boolean()
        .optional()
        .describe('Run as a background task and return its id at once; read output with TaskOutput'),
    }),
  description: (input) => input?.description || input?.command || 'Run a shell command',
  prompt: () => bashPrompt(),
  maxResultSizeChars: MAX_RESULT_CHARS,
  cancelSiblingsOnError: true,
  family: 'execute',
  declareFacts: (input, scope) => declareShellFacts(input.command, scope),
  isReadOnly: isReadOnlyBashCall,
  isConcurrencySafe: isConcurrencySafeBashCall,
  interruptBehavior: () => 'cancel',
  userFacingName: () => BASH_TOOL_NAME,
  warmUp: preloadBashTool,
  async validateInput(input) {
    if (input.command.trim() === '') {
      return { result: false, message: 'The command is empty. Pass the shell command to run in "command".' };
    }
    return { result: true };
  },
  mapToolResultToToolResultBlockParam: mapBashResult,
  ui: () => import('./UI.js'),
  async call(input, context, onProgress) {
    if (input.run_in_background) return { data: await startInBackground(input, context) };

    const start = startingDirectory(context);
    const timeoutMs = input.timeout ?? DEFAULT_TIMEOUT_MS;
    const firstSandbox = await bashSandboxFor(context, await sandboxCallOptions(input.command, start.cwd, context));
    const environment = await shellEnvironmentOf(context);
    const runIn = async (sandbox: BashSandbox) => {
      // Sandboxed progress says so from the first moment, so the REPL can mark the tool line while it runs.
      const report = sandbox.sandboxed ? (progress: BashProgress) => onProgress({ ...progress, sandboxed: true, sandboxPolicy: sandbox.policyName }) : onProgress;
      if (sandbox.sandboxed) report({ type: 'bash_output', lastLines: '', totalLines: 0, totalChars: 0, elapsedMs: 0 });
      return runForegroundCommand({
        command: input.command,
        cwd: start.cwd,
        ...(sandbox.sandboxed ? { launcher: sandbox.launcher } : {}),
        ...environment,
        timeoutMs,
        signal: context.abortSignal,
        spillFile: path.join(toolResultsDir(context.session), `${safeFileName(context.toolUseId)}.bash-output.txt`),
        onProgress: report,
        // The user may send it to the background while it runs (Ctrl+B in the REPL).
        background: {
          tasks: context.backgroundTasks,
          ...(input.description ? { description: input.description } : {}),
          sessionId: context.session.id,
          sessionDir: context.session.dir,
        },
      });
    };
    const movedResult = (task: BackgroundTaskInfo, sandboxed: boolean): { data: BashBackgroundResult } => ({
      data: { kind: 'background', command: input.command, taskId: task.id, pid: task.pid, cwd: start.cwd, sandboxed, movedByUser: true },
    });
    let sandbox: BashSandbox = firstSandbox;
    let run = await runIn(sandbox);
    if (run.kind === 'moved') return movedResult(run.task, sandbox.sandboxed);
    const notes: string[] = [];
    const refusal = sandbox.sandboxed && !run.aborted && (run.timedOut || run.exit.exitCode !== 0) ? sandboxRefusalIn(run.output.lastLines(40, 8_000)) : undefined;
    if (refusal) {
      const answer = await offerRunOutsideSandbox(input.command, refusal, context);
      if (answer === 'rerun') {
        sandbox = { sandboxed: false, policyName: 'outside' };
        run = await runIn(sandbox);
        if (run.kind === 'moved') return movedResult(run.task, false);
        notes.push(`The sandbox refused ${refusal.what} on the first try; the user chose to run the command again outside the sandbox, and this is that run's output.`);
      } else {
        notes.push(answer === 'declined' ? `The sandbox refused ${refusal.what}, and the user chose not to run the command outside it.` : `The sandbox refused ${refusal.what}. Nobody here can approve running it outside the sandbox (non-interactive run); ask the user to run it outside the sandbox, allow the path or host in settings (sandbox.writablePaths, sandbox.network.allowedDomains), or approve it in the REPL with "Yes, run outside the sandbox".`);
      }
    }

    const next = nextWorkingDirectory(run.exit.finalCwd, start.cwd, context);
    notes.unshift(...[start.note, next.note].filter((note): note is string => note !== undefined));
    if (run.exit.strayProcessesStopped) {
      notes.push('Processes the command left running in the background were stopped when it finished; use run_in_background for long-running jobs.');
    }
    const failed = run.timedOut || run.exit.exitCode !== 0;
    if (sandbox.sandboxed && failed && !run.aborted && !refusal) notes.push(SANDBOX_FAILURE_NOTE);
    const fullOutputFile = run.output.spillFile;
    if (fullOutputFile && run.output.spillWasCapped) {
      notes.push(`The saved output stops after 64 MiB; the command printed ${formatCount(run.output.length)} characters in all.`);
    }
    const data: BashForegroundResult = {
      kind: 'foreground',
      command: input.command,
      output: fullOutputFile
        ? run.output.excerpt(SPILLED_HEAD_CHARS, SPILLED_TAIL_CHARS)
        : run.output.readFrom(0).text,
      exitCode: run.exit.exitCode,
      signal: run.exit.signal,
      timedOut: run.timedOut,
      timeoutMs,
      durationMs: run.durationMs,
      cwd: next.cwd,
      notes,
      sandboxed: sandbox.sandboxed,
      ...(sandbox.policyName ? { sandboxPolicy: sandbox.policyName } : {}),
      ...(fullOutputFile ? { fullOutputFile } : {}),
    };
    const moved = next.cwd !== context.cwd;
    return moved ? { data, contextModifier: (later: ToolUseContext) => ({ ...later, cwd: next.cwd }) } : { data };
  },
});

async function startInBackground(input: BashInput, context: ToolUseContext): Promise<BashBackgroundResult> {
  const start = startingDirectory(context);
  const sandbox = await bashSandboxFor(context, await sandboxCallOptions(input.command, start.cwd, context));
  const task = await context.backgroundTasks.startShell({
    ...(sandbox.sandboxed ? { launcher: sandbox.launcher } : {}),
    ...(await shellEnvironmentOf(context)),
    command: input.command,
    description: input.description,
    cwd: start.cwd,
    sessionId: context.session.id,
    sessionDir: context.session.dir,
  });
  return { kind: 'background', command: input.command, taskId: task.id, pid: task.pid, cwd: start.cwd, sandboxed: sandbox.sandboxed };
}

/** The session's SessionStart hooks' variables (CLAUDE_ENV_FILE) over this process's environment, when there are any. */
async function shellEnvironmentOf(context: ToolUseContext): Promise<{ baseEnv?: NodeJS.ProcessEnv }> {
  const extra = (await context.shellEnvironment?.()) ?? {};
  return Object.keys(extra).length > 0 ? { baseEnv: { ...process.env, ...extra } } : {};
}

/** The analysis the pipeline granted the call on; made again only when the call did not come through it. */
async function sandboxCallOptions(command: string, cwd: string, context: ToolUseContext) {
  const granted = context.grant?.facts;
  const facts = granted ?? (await declareShellFacts(command, { cwd, home: ruleSetOf(context.appState.get().toolPermissionContext, context.projectRoot).home || os.homedir() }));
  return { analysis: facts.shell, cwd };
}

/** tool_use ids come from the model's stream; never let one escape the folder. */
function safeFileName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'bash';
}
