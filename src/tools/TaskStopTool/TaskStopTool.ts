/**
 * TaskStop: kills a background task's whole process tree and reports how
 * it ended. It only ever touches tasks this session started, so it needs
 * no permission of its own.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { TaskStatus } from '../../contract/backgroundTasks.js';
import { describeTaskStatus } from '../TaskOutputTool/TaskOutputTool.js';
import { TASK_STOP_TOOL_NAME, taskStopPrompt } from './prompt.js';

export type TaskStopInput = { readonly task_id: string };

export type TaskStopResult = {
  readonly taskId: string;
  readonly command: string;
  readonly status: TaskStatus;
  readonly exitCode: number | null;
  /** The task had already finished before the call. */
  readonly alreadyFinished: boolean;
};

export const TaskStopTool = buildTool<TaskStopInput, TaskStopResult>({
  name: TASK_STOP_TOOL_NAME,
  searchHint: 'kill stop background task process',
  // Rarely needed: withheld behind ToolSearch when deferral is on (large MCP tool sets), always sent otherwise.
  shouldDefer: true,
  inputSchema: () => z.strictObject({ task_id: z.string().describe('The id Bash returned for the background task') }),
  description: (input) => `Stop ${input?.task_id ?? 'a background task'}`,
  prompt: () => taskStopPrompt(),
  async checkPermissions() {
    return { behavior: 'allow', reason: { type: 'tool', detail: 'stops a background task this session started' } };
  },
  async validateInput(input, context) {
    const tasks = context.backgroundTasks;
    return tasks.get(input.task_id) ? { result: true } : { result: false, message: tasks.unknownTaskMessage(input.task_id) };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: data.alreadyFinished
      ? `Task ${data.taskId} had already finished: ${describeTaskStatus(data.status, data.exitCode)}. Nothing was stopped.`
      : `Stopped task ${data.taskId} (${data.command.split('\n')[0]!.slice(0, 80)}) and every process it started.`,
  }),
  ui: () => import('./UI.js'),
  async call(input, context) {
    const tasks = context.backgroundTasks;
    const before = tasks.get(input.task_id);
    if (!before) throw new Error(tasks.unknownTaskMessage(input.task_id));
    const alreadyFinished = before.status !== 'running';
    const after = (await tasks.stop(input.task_id, { by: 'model' })) ?? before;
    return {
      data: { taskId: after.id, command: after.command, status: after.status, exitCode: after.exitCode, alreadyFinished },
    };
  },
});
