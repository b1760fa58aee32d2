/**
 * A custom command's `` !`cmd` `` snippets, run for the editor: each is a
 * Bash call through the whole pipeline (rules, the editor's permission
 * request, the sandbox), shown in the editor as a tool call like any other.
 */
import type { ShellSnippetRun } from '../../commands/custom/renderCommandPrompt.js';
import { shellSnippetOutcome } from '../../app/shellSnippetOutcome.js';
import { findToolByName } from '../../contract/tool.js';
import { runToolUse, type ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import type { TextFileAccess } from '../../contract/textFileAccess.js';
import type { TurnUpdates } from './turnUpdates.js';

let nextSnippet = 0;

export async function runCommandSnippet(
  command: string,
  options: {
    readonly conversation: ConversationSession;
    readonly env: ToolRunEnv;
    readonly signal: AbortSignal;
    readonly updates: TurnUpdates;
    readonly textFiles: TextFileAccess | undefined;
  },
): Promise<ShellSnippetRun> {
  const tool = findToolByName(options.conversation.tools, 'Bash');
  if (!tool) return shellSnippetOutcome(undefined);
  const id = `toolu_command_${process.pid}_${++nextSnippet}`;
  const input = { command };
  await options.updates.handle({ type: 'tool_started', toolUseId: id, toolName: tool.name, input });
  const outcome = await runToolUse(
    { id, name: tool.name, input },
    {
      env: options.env,
      context: options.conversation.toolContext(options.signal, { toolUseId: id, ...(options.textFiles ? { textFiles: options.textFiles } : {}) }),
      onProgress: () => {},
    },
  );
  await options.updates.handle({ type: 'tool_result', outcome });
  return shellSnippetOutcome(outcome);
}
