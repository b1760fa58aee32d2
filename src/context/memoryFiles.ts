/**
 * Memory files: instructions for the model, and (CLAUDE.md only) permission
 * rule lines. Loaded from the user's config folder, then every folder from
 * the repository root down to the cwd (outermost first, so nearer files can
 * refine farther ones): CLAUDE.md, .claude/CLAUDE.md, AGENTS.md (the name
 * other agents read, so a repository shared between tools has one file) and
 * CLAUDE.local.md. `@path` imports are followed (memoryImports.ts). Each
 * file and import passes the memory read gate (memoryReadGate.ts) before its
 * content is sent: the rule lines are read first (loadMemorySources), the
 * content the model gets is decided under those rules (withImports).
 *
 * AGENTS.md carries no permission rules: it is written for many tools, and a
 * line that reads like a rule there was not necessarily meant as ours.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { refusedImportNote, resolveImports, type MemoryImport } from './memoryImports.js';
import type { MemoryReadGate } from './memoryReadGate.js';

export type MemoryScope = 'user' | 'project' | 'local';

/** A memory file as read from disk, before its imports: what permission rule lines are parsed from. */
export type MemorySource = {
  readonly path: string;
  readonly scope: MemoryScope;
  /** The text sent to the model: the whole file, or its first MAX_MEMORY_FILE_CHARS characters. */
  readonly content: string;
  /** Set when the file was cut: its full length, so the prompt can say so and where the rest is. */
  readonly fullLength?: number;
  /** Whether its `allow:` / `ask:` / `deny:` lines are permission rules (CLAUDE.md files, not AGENTS.md). */
  readonly carriesRules: boolean;
};

/** A memory file as the model gets it: passed through the memory read gate, its imports resolved. */
export type MemoryFile = MemorySource & {
  /** Files it imports with `@path`, depth first: read, or refused by the gate (a note in their place). */
  readonly imports: readonly MemoryImport[];
  /** Imports that were skipped and why (missing, cycle, too deep): shown to the user, never fatal. */
  readonly importProblems: readonly string[];
  /** Set when the gate refused the file itself (a Read deny rule names it, or it links outside its area): nothing of it is sent. */
  readonly withheld?: string;
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

export type MemoryLocation = {
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
};

/** The memory files and their text, without imports: enough for their permission rule lines. */
export async function loadMemorySources(options: MemoryLocation): Promise<MemorySource[]> {
  const candidates: Array<{ path: string; scope: MemoryScope }> = [
    { path: path.join(options.configDir, 'CLAUDE.md'), scope: 'user' },
    { path: path.join(options.configDir, 'AGENTS.md'), scope: 'user' },
  ];
  for (const dir of foldersFromRootToCwd(options.cwd, options.projectRoot)) {
    for (const { name, scope } of MEMORY_FILE_NAMES) candidates.push({ path: path.join(dir, name), scope });
  }
  const selected = options.settingSources === undefined ? candidates : candidates.filter((candidate) => options.settingSources?.includes(candidate.scope));
  const loaded = await Promise.all(selected.map((candidate) => readMemorySource(candidate.path, candidate.scope)));
  return loaded.filter((file): file is MemorySource => file !== undefined);
}

/** The memory files as the model gets them: each through the gate, with its imports. */
export async function loadMemoryFiles(options: MemoryLocation & { readonly gate: MemoryReadGate }): Promise<MemoryFile[]> {
  return withImports(await loadMemorySources(options), options.gate);
}

export async function withImports(sources: readonly MemorySource[], gate: MemoryReadGate): Promise<MemoryFile[]> {
  return Promise.all(sources.map((source) => gatedMemoryFile(source, gate)));
}

export async function readMemorySource(file: string, scope: MemoryScope): Promise<MemorySource | undefined> {
  let full: string;
  try {
    // A FIFO or a device named CLAUDE.md would hold start-up forever: only regular files are memory.
    if (!(await stat(file)).isFile()) return undefined;
    full = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  return {
    path: file,
    scope,
    content: full.slice(0, MAX_MEMORY_FILE_CHARS),
    ...(full.length > MAX_MEMORY_FILE_CHARS ? { fullLength: full.length } : {}),
    carriesRules: path.basename(file) !== 'AGENTS.md',
  };
}

/** One memory file for the model (a subfolder's, for nested memory), or undefined when there is none. */
export async function readMemoryFile(file: string, scope: MemoryScope, gate: MemoryReadGate): Promise<MemoryFile | undefined> {
  const source = await readMemorySource(file, scope);
  return source && gatedMemoryFile(source, gate);
}

async function gatedMemoryFile(source: MemorySource, gate: MemoryReadGate): Promise<MemoryFile> {
  const reader = { file: source.path, scope: source.scope };
  const own = await gate.maySend(reader);
  if (!own.allowed) return { ...source, imports: [], importProblems: [], withheld: own.reason };
  const { imports, problems } = await resolveImports(source.path, source.content, { gate, reader });
  return { ...source, imports, importProblems: problems };
}

/** The text for the model: the content, and for a cut file a marker saying where the rest is; each import, or the note in its place. */
export function memoryFileText(file: MemoryFile): string {
  if (file.withheld !== undefined) return `[Not sent: ${file.withheld}.]`;
  const imported = file.imports.map((item) =>
    item.kind === 'imported'
      ? `\n\nImported from ${item.path} (by @${item.spelled} in ${item.importedBy}):\n\n${item.content.trim()}`
      : `\n\n[${refusedImportNote(item)}]`,
  );
  return ownText(file) + imported.join('');
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
