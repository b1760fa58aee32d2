/**
 * The one list of the session's own commands — custom command files,
 * skills, and (through them) enabled plugins' commands and skills — that
 * every front end (REPL, headless -p, the Agent SDK's list, ACP) offers and
 * runs. A skill wins over a command file of the same name, as in Claude
 * Code; both win over a built-in of the same name (src/app/commandCatalog.ts).
 */
import type { Session } from '../session/session.js';
import { skillCommands } from '../skills/skillCommands.js';
import { runUserPromptExpansionHooks } from '../hooks/expansionHooks.js';
import { loadCustomCommands, type CustomCommand } from './custom/customCommands.js';

export type CommandSession = Pick<Session, 'cwd' | 'info' | 'settings' | 'skills' | 'commandRoots' | 'hooks' | 'appState'>;

export async function loadSessionCommands(session: CommandSession): Promise<CustomCommand[]> {
  const [custom, skills] = await Promise.all([
    loadCustomCommands({
      projectRoot: session.cwd,
      configDir: session.info.configDir,
      ...(session.settings.settingSources ? { settingSources: session.settings.settingSources } : {}),
      extraRoots: session.commandRoots,
    }),
    session.skills,
  ]);
  const fromSkills = skillCommands(skills);
  const taken = new Set(fromSkills.map((command) => command.name.toLowerCase()));
  return [...fromSkills, ...custom.filter((command) => !taken.has(command.name.toLowerCase()))].map((command) => withExpansionHooks(command, session));
}

/** Every command's expansion passes UserPromptExpansion hooks, in every front end, because they all expand through here. */
function withExpansionHooks(command: CustomCommand, session: CommandSession): CustomCommand {
  const expand: CustomCommand['expand'] = async (args) => {
    const result = await command.expand(args);
    if (result.type !== 'prompt' || !session.hooks.has('UserPromptExpansion', command.name)) return result;
    const answer = await runUserPromptExpansionHooks(
      session.hooks,
      {
        session: session.info,
        cwd: session.cwd,
        permissionMode: session.appState.get().toolPermissionContext.mode,
        run: { signal: new AbortController().signal, cwd: session.cwd, projectDir: session.cwd },
      },
      { expansion_type: 'slash_command', command_name: command.name, command_args: args, command_source: command.source ?? 'user', prompt: result.prompt },
    );
    if (answer.kind === 'blocked') return { type: 'text', tone: 'error', text: answer.message };
    if (answer.context.length === 0) return result;
    const withContext = (prompt: string): string => [prompt, ...answer.context].join('\n\n');
    const turn = result.commandTurn;
    return {
      ...result,
      prompt: withContext(result.prompt),
      ...(turn
        ? {
            commandTurn: {
              ...turn,
              render: async (runShell: Parameters<typeof turn.render>[0]) => {
                const rendered = await turn.render(runShell);
                return rendered.ok ? { ok: true as const, prompt: withContext(rendered.prompt) } : rendered;
              },
            },
          }
        : {}),
    };
  };
  return { ...command, expand, run: (args) => expand(args) };
}
