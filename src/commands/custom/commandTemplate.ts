/**
 * A custom command's markdown file: optional YAML front matter, then the
 * prompt template. The front matter is parsed with a YAML library (not by
 * hand), so quoting, lists and comments behave as people expect from YAML:
 *
 *   ---
 *   description: Review the staged changes
 *   argument-hint: [focus] [depth]
 *   allowed-tools: Bash(git diff:*), Bash(git status:*)   # or a YAML list
 *   model: claude-haiku-4-5
 *   ---
 *   Review !`git diff --cached` with a focus on $1.
 *
 * Front matter that is not valid YAML is an error naming the file, shown
 * when the command runs; it is never silently treated as prompt text.
 */
import type { parse as ParseYaml } from './yamlParser.js';
import { splitRuleList } from '../../permissions/rules/parseRule.js';
import { errorMessageOf } from '../../utils/errors.js';

export type CommandTemplate = {
  readonly body: string;
  readonly description?: string;
  readonly argumentHint?: string;
  /** Permission rules in force only while this command's turn runs. */
  readonly allowedTools: readonly string[];
  readonly model?: string;
  /** Every front matter key as YAML read it, for readers with keys of their own (skills: `name`, `user-invocable` …). */
  readonly fields: Readonly<Record<string, unknown>>;
};

export type TemplateParse = { readonly ok: true; readonly template: CommandTemplate } | { readonly ok: false; readonly error: string };

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

let parseYaml: typeof ParseYaml | undefined;

/**
 * The YAML library (~115 kB of JavaScript) loads with the first file that
 * has front matter, not with every start: a session whose folders hold no
 * command, skill or output-style file (every headless CI run of a plain
 * repository) never compiles it. A reader awaits this for the text it read,
 * then parses synchronously.
 */
export async function readyToParse(text: string): Promise<void> {
  if (parseYaml === undefined && FRONT_MATTER.test(text)) parseYaml = (await import('./yamlParser.js')).parse;
}

/** Reads a template's text: the YAML library loads first if the text needs it. */
export async function parseTemplateText(text: string): Promise<TemplateParse> {
  await readyToParse(text);
  return parseTemplate(text);
}

/** Text with front matter needs readyToParse(text) awaited first (parseTemplateText does both). */
export function parseTemplate(text: string): TemplateParse {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { ok: true, template: { body: text.trim(), allowedTools: [], fields: {} } };
  if (parseYaml === undefined) throw new Error('parseTemplate: front matter before the YAML library was loaded (await readyToParse(text) first)');
  let fields: unknown;
  try {
    // logLevel 'error': a YAML warning (an unknown tag) would otherwise go to stderr as a Node process warning.
    fields = parseYaml(match[1]!, { logLevel: 'error' });
  } catch (error) {
    return { ok: false, error: `its front matter is not valid YAML: ${errorMessageOf(error).split('\n')[0]}` };
  }
  if (fields !== null && !isRecord(fields)) return { ok: false, error: 'its front matter must be a YAML mapping (key: value lines)' };
  const record: Record<string, unknown> = fields ?? {};
  const allowedTools = toolList(record['allowed-tools']);
  if (!allowedTools.ok) return allowedTools;
  return {
    ok: true,
    template: {
      body: text.slice(match[0].length).trim(),
      description: scalarText(record['description']),
      argumentHint: scalarText(record['argument-hint']),
      allowedTools: allowedTools.rules,
      model: scalarText(record['model']),
      fields: record,
    },
  };
}

/** `allowed-tools` as a YAML list, or one string with rules separated by commas (commas inside parentheses kept). */
function toolList(value: unknown): { ok: true; rules: string[] } | { ok: false; error: string } {
  if (value === undefined || value === null) return { ok: true, rules: [] };
  if (typeof value === 'string') return { ok: true, rules: splitRuleList([value]) };
  if (Array.isArray(value) && value.every((entry): entry is string => typeof entry === 'string')) {
    return { ok: true, rules: splitRuleList(value) };
  }
  return { ok: false, error: 'allowed-tools must be a string or a list of strings, e.g. "Bash(git status:*), Read"' };
}

export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // YAML reads `argument-hint: [file]` as a one-item list; the author meant the brackets.
  if (Array.isArray(value) && value.every((entry) => typeof entry !== 'object' || entry === null)) return `[${value.join(', ')}]`;
  return undefined;
}

/**
 * The user's arguments, split like a shell would split words: spaces
 * separate, quotes group (`/fix "the login bug" high` → two arguments).
 */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of args.matchAll(pattern)) {
    words.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? match[3]!));
  }
  return words;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
