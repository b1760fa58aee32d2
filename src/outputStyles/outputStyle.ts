/**
 * Output styles: how the agent works and talks, swapped into the system
 * prompt in place of its how-to-work part (src/context/systemPrompt.ts); the
 * tool, permission and safety instructions always stay. In Claude Code's
 * format, a markdown file with front matter:
 *
 *   ---
 *   name: Reviewer                    # default: the file's name
 *   description: Terse review notes
 *   keep-coding-instructions: false   # true keeps agentcli's coding guidance too
 *   ---
 *   You review code. Answer with numbered findings…
 *
 * Found in `.claude/output-styles/` (the project's; only in a trusted
 * folder), `$AGENTCLI_CONFIG_DIR/output-styles/` (the user's) and enabled
 * plugins' `output-styles/`. The built-ins are Default, Explanatory and Learning.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseTemplateText, scalarText } from '../commands/custom/commandTemplate.js';
import { compareStrings } from '../utils/format.js';
import { BUILT_IN_STYLES, DEFAULT_STYLE_NAME } from './builtInStyles.js';

export type OutputStyle = {
  readonly name: string;
  readonly description: string;
  readonly prompt: string;
  readonly keepCodingInstructions: boolean;
  readonly source: 'built-in' | 'user' | 'project' | 'plugin';
  readonly file?: string;
};

export type OutputStyleCatalog = { readonly styles: readonly OutputStyle[]; readonly warnings: readonly string[] };

export type StyleFolder = { readonly dir: string; readonly source: OutputStyle['source']; readonly namespace?: string };

export async function loadOutputStyles(folders: readonly StyleFolder[]): Promise<OutputStyleCatalog> {
  const warnings: string[] = [];
  const found = await Promise.all(folders.map((folder) => loadFolder(folder, warnings)));
  const byName = new Map<string, OutputStyle>();
  // Later folders win over earlier ones, and every file over a built-in of the same name.
  for (const style of [...BUILT_IN_STYLES, ...found.flat()]) byName.set(style.name.toLowerCase(), style);
  return { styles: [...byName.values()], warnings };
}

export function findOutputStyle(catalog: OutputStyleCatalog, name: string | undefined): OutputStyle | undefined {
  return catalog.styles.find((style) => style.name.toLowerCase() === (name ?? DEFAULT_STYLE_NAME).toLowerCase());
}

/** The system prompt's style, or undefined for Default (the prompt stays as it is). */
export function styleForPrompt(style: OutputStyle | undefined): { name: string; prompt: string; keepCodingInstructions: boolean } | undefined {
  if (!style || style.name.toLowerCase() === DEFAULT_STYLE_NAME) return undefined;
  return { name: style.name, prompt: style.prompt, keepCodingInstructions: style.keepCodingInstructions };
}

async function loadFolder(folder: StyleFolder, warnings: string[]): Promise<OutputStyle[]> {
  let names: string[];
  try {
    names = (await readdir(folder.dir)).filter((name) => name.endsWith('.md')).sort(compareStrings);
  } catch {
    return [];
  }
  const styles: OutputStyle[] = [];
  for (const name of names) {
    const file = path.join(folder.dir, name);
    const parsed = await parseTemplateText(await readFile(file, 'utf8').catch(() => ''));
    if (!parsed.ok) {
      warnings.push(`${file}: ${parsed.error}; the output style is not loaded`);
      continue;
    }
    const { fields, body } = parsed.template;
    const ownName = scalarText(fields['name']) ?? name.slice(0, -3);
    styles.push({
      name: folder.namespace ? `${folder.namespace}:${ownName}` : ownName,
      description: parsed.template.description ?? `Output style from ${name}`,
      prompt: body,
      keepCodingInstructions: fields['keep-coding-instructions'] === true,
      source: folder.source,
      file,
    });
  }
  return styles;
}
