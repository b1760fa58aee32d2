/**
 * The one list of the session's own commands — custom command files,
 * skills, and (through them) enabled plugins' commands and skills — that
 * every front end (REPL, headless -p, the Agent SDK's list, ACP) offers and
 * runs. A skill wins over a command file of the same name, as in Claude
 * Code; built-ins win over both (the registry sees to that).
 */
import type { Session } from '../session/createSession.js';
import { skillCommands } from '../skills/skillCommands.js';
import { loadCustomCommands, type CustomCommand } from './custom/customCommands.js';

export type CommandSession = Pick<Session, 'cwd' | 'info' | 'settings' | 'skills' | 'commandRoots'>;

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
  return [...fromSkills, ...custom.filter((command) => !taken.has(command.name.toLowerCase()))];
}
