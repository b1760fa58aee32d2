/**
 * TodoWrite: the model's task list for the session. Each call replaces the
 * whole list in AppState, so the REPL re-renders it from one place and a
 * resumed turn never sees half an update.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { TodoItem } from '../../contract/appState.js';
import { MAX_TODOS, TODO_WRITE_TOOL_NAME, todoWritePrompt } from './prompt.js';

export type TodoWriteInput = { readonly todos: readonly TodoItem[] };
export type TodoWriteOutput = { readonly oldTodos: readonly TodoItem[]; readonly newTodos: readonly TodoItem[] };

const todoItemSchema = (): z.ZodType<TodoItem> =>
  z.strictObject({
    content: z.string().trim().min(1, 'content must say what the step is'),
    status: z.enum(['pending', 'in_progress', 'completed']),
    activeForm: z.string().trim().min(1, 'activeForm must say the step as it happens ("Running the tests")'),
  });

export const TodoWriteTool = buildTool<TodoWriteInput, TodoWriteOutput>({
  name: TODO_WRITE_TOOL_NAME,
  searchHint: 'task list checklist plan progress',
  inputSchema: () => z.strictObject({ todos: z.array(todoItemSchema()).max(MAX_TODOS) }),
  description: (input) => `Update the task list (${input?.todos?.length ?? 0} items)`,
  prompt: todoWritePrompt,
  // It only changes the session's own list, never the user's files.
  isReadOnly: () => true,
  // Two lists written at once would race; the last one must be the one the model meant.
  isConcurrencySafe: () => false,
  async checkPermissions() {
    return { behavior: 'allow', reason: { type: 'tool', detail: 'TodoWrite only updates the session task list' } };
  },
  async validateInput(input) {
    const inProgress = input.todos.filter((todo) => todo.status === 'in_progress');
    if (inProgress.length > 1) {
      const names = inProgress.map((todo) => `"${todo.content}"`).join(', ');
      return {
        result: false,
        message: `Only one item may be in_progress at a time, but ${inProgress.length} are: ${names}. Keep the one you are working on now as in_progress, set the others to pending (or completed if they are done), and send the list again.`,
      };
    }
    return { result: true };
  },
  async call(input, context) {
    const oldTodos = context.appState.get().todos;
    const newTodos = input.todos.map(({ content, status, activeForm }) => ({ content, status, activeForm }));
    context.appState.set((state) => ({ ...state, todos: newTodos }));
    return { data: { oldTodos, newTodos } };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    return { type: 'tool_result', tool_use_id: toolUseId, content: summariseTodos(output.newTodos) };
  },
  ui: () => import('./UI.js'),
});

function summariseTodos(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'The task list is now empty.';
  const count = (status: TodoItem['status']): number => todos.filter((todo) => todo.status === status).length;
  const current = todos.find((todo) => todo.status === 'in_progress');
  const lines = [
    `Task list updated: ${todos.length} items (${count('completed')} completed, ${count('in_progress')} in progress, ${count('pending')} pending).`,
  ];
  if (current) lines.push(`Now working on: ${current.content}.`);
  lines.push('Keep the list current: mark each item completed as soon as it is done.');
  return lines.join(' ');
}
