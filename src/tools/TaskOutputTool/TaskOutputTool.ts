/**
 * TaskOutput: the new output of a background task since the last read,
 * with its status and exit code. Optionally waits for the task to finish
 * first, so the model need not poll.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { TaskStatus } from '../../contract/backgroundTasks.js';
import { DEFAULT_WAIT_MS, MAX_WAIT_MS, TASK_OUTPUT_TOOL_NAME, taskOutputPrompt } from './prompt.js';
import { formatCount } from '../../utils/format.js';

export type TaskOutputInput = {
  readonly task_id: string;
  readonly filter?: string;
  readonly block?: boolean;
  readonly timeout?: number;
};

export type TaskOutputResult = {
  readonly taskId: string;
  readonly command: string;
  readonly status: TaskStatus;
  readonly exitCode: number | null;
  readonly output: string;
  readonly filtered: boolean;
  readonly omittedChars: number;
  readonly logFile?: string;
  /** Set when block was asked for and the task was still running when the wait ended. */
  readonly waitTimedOut: boolean;
};

export const TaskOutputTool = buildTool<TaskOutputInput, TaskOutputResult>({
  name: TASK_OUTPUT_TOOL_NAME,
  searchHint: 'background task output logs poll',
  // Rarely needed: withheld behind ToolSearch when deferral is on (large MCP tool sets), always sent otherwise.
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({
      task_id: z.string().describe('The id Bash returned for the background task'),
      filter: z.string().optional().describe('Regular expression: only output lines matching it are returned'),
      block: z.boolean().optional().describe('Wait for the task to finish before reading'),
      timeout: z
        .number()
        .int()
        .min(0)
        .max(MAX_WAIT_MS)
        .optional()
        .describe(`With block: the longest wait in milliseconds (default ${DEFAULT_WAIT_MS})`),
    }),
  description: (input) => `Read output of ${input?.task_id ?? 'a background task'}`,
  prompt: () => taskOutputPrompt(),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // The pipeline saves anything larger to a file and shows its start and end.
  maxResultSizeChars: 30_000,
  interruptBehavior: () => 'cancel',
  async validateInput(input, context) {
    const tasks = context.backgroundTasks;
    if (!tasks.get(input.task_id)) return { result: false, message: tasks.unknownTaskMessage(input.task_id) };
    if (input.filter !== undefined) {
      try {
        new RegExp(input.filter);
      } catch (error) {
        return {
          result: false,
          message: `filter is not a valid JavaScript regular expression (${(error as Error).message}). Escape special characters such as ( [ { . * + ? with a backslash to match them literally.`,
        };
      }
    }
    return { result: true };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: taskOutputText(data),
  }),
  ui: () => import('./UI.js'),
  async call(input, context) {
    const tasks = context.backgroundTasks;
    let waitTimedOut = false;
    if (input.block) {
      waitTimedOut = !(await tasks.waitFor(input.task_id, input.timeout ?? DEFAULT_WAIT_MS, context.abortSignal));
    }
    const read = tasks.readNew(input.task_id, input.filter === undefined ? undefined : new RegExp(input.filter));
    if (!read) throw new Error(tasks.unknownTaskMessage(input.task_id));
    return {
      data: {
        taskId: read.task.id,
        command: read.task.command,
        status: read.task.status,
        exitCode: read.task.exitCode,
        output: read.text,
        filtered: input.filter !== undefined,
        omittedChars: read.omittedChars,
        ...(read.logFile ? { logFile: read.logFile } : {}),
        waitTimedOut: waitTimedOut && read.task.status === 'running',
      },
    };
  },
});

export function describeTaskStatus(status: TaskStatus, exitCode: number | null): string {
  switch (status) {
    case 'running':
      return 'still running';
    case 'completed':
      return 'completed (exit code 0)';
    case 'failed':
      return `failed (exit code ${exitCode})`;
    case 'killed':
      return 'killed';
  }
}

function taskOutputText(data: TaskOutputResult): string {
  const lines = [`Task ${data.taskId} (${data.command.split('\n')[0]!.slice(0, 80)}): ${describeTaskStatus(data.status, data.exitCode)}.`];
  if (data.waitTimedOut) lines.push('It was still running when the wait ended.');
  const output = data.output.replace(/\n+$/, '');
  if (output) lines.push(data.filtered ? `New output lines matching the filter:\n${output}` : `New output:\n${output}`);
  else lines.push(data.filtered ? '(no new output lines match the filter)' : '(no new output)');
  if (data.filtered && data.omittedChars > 0 && data.logFile) {
    lines.push(`${formatCount(data.omittedChars)} characters of new output were no longer in memory; the full log is ${data.logFile}.`);
  }
  return lines.join('\n');
}
