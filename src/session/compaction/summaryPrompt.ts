/**
 * What the summariser is asked, and the conversation it reads: rendered as
 * plain text (tool calls as one line each, large results cut to their head),
 * so the side request carries no tool definitions and cannot be refused for
 * tool blocks without tools.
 */
import type { ContentBlockParam, ConversationMessage } from '../../types/messages.js';

export const SUMMARY_SYSTEM_PROMPT =
  'You write the working memory of a coding agent whose conversation has grown too long. Another instance of the agent will continue the work from your summary alone, so it must be complete, concrete and faithful. Do not continue the task yourself and do not call tools.';

export function summaryInstructions(customInstructions: string | undefined): string {
  const lines = [
    'Summarise the conversation above for the agent that will continue it. Use these sections, in this order:',
    '1. Task: what the user asked for overall, in one short paragraph.',
    "2. User's instructions and constraints: every explicit instruction, preference and constraint the user stated, quoted verbatim.",
    '3. Decisions: what was decided and why (approaches chosen, approaches rejected).',
    '4. Files: each file read, created or changed, with its current state and the changes made (exact paths, function names, short code snippets where they matter).',
    '5. Errors: each error met and how it was fixed (or that it is still open).',
    '6. Remaining work: what is still to do.',
    '7. Next step: the very next action, in line with the latest request.',
    'Be specific: names, paths, commands, numbers. Leave nothing out that the next agent would need to ask for.',
  ];
  if (customInstructions?.trim()) lines.push('', `The user asks that this summary also follow these instructions: ${customInstructions.trim()}`);
  return lines.join('\n');
}

/** Tool results longer than this are cut to their head for the summariser. */
const RESULT_HEAD_CHARS = 2_000;
const INPUT_HEAD_CHARS = 1_000;

export function renderConversation(messages: readonly ConversationMessage[], maxChars: number): string {
  const parts = messages.map(renderMessage);
  let total = parts.reduce((sum, part) => sum + part.length, 0);
  // Over the limit: the oldest messages after the first are shortened first (the opening request matters most).
  for (let index = 1; index < parts.length && total > maxChars; index++) {
    const part = parts[index]!;
    const shortened = `${part.slice(0, 300)}\n[… ${part.length - 300} characters left out …]\n`;
    if (shortened.length < part.length) {
      total -= part.length - shortened.length;
      parts[index] = shortened;
    }
  }
  return parts.join('');
}

function renderMessage(message: ConversationMessage): string {
  const who = message.type === 'assistant' ? 'Assistant' : message.isMeta ? 'Tool results' : 'User';
  const content = typeof message.content === 'string' ? message.content : message.content.map(renderBlock).join('\n');
  return `<${who}>\n${content}\n</${who}>\n`;
}

function renderBlock(block: ContentBlockParam): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'tool_use':
      return `[tool call ${block.name} ${head(JSON.stringify(block.input), INPUT_HEAD_CHARS)}]`;
    case 'tool_result': {
      const text = typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
      return `[tool result${block.is_error ? ' (error)' : ''}: ${head(text, RESULT_HEAD_CHARS)}]`;
    }
    case 'thinking':
    case 'redacted_thinking':
      return '';
    default:
      return `[${block.type}]`;
  }
}

function head(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)} … [${text.length - max} more characters]`;
}
