/**
 * One agent file: YAML frontmatter (`name`, `description`, `tools`, `model`)
 * between `---` lines, then the body, which becomes the agent's system
 * prompt. The frontmatter is parsed by the `yaml` library; a file that is
 * not valid becomes one message naming the file and the line.
 */
import { parseDocument } from 'yaml';
import { errorMessageOf } from '../utils/errors.js';
import type { AgentDefinition, AgentSource } from '../contract/agentDefinition.js';

export type ParsedAgentFile = { readonly ok: true; readonly agent: AgentDefinition } | { readonly ok: false; readonly error: string };

const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function parseAgentFile(text: string, file: string, source: AgentSource): ParsedAgentFile {
  const fail = (line: number, reason: string): ParsedAgentFile => ({ ok: false, error: `${file}:${line}: ${reason}` });
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return fail(1, 'an agent file starts with YAML frontmatter between "---" lines (name, description, tools, model)');
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) return fail(1, 'the frontmatter is never closed by a "---" line');

  // logLevel 'error': a YAML warning (an unknown tag) would otherwise go to stderr as a Node process warning.
  const document = parseDocument(lines.slice(1, end).join('\n'), { logLevel: 'error' });
  const [error] = document.errors;
  if (error) {
    // linePos is 1-based within the frontmatter, which starts on the file's second line.
    const line = (error.linePos?.[0].line ?? 1) + 1;
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return fail(line, `invalid YAML frontmatter: ${reason}`);
  }
  let data: unknown;
  try {
    data = document.toJS();
  } catch (toJsError) {
    // Errors only found while building values (an alias to an anchor that was never set).
    return fail(2, `invalid YAML frontmatter: ${errorMessageOf(toJsError).split('\n')[0]}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail(2, 'the frontmatter must be a mapping (name: …, description: …)');
  const fieldLine = (key: string): number => {
    const index = lines.slice(1, end).findIndex((line) => line.trimStart().startsWith(`${key}:`));
    return index < 0 ? 1 : index + 2;
  };
  const field = (key: string): unknown => Reflect.get(data, key);

  const name = field('name');
  if (typeof name !== 'string' || !AGENT_NAME.test(name)) {
    return fail(fieldLine('name'), '"name" is required: letters, digits, "-", "_" or "." (it is the subagent_type the model uses)');
  }
  const description = field('description');
  if (typeof description !== 'string' || description.trim() === '') {
    return fail(fieldLine('description'), '"description" is required: it tells the model when to use this agent');
  }
  const tools = toolList(field('tools'));
  if (tools === 'invalid') return fail(fieldLine('tools'), '"tools" is a comma-separated list of tool names (or a YAML list)');
  const model = field('model');
  if (model !== undefined && model !== null && typeof model !== 'string') return fail(fieldLine('model'), '"model" is sonnet, opus, haiku, inherit or a model id');

  const systemPrompt = lines.slice(end + 1).join('\n').trim();
  if (systemPrompt === '') return fail(end + 2, 'the body (the agent\'s system prompt) is empty');
  return {
    ok: true,
    agent: {
      agentType: name,
      description: description.trim(),
      tools,
      model: typeof model === 'string' && model.trim() !== '' ? model.trim() : undefined,
      systemPrompt,
      source,
      file,
    },
  };
}

/** "Read, Grep, Bash(git log:*)" or [Read, Grep]; undefined when absent. */
export function toolList(value: unknown): readonly string[] | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  const items = typeof value === 'string' ? splitToolList(value) : Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.map((item) => item.trim()) : undefined;
  if (!items) return 'invalid';
  const names = items.filter((item) => item !== '');
  if (names.length === 1 && names[0] === '*') return undefined;
  return names;
}

/** Splits on commas outside parentheses, so `Bash(a, b)` stays one entry. */
function splitToolList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}
