/**
 * `/todos`: the task list the model keeps with TodoWrite, as it stands now
 * (the same glyphs as the tool's checklist in the transcript).
 */
import type { TodoItem } from '../../state/appState.js';
import type { SlashCommand } from '../types.js';

export const todosCommand: SlashCommand = {
  name: 'todos',
  description: "Show the model's current task list (TodoWrite)",
  run(_args, context) {
    const todos = context.session.appState.get().todos;
    if (todos.length === 0) return { type: 'text', text: 'No tasks yet: the model has not written a task list in this conversation.' };
    const done = todos.filter((todo) => todo.status === 'completed').length;
    return { type: 'text', text: [`Tasks (${done} of ${todos.length} done):`, ...todos.map(todoLine)].join('\n') };
  },
};

function todoLine(todo: TodoItem): string {
  switch (todo.status) {
    case 'completed':
      return `  ☒ ${todo.content}`;
    case 'in_progress':
      return `  ◼ ${todo.content} (${todo.activeForm})`;
    case 'pending':
      return `  ☐ ${todo.content}`;
  }
}
