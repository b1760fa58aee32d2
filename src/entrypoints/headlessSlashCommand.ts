/**
 * Slash commands in a headless prompt, `agentcli -p "/frontend:lint src"`.
 *
 * A custom command expands exactly as in the REPL: `$ARGUMENTS` / `$1`…,
 * each `` !`cmd` `` through the Bash tool's permission path (nobody can
 * answer here, so a command that would ask is denied, and then nothing is
 * sent: the run fails with the reason), `@file` references inlined through
 * Read's permission check, its `allowed-tools` in force for that prompt's
 * run only, its `model` for that run. `/init` and `/review` (the
 * uncommitted diff, for a review in CI) send their prompts too.
 *
 * The REPL's other built-ins (/model, /clear, …) act on an interactive
 * session: with -p they are refused with one line saying so, rather than
 * sent to the model as if they were a question. Any other `/word` is not a
 * command and is sent as the text it is, as Claude Code does — a prompt may
 * well start with a path or a word the user meant literally.
 */
import { findToolByName } from '../contract/tool.js';
import { BUILTIN_COMMANDS } from '../commands/builtinCommands.js';
import { INIT_PROMPT } from '../commands/builtin/init.js';
import { grantCommandRules } from '../commands/custom/commandScopedRules.js';
import { loadSessionCommands } from '../commands/sessionCommands.js';
import { mcpPromptCommands } from '../commands/mcpPromptCommands.js';
import type { ShellRunner } from '../commands/custom/renderCommandPrompt.js';
import { shellSnippetOutcome } from '../commands/custom/shellSnippetOutcome.js';
import { parseSlashInput } from '../commands/registry.js';
import type { ConversationSession } from '../session/conversationSession.js';
import { runToolUse } from '../services/tools/toolExecution.js';
import { NOTHING_TO_RELEASE, promptContent, typedPrompt, type HeadlessPromptOptions, type PreparedHeadlessPrompt } from './headlessCommand.js';

let nextSnippetId = 0;

export async function prepareSlashPrompt(prompt: string, options: HeadlessPromptOptions): Promise<PreparedHeadlessPrompt> {
  const parsed = parseSlashInput(prompt);
  if (!parsed) return typedPrompt(prompt, options);
  const { conversation, signal } = options;
  const { session } = conversation;
  const name = parsed.name.toLowerCase();
  const builtin = BUILTIN_COMMANDS.find((command) => [command.name, ...(command.aliases ?? [])].includes(name));
  if (builtin?.name === 'init') return { ok: true, content: INIT_PROMPT, release: NOTHING_TO_RELEASE };
  if (builtin?.name === 'review') {
    const { reviewPrompt } = await import('../commands/builtin/review.js');
    const review = await reviewPrompt(conversation.cwd, parsed.args);
    return review.type === 'prompt' ? { ok: true, content: review.prompt, release: NOTHING_TO_RELEASE } : { ok: false, error: review.type === 'text' ? review.text : '/review produced nothing to send.' };
  }
  if (builtin) return { ok: false, error: `/${builtin.name} is a command of the interactive REPL; it does not run with -p.` };

  const custom = [...(await loadSessionCommands(session)), ...mcpPromptCommands(session.mcp)].find((command) => command.name.toLowerCase() === name);
  if (!custom) return typedPrompt(prompt, options);
  const expanded = await custom.expand(parsed.args);
  if (expanded.type !== 'prompt') return { ok: false, error: expanded.type === 'text' ? expanded.text : `/${custom.name} did not produce a prompt.` };
  const turn = expanded.commandTurn;
  if (!turn) return { ok: true, content: await promptContent(expanded.prompt, options, 'all'), release: NOTHING_TO_RELEASE };

  const grant = grantCommandRules(session.appState, session.cwd, turn);
  if (!grant.ok) return { ok: false, error: grant.error };
  const rendered = await turn.render(headlessShellRunner(conversation, signal));
  if (!rendered.ok) {
    grant.revoke();
    return { ok: false, error: `/${turn.commandName}: ${rendered.error}` };
  }
  const content = await promptContent(rendered.prompt, options, 'all');
  return { ok: true, content, ...(turn.model ? { model: turn.model } : {}), release: grant.revoke };
}

/** Snippets run as Bash calls under the session's rules with no one to ask: an ask is a denial. */
function headlessShellRunner(conversation: ConversationSession, signal: AbortSignal): ShellRunner {
  const { session } = conversation;
  return async (command) => {
    const bash = findToolByName(session.tools, 'Bash');
    if (!bash) return shellSnippetOutcome(undefined);
    const id = `toolu_command_${process.pid}_${++nextSnippetId}`;
    const outcome = await runToolUse(
      { id, name: bash.name, input: { command } },
      {
        env: session.baseEnv,
        context: { ...session.toolUseContext(signal, conversation.messages, conversation.cwd), toolUseId: id },
        onProgress: () => {},
      },
    );
    return shellSnippetOutcome(outcome);
  };
}
