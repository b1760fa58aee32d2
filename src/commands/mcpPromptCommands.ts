/**
 * MCP prompts as slash commands: `/mcp__<server>__<prompt> args`. The words
 * after the name fill the prompt's declared arguments in order (quotes keep
 * words together; the last argument takes whatever is left), the server
 * renders the prompt, and its text is sent as the user's turn. The list is
 * read from the servers each time it is asked for, so a server that connects
 * late or sends prompts/list_changed is reflected at once.
 */
import { buildMcpToolName } from '../services/mcp/mcpToolName.js';
import type { McpPrompt, McpServersControl } from '../services/mcp/types.js';
import { errorMessageOf } from '../utils/errors.js';
import type { CustomCommand } from './custom/customCommands.js';
import type { CommandResult } from './custom/commandResult.js';

export function mcpPromptCommands(mcp: McpServersControl | undefined): CustomCommand[] {
  return (mcp?.prompts() ?? []).map((prompt) => promptCommand(mcp!, prompt));
}

function promptCommand(mcp: McpServersControl, prompt: McpPrompt): CustomCommand {
  const name = buildMcpToolName(prompt.server, prompt.name);
  const expand = async (args: string): Promise<CommandResult> => {
    const filled = fillArguments(prompt, args);
    if (!filled.ok) return { type: 'text', tone: 'error', text: `/${name}: ${filled.error}` };
    try {
      const text = await mcp.getPrompt(prompt.server, prompt.name, filled.values);
      if (text.trim() === '') return { type: 'text', tone: 'error', text: `/${name}: the server returned an empty prompt.` };
      return { type: 'prompt', prompt: text };
    } catch (error) {
      return { type: 'text', tone: 'error', text: `/${name}: ${errorMessageOf(error)}` };
    }
  };
  return {
    name,
    description: `${prompt.description ?? prompt.name} (MCP prompt from ${prompt.server})`,
    ...(prompt.arguments.length > 0 ? { argumentHint: prompt.arguments.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`)).join(' ') } : {}),
    expand,
    run: (args) => expand(args),
  };
}

type Filled = { readonly ok: true; readonly values: Record<string, string> } | { readonly ok: false; readonly error: string };

export function fillArguments(prompt: McpPrompt, typed: string): Filled {
  const words = splitWords(typed);
  const values: Record<string, string> = {};
  prompt.arguments.forEach((argument, index) => {
    const isLast = index === prompt.arguments.length - 1;
    const value = isLast ? words.slice(index).join(' ') : words[index];
    if (value !== undefined && value !== '') values[argument.name] = value;
  });
  if (prompt.arguments.length === 0 && words.length > 0) return { ok: false, error: 'this prompt takes no arguments.' };
  const missing = prompt.arguments.filter((argument) => argument.required && values[argument.name] === undefined);
  if (missing.length > 0) {
    const usage = prompt.arguments.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`)).join(' ');
    return { ok: false, error: `missing ${missing.map((argument) => argument.name).join(', ')}. Usage: /${buildMcpToolName(prompt.server, prompt.name)} ${usage}` };
  }
  return { ok: true, values };
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}
