/**
 * Tool calls the user starts from the prompt rather than the model:
 * `@path` mentions (read with the Read tool; see src/attachments/) and `!command` (run with the
 * Bash tool). They go through the same pipeline as the model's calls —
 * schema, validation, hooks, the permission decision and its dialog — so a
 * mention cannot read what a Read call could not, and `!rm -rf` asks like
 * any other command.
 */
import type { Tools, ToolUseContext } from '../../contract/tool.js';
import { findToolByName } from '../../contract/tool.js';
import { runToolUse, type ToolCallOutcome, type ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ContentBlockParam } from '../../types/messages.js';
import { toolResultText } from '../../app/shellSnippetOutcome.js';

export type UserToolRunner = {
  readonly tools: Tools;
  readonly env: ToolRunEnv;
  readonly context: (toolUseId: string) => ToolUseContext;
  readonly onStart: (toolUseId: string, toolName: string, input: unknown) => void;
  readonly onFinish: (outcome: ToolCallOutcome) => void;
};

let nextLocalId = 0;

/** Runs one call through the pipeline; undefined when the session has no such tool. */
export async function runUserTool(runner: UserToolRunner, toolName: string, input: unknown): Promise<ToolCallOutcome | undefined> {
  const tool = findToolByName(runner.tools, toolName);
  if (!tool) return undefined;
  const id = `toolu_user_${process.pid}_${++nextLocalId}`;
  runner.onStart(id, tool.name, input);
  const outcome = await runToolUse(
    { id, name: tool.name, input },
    { env: runner.env, context: runner.context(id), onProgress: () => {} },
  );
  runner.onFinish(outcome);
  return outcome;
}

/** What the model gets for a `!command` the user ran. */
export function shellContextBlock(command: string, outcome: ToolCallOutcome): ContentBlockParam {
  const body = toolResultText(outcome.result);
  const label = outcome.status === 'success' ? 'output' : `did not complete (${outcome.status})`;
  return { type: 'text', text: `The user ran a shell command in the REPL: \`${command}\`\nIts ${label}:\n${body}` };
}
