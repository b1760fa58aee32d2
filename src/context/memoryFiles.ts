/**
 * Memory files: instructions for the model, and (CLAUDE.md only) permission
 * rule lines. Loaded from the user's config folder, then every folder from
 * the repository root down to the cwd (outermost first, so nearer files can
 * refine farther ones): CLAUDE.md, .claude/CLAUDE.md, AGENTS.md (the name
 * other agents read, so a repository shared between tools has one file) and
 * CLAUDE.local.md. `@path` imports are followed (memoryImports.ts).
 *
 * AGENTS.md carries no permission rules: it is written for many tools, and a
 * line that reads like a rule there was not necessarily meant as ours.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveImports, type MemoryImport } from './memoryImports.js';

export type MemoryScope = 'user' | 'project' | 'local';
export type MemoryFile = {
  readonly path: string;
  readonly scope: MemoryScope;
  /** The text sent to the model: the whole file, or its first MAX_MEMORY_FILE_CHARS characters. */
  readonly content: string;
  /** Set when the file was cut: its full length, so the prompt can say so and where the rest is. */
  readonly fullLength?: number;
  /** Whether its `allow:` / `ask:` / `deny:` lines are permission rules (CLAUDE.md files, not AGENTS.md). */
  readonly carriesRules: boolean;
  /** Files it imports with `@path`, depth first. */
  readonly imports: readonly MemoryImport[];
  /** Imports that were skipped and why (missing, cycle, too deep): shown to the user, never fatal. */
  readonly importProblems: readonly string[];
};

/** A CLAUDE.md larger than this is cut: it goes into every request. */
export const MAX_MEMORY_FILE_CHARS = 100_000;

/** The names read in every memory folder, in the order they are sent. */
export const MEMORY_FILE_NAMES: ReadonlyArray<{ readonly name: string; readonly scope: Exclude<MemoryScope, 'user'> }> = [
  { name: 'CLAUDE.md', scope: 'project' },
  { name: path.join('.claude', 'CLAUDE.md'), scope: 'project' },
  { name: 'AGENTS.md', scope: 'project' },
  { name: 'CLAUDE.local.md', scope: 'local' },
];

export async function loadMemoryFiles(options: {
  readonly cwd: string;
  readonly projectRoot: string | undefined;
  readonly configDir: string;
  /**
   * --setting-sources: memory files follow the settings of the same scope
   * (user: the config folder's; project: the repository's CLAUDE.md,
   * .claude/CLAUDE.md and AGENTS.md; local: CLAUDE.local.md), as in Claude
   * Code, where an SDK caller that leaves out `project` gets no CLAUDE.md.
   * Default: all.
   */
  readonly settingSources?: readonly MemoryScope[];
}): Promise<MemoryFile[]> {
  const candidates: Array<{ path: string; scope: MemoryScope }> = [
    { path: path.join(options.configDir, 'CLAUDE.md'), scope: 'user' },
    { path: path.join(options.configDir, 'AGENTS.md'), scope: 'user' },
  ];
  for (const dir of foldersFromRootToCwd(options.cwd, options.projectRoot)) {
    for (const { name, scope } of MEMORY_FILE_NAMES) candidates.push({ path: path.join(dir, name), scope });
  }
  const selected = options.settingSources === undefined ? candidates : candidates.filter((candidate) => options.settingSources?.includes(candidate.scope));
  const loaded = await Promise.all(selected.map((candidate) => readMemoryFile(candidate.path, candidate.scope)));
  return loaded.filter((file): file is MemoryFile => file !== undefined);
}

export async function readMemoryFile(file: string, scope: MemoryScope): Promise<MemoryFile | undefined> {
  let full: string;
  try {
    full = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const content = full.slice(0, MAX_MEMORY_FILE_CHARS);
  const { imports, problems } = await resolveImports(file, content);
  return {
    path: file,
    scope,
    content,
    ...(full.length > MAX_MEMORY_FILE_CHARS ? { fullLength: full.length } : {}),
    carriesRules: path.basename(file) !== 'AGENTS.md',
    imports,
    importProblems: problems,
  };
}

/** The text for the model: the content, and for a cut file a marker saying where the rest is. */
export function memoryFileText(file: MemoryFile): string {
  const imported = file.imports.map((item) => `\n\nImported from ${item.path} (by @${item.spelled} in ${item.importedBy}):\n\n${item.content.trim()}`).join('');
  return ownText(file) + imported;
}

function ownText(file: MemoryFile): string {
  const text = file.content.trim();
  if (file.fullLength === undefined) return text;
  const restStartsAtLine = file.content.split('\n').length;
  return `${text}\n\n[Cut here: this file has ${file.fullLength.toLocaleString('en-US')} characters and only the first ${MAX_MEMORY_FILE_CHARS.toLocaleString('en-US')} are included. The rest is in ${file.path} from line ${restStartsAtLine}; read it with the Read tool (offset ${restStartsAtLine}) if it matters to the task.]`;
}

/** Every folder from the project root down to the cwd, outermost first (just the cwd outside a project). */
export function foldersFromRootToCwd(cwd: string, root: string | undefined): string[] {
  const resolvedCwd = path.resolve(cwd);
  const resolvedRoot = root ? path.resolve(root) : resolvedCwd;
  const relative = path.relative(resolvedRoot, resolvedCwd);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return [resolvedCwd];
  const folders = [resolvedRoot];
  let current = resolvedRoot;
  for (const part of relative.split(path.sep).filter(Boolean)) {
    current = path.join(current, part);
    folders.push(current);
  }
  return folders;
}
