/**
 * Slash commands in a headless prompt, `agentcli -p "/frontend:lint src"`.
 *
 * A custom command expands exactly as in the REPL: `$ARGUMENTS` / `$1`…,
 * each `` !`cmd` `` through the Bash tool's permission path (nobody can
 * answer here, so a command that would ask is denied, and then nothing is
 * sent: the run fails with the reason), `@file` references inlined through
 * Read's permission check, its `allowed-tools` in force for that prompt's
 * run only, its `model` for that run. `/init` and `/review` (the
 * uncommitted diff, for a review in CI) send their prompts too; `/doctor`
 * answers itself, with the REPL's report (the terminal check is n/a), and
 * so does `/permissions` in its text form (list, allow|ask|deny, remove).
 *
 * The REPL's other built-ins (/model, /clear, …) act on an interactive
 * session: with -p they are refused with one line saying so, rather than
 * sent to the model as if they were a question. Any other `/word` is not a
 * command and is sent as the text it is, as Claude Code does — a prompt may
 * well start with a path or a word the user meant literally.
 */
import { findToolByName } from '../contract/tool.js';
import { INIT_PROMPT } from '../commands/builtin/init.js';
import type { ShellRunner } from '../commands/custom/renderCommandPrompt.js';
import { shellSnippetOutcome } from '../app/shellSnippetOutcome.js';
import type { ConversationSession } from '../session/conversationSession.js';
import { runToolUse } from '../services/tools/toolExecution.js';
import { loadCommandCatalog } from '../app/commandCatalog.js';
import { beginCommandPrompt, interpretInput, PROGRAM_INPUT, refusalOfElsewhere } from '../app/inputInterpreter.js';
import { NOTHING_TO_RELEASE, promptContent, typedPrompt, type HeadlessPromptOptions, type PreparedHeadlessPrompt } from './headlessCommand.js';

let nextSnippetId = 0;

export async function prepareSlashPrompt(prompt: string, options: HeadlessPromptOptions): Promise<PreparedHeadlessPrompt> {
  const { conversation, signal } = options;
  const { session } = conversation;
  const input = interpretInput(prompt, await loadCommandCatalog(session, 'headless'), PROGRAM_INPUT);
  switch (input.kind) {
    case 'elsewhere':
      return { ok: false, error: refusalOfElsewhere(input.command, 'with -p') };
    case 'builtin': {
      // A built-in with a text form (/doctor, /permissions) answers here, as text.
      if (input.command.textForm) {
        const answer = await input.command.textForm(input.args, session, { notApplicable: 'headless: no terminal UI' });
        return answer.error ? { ok: false, error: answer.text } : { ok: 'answered', text: answer.text, ...(answer.failed ? { failed: answer.failed } : {}) };
      }
      // The other built-ins of the headless catalog send a prompt: /init, and /review (the uncommitted diff, for a review in CI).
      if (input.command.name !== 'review') return { ok: true, content: INIT_PROMPT, release: NOTHING_TO_RELEASE };
      const { reviewPrompt } = await import('../commands/builtin/review.js');
      const review = await reviewPrompt(conversation.cwd, input.args);
      return review.type === 'prompt' ? { ok: true, content: review.prompt, release: NOTHING_TO_RELEASE } : { ok: false, error: review.type === 'text' ? review.text : '/review produced nothing to send.' };
    }
    case 'custom':
      break;
    default:
      return typedPrompt(prompt, options);
  }
  const expanded = await input.command.expand(input.args);
  if (expanded.type !== 'prompt') return { ok: false, error: expanded.type === 'text' ? expanded.text : `/${input.command.name} did not produce a prompt.` };
  const commandPrompt = beginCommandPrompt(session, expanded);
  if (!commandPrompt.ok) return { ok: false, error: commandPrompt.error };
  const rendered = await commandPrompt.render(headlessShellRunner(conversation, signal));
  if (!rendered.ok) {
    commandPrompt.release();
    return { ok: false, error: `/${expanded.commandTurn?.commandName ?? input.command.name}: ${rendered.error}` };
  }
  const content = await promptContent(rendered.prompt, options, 'all');
  return { ok: true, content, ...(commandPrompt.model ? { model: commandPrompt.model } : {}), release: commandPrompt.release };
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
