/**
 * Custom slash commands: each markdown file under `.claude/commands/` (this
 * project) or `$AGENTCLI_CONFIG_DIR/commands/` (every project) is a prompt
 * template. `review.md` becomes `/review`; `frontend/lint.md` becomes
 * `/frontend:lint`. `$ARGUMENTS` in the body is replaced by what the user
 * typed after the command. Optional front matter:
 *
 *   ---
 *   description: Review the staged changes
 *   argument-hint: [focus]
 *   ---
 *
 * The file is read again each time the command runs, so edits apply at once.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SlashCommand } from './types.js';
import { compareStrings } from '../utils/format.js';

const MAX_COMMANDS = 200;
const MAX_TEMPLATE_BYTES = 100_000;
const MAX_DEPTH = 3;

export async function loadCustomCommands(options: { readonly projectRoot: string; readonly configDir: string }): Promise<SlashCommand[]> {
  const [project, user] = await Promise.all([
    findTemplates(path.join(options.projectRoot, '.claude', 'commands')),
    findTemplates(path.join(options.configDir, 'commands')),
  ]);
  const commands: SlashCommand[] = [];
  const seen = new Set<string>();
  // Project commands win over user commands of the same name.
  for (const [source, files] of [['project', project], ['user', user]] as const) {
    for (const file of files) {
      if (commands.length >= MAX_COMMANDS || seen.has(file.name)) continue;
      seen.add(file.name);
      commands.push(await templateCommand(file, source));
    }
  }
  return commands;
}

type TemplateFile = { readonly name: string; readonly path: string };

async function findTemplates(root: string, prefix = '', depth = 0): Promise<TemplateFile[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: TemplateFile[] = [];
  for (const entry of entries.sort((a, b) => compareStrings(a.name, b.name))) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith('.')) {
      found.push(...(await findTemplates(full, `${prefix}${entry.name}:`, depth + 1)));
    } else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.md')) {
      const name = `${prefix}${entry.name.slice(0, -3)}`;
      if (/^[\w.:-]+$/.test(name)) found.push({ name, path: full });
    }
  }
  return found;
}

async function templateCommand(file: TemplateFile, source: 'project' | 'user'): Promise<SlashCommand> {
  const parsed = parseTemplate(await readTemplate(file.path));
  return {
    name: file.name,
    description: parsed.description ?? firstLine(parsed.body) ?? `Custom command from ${path.basename(file.path)}`,
    argumentHint: parsed.argumentHint,
    source,
    async run(args) {
      let body: string;
      try {
        body = parseTemplate(await readTemplate(file.path)).body;
      } catch (error) {
        return { type: 'text', tone: 'error', text: `Could not read ${file.path}: ${String(error)}` };
      }
      return { type: 'prompt', prompt: expandTemplate(body, args) };
    },
  };
}

async function readTemplate(file: string): Promise<string> {
  const info = await stat(file);
  if (info.size > MAX_TEMPLATE_BYTES) throw new Error(`the template is larger than ${MAX_TEMPLATE_BYTES} bytes`);
  return readFile(file, 'utf8');
}

export type ParsedTemplate = { readonly body: string; readonly description?: string; readonly argumentHint?: string };

export function parseTemplate(text: string): ParsedTemplate {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { body: text.trim() };
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([\w-]+)\s*:\s*(.*)$/.exec(line);
    if (field) fields.set(field[1]!.toLowerCase(), unquote(field[2]!.trim()));
  }
  return {
    body: text.slice(match[0].length).trim(),
    description: fields.get('description') || undefined,
    argumentHint: fields.get('argument-hint') || undefined,
  };
}

/** `$ARGUMENTS` gets everything typed after the command; without the placeholder the arguments are appended. */
export function expandTemplate(body: string, args: string): string {
  if (body.includes('$ARGUMENTS')) return body.replaceAll('$ARGUMENTS', args);
  return args === '' ? body : `${body}\n\nArguments: ${args}`;
}

function unquote(value: string): string {
  return /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
}

function firstLine(body: string): string | undefined {
  const line = body.split('\n').find((candidate) => candidate.trim() !== '');
  if (!line) return undefined;
  const clean = line.replace(/^#+\s*/, '').trim();
  return clean.length > 70 ? `${clean.slice(0, 69)}…` : clean;
}
