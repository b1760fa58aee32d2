/**
 * Custom slash commands: each markdown file under `.claude/commands/` (this
 * project) or `$AGENTCLI_CONFIG_DIR/commands/` (every project) is a prompt
 * template. `review.md` becomes `/review`; `frontend/lint.md` becomes
 * `/frontend:lint`. Front matter and placeholders: see commandTemplate.ts
 * and renderCommandPrompt.ts.
 *
 * The file is read again each time the command runs, so edits apply at once
 * (the name, description and hint shown in /help are read at start-up).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CommandResult } from './commandResult.js';
import { compareStrings } from '../../utils/format.js';
import { errorMessageOf } from '../../utils/errors.js';
import { parseTemplateText, type TemplateParse } from './commandTemplate.js';
import { renderCommandPrompt } from './renderCommandPrompt.js';
import { resolveModelName } from '../../services/api/models.js';
import type { SettingSource } from '../../settings/settingSources.js';
import { isSourceSelected } from '../../settings/settingsFiles.js';

const MAX_COMMANDS = 200;
const MAX_TEMPLATE_BYTES = 100_000;
const MAX_DEPTH = 3;
const MODEL_NAME = /^[\w.:@/-]+$/;

/**
 * A custom command needs nothing from the REPL: `expand` turns the typed
 * arguments into its turn, and headless `-p "/name args"` uses it directly.
 */
/**
 * A command that expands to a prompt (a command file, a skill, an MCP prompt). It needs nothing of
 * the session to run, so it fits wherever a built-in SlashCommand does (src/commands/types.ts).
 */
export type CustomCommand = CommandInfo & {
  readonly expand: (args: string) => Promise<CommandResult>;
  run(args: string): Promise<CommandResult> | CommandResult;
};

/** What every command shows of itself (/help, completion), built-in or custom; SlashCommand adds how it runs. */
export type CommandInfo = {
  /** Typed after the slash, e.g. `help`; custom commands may contain `:` (`frontend:review`). */
  readonly name: string;
  readonly aliases?: readonly string[];
  /** One line for /help and the completion menu. */
  readonly description: string;
  /** Shown after the name in completions, e.g. `[model]`. */
  readonly argumentHint?: string;
  /** Where a custom command or skill was defined; absent for built-ins. */
  readonly source?: 'project' | 'user' | 'plugin';
  /** A skill (SKILL.md) rather than a command file; /skills lists these. */
  readonly kind?: 'skill';
};

/** A folder of command files whose commands are named `<namespace>:<file>` (a plugin's `commands/`). */
export type CommandRoot = {
  readonly dir: string;
  readonly namespace: string;
  /** The plugin's folder: `${CLAUDE_PLUGIN_ROOT}` in its commands' text becomes this. */
  readonly pluginRoot: string;
};

export async function loadCustomCommands(options: {
  readonly projectRoot: string;
  readonly configDir: string;
  /** --setting-sources: project commands need `project`, user commands `user` (default: both). */
  readonly settingSources?: readonly SettingSource[];
  /** More folders of command files: enabled plugins' `commands/`, their commands named `plugin:name`. */
  readonly extraRoots?: readonly CommandRoot[];
}): Promise<CustomCommand[]> {
  const [project, user, ...extra] = await Promise.all([
    isSourceSelected(options, 'project') ? findTemplates(path.join(options.projectRoot, '.claude', 'commands')) : Promise.resolve([]),
    isSourceSelected(options, 'user') ? findTemplates(path.join(options.configDir, 'commands')) : Promise.resolve([]),
    ...(options.extraRoots ?? []).map(async (root) => (await findTemplates(root.dir, `${root.namespace}:`)).map((file) => ({ ...file, pluginRoot: root.pluginRoot }))),
  ]);
  const commands: CustomCommand[] = [];
  const seen = new Set<string>();
  // Project commands win over user commands of the same name; plugins' are namespaced, so they clash with neither.
  const groups: Array<readonly ['project' | 'user' | 'plugin', readonly TemplateFile[]]> = [
    ['project', project],
    ['user', user],
    ...extra.map((files) => ['plugin', files] as const),
  ];
  for (const [source, files] of groups) {
    for (const file of files) {
      if (commands.length >= MAX_COMMANDS || seen.has(file.name)) continue;
      seen.add(file.name);
      commands.push(await templateCommand(file, source));
    }
  }
  return commands;
}

type TemplateFile = { readonly name: string; readonly path: string; readonly pluginRoot?: string };

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

async function templateCommand(file: TemplateFile, source: 'project' | 'user' | 'plugin'): Promise<CustomCommand> {
  const parsed = await readTemplate(file.path);
  const template = parsed.ok ? parsed.template : undefined;
  const expand = async (args: string): Promise<CommandResult> => {
    const current = await readTemplate(file.path);
    if (!current.ok) return { type: 'text', tone: 'error', text: `/${file.name} (${file.path}): ${current.error}` };
    const { allowedTools, model } = current.template;
    const body = file.pluginRoot === undefined ? current.template.body : current.template.body.replaceAll('${CLAUDE_PLUGIN_ROOT}', file.pluginRoot);
    if (model !== undefined && !MODEL_NAME.test(model)) {
      return { type: 'text', tone: 'error', text: `/${file.name} (${file.path}): "${model}" does not look like a model name.` };
    }
    return {
      type: 'prompt',
      prompt: body,
      commandTurn: {
        commandName: file.name,
        allowedTools,
        fromRepository: source === 'project',
        // Aliases (`model: haiku`) mean what they mean everywhere else.
        ...(model !== undefined ? { model: resolveModelName(model) } : {}),
        render: (runShell) => renderCommandPrompt(body, args, runShell),
      },
    };
  };
  return {
    name: file.name,
    description:
      template?.description ?? (template && firstLine(template.body)) ?? (parsed.ok ? `Custom command from ${path.basename(file.path)}` : `(broken: ${parsed.error})`),
    argumentHint: template?.argumentHint,
    source,
    expand,
    run: (args) => expand(args),
  };
}

async function readTemplate(file: string): Promise<TemplateParse> {
  try {
    const info = await stat(file);
    if (info.size > MAX_TEMPLATE_BYTES) return { ok: false, error: `the template is larger than ${MAX_TEMPLATE_BYTES} bytes` };
    return await parseTemplateText(await readFile(file, 'utf8'));
  } catch (error) {
    return { ok: false, error: `cannot read it: ${errorMessageOf(error)}` };
  }
}

function firstLine(body: string): string | undefined {
  const line = body.split('\n').find((candidate) => candidate.trim() !== '');
  if (!line) return undefined;
  const clean = line.replace(/^#+\s*/, '').trim();
  return clean.length > 70 ? `${clean.slice(0, 69)}…` : clean;
}
