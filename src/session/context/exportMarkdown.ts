/**
 * The conversation as Markdown for /export: prompts, replies, and each tool
 * call with its input and (bounded) result, in order.
 */
import type { ContentBlockParam, ConversationMessage } from '../../types/messages.js';

const RESULT_CHARS = 4_000;

export function conversationMarkdown(messages: readonly ConversationMessage[], header: { readonly sessionId: string; readonly cwd: string }): string {
  const out = [`# agentcli session ${header.sessionId}`, '', `Working directory: \`${header.cwd}\``, ''];
  for (const message of messages) {
    const blocks: ContentBlockParam[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (message.type === 'user') {
      const texts = blocks.flatMap((block) => (block.type === 'text' && !block.text.startsWith('<system-reminder>') ? [block.text] : []));
      const results = blocks.filter((block) => block.type === 'tool_result');
      for (const result of results) out.push(...toolResultMarkdown(result));
      if (texts.length > 0) out.push(message.isCompactSummary ? '## Summary of the earlier conversation' : '## User', '', texts.join('\n\n'), '');
      continue;
    }
    const text = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n').trim();
    if (text) out.push('## Assistant', '', text, '');
    for (const block of blocks) {
      if (block.type === 'tool_use') out.push(`### Tool: ${block.name}`, '', fence(JSON.stringify(block.input, null, 2), 'json'), '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function toolResultMarkdown(block: ContentBlockParam): string[] {
  if (block.type !== 'tool_result') return [];
  const text = typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
  const bounded = text.length > RESULT_CHARS ? `${text.slice(0, RESULT_CHARS)}\n… (${text.length - RESULT_CHARS} more characters)` : text;
  return [block.is_error ? 'Result (error):' : 'Result:', '', fence(bounded), ''];
}

/** A fence longer than any backtick run inside, so the content cannot close it. */
function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text}\n${marks}`;
}
