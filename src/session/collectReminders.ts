/**
 * Everything the model is told between requests as system reminders, in
 * one place: background tasks that ended, a subfolder's CLAUDE.md that now
 * applies, a stale todo list. Each source gives a reminder once.
 */
import type { ToolUseContext } from '../contract/tool.js';
import { pathsTouchedByLastTurn } from '../context/nestedMemory.js';
import type { ConversationMessage } from '../types/messages.js';
import type { Session } from './session.js';

export async function collectReminders(
  session: Pick<Session, 'id' | 'nestedMemory' | 'todoStaleness'>,
  messages: readonly ConversationMessage[],
  context: ToolUseContext,
): Promise<string[]> {
  const nested = await session.nestedMemory.remindersFor(await pathsTouchedByLastTurn(messages, context.tools, context.cwd));
  const staleTodos = session.todoStaleness.reminderFor(context.appState.get().todos);
  return [...context.backgroundTasks.takeEndReminders(session.id), ...nested, ...(staleTodos ? [staleTodos] : [])];
}
