/** TodoWrite's render functions: the task list as a checklist. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { TodoItem } from '../../contract/appState.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { TodoWriteInput, TodoWriteOutput } from './TodoWriteTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<TodoWriteInput>, _options: RenderOptions): ReactNode {
  const count = input.todos?.length;
  return count === undefined ? '' : `${count} ${count === 1 ? 'item' : 'items'}`;
}

export function renderToolResultMessage(output: TodoWriteOutput, _input: TodoWriteInput, _options: RenderOptions): ReactNode {
  return <TodoChecklist todos={output.newTodos} />;
}

export function renderToolUseRejectedMessage(_input: TodoWriteInput, reason: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.warning}>Task list not updated: {reason}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>Task list not updated: {error}</Text>;
}

export function TodoChecklist({ todos }: { readonly todos: readonly TodoItem[] }): ReactNode {
  if (todos.length === 0) return <Text dimColor>(no tasks)</Text>;
  return (
    <Box flexDirection="column">
      {todos.map((todo, index) => (
        <TodoLine key={index} todo={todo} />
      ))}
    </Box>
  );
}

function TodoLine({ todo }: { readonly todo: TodoItem }): ReactNode {
  switch (todo.status) {
    case 'completed':
      return (
        <Text dimColor strikethrough>
          ☒ {todo.content}
        </Text>
      );
    case 'in_progress':
      return (
        <Text bold color={colors.accent}>
          ◼ {todo.content}
        </Text>
      );
    case 'pending':
      return <Text>☐ {todo.content}</Text>;
  }
}
