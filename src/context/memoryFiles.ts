/**
 * CLAUDE.md files: instructions for the model and permission rule lines.
 * Loaded from the user's config folder, then every folder from the
 * repository root down to the cwd (outermost first, so nearer files can
 * refine farther ones), each with its CLAUDE.local.md.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type MemoryScope = 'user' | 'project' | 'local';
export type MemoryFile = { readonly path: string; readonly scope: MemoryScope; readonly content: string };

/** A CLAUDE.md larger than this is cut: it goes into every request. */
const MAX_MEMORY_FILE_CHARS = 100_000;

export async function loadMemoryFiles(options: {
  readonly cwd: string;
  readonly projectRoot: string | undefined;
  readonly configDir: string;
}): Promise<MemoryFile[]> {
  const candidates: Array<{ path: string; scope: MemoryScope }> = [
    { path: path.join(options.configDir, 'CLAUDE.md'), scope: 'user' },
  ];
  for (const dir of foldersFromRootToCwd(options.cwd, options.projectRoot)) {
    candidates.push({ path: path.join(dir, 'CLAUDE.md'), scope: 'project' });
    candidates.push({ path: path.join(dir, '.claude', 'CLAUDE.md'), scope: 'project' });
    candidates.push({ path: path.join(dir, 'CLAUDE.local.md'), scope: 'local' });
  }
  const loaded = await Promise.all(
    candidates.map(async (candidate) => {
      try {
        const content = await readFile(candidate.path, 'utf8');
        return { ...candidate, content: content.slice(0, MAX_MEMORY_FILE_CHARS) };
      } catch {
        return undefined;
      }
    }),
  );
  return loaded.filter((file): file is MemoryFile => file !== undefined);
}

function foldersFromRootToCwd(cwd: string, root: string | undefined): string[] {
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
