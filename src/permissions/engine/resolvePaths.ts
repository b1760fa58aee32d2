/**
 * Resolves a path as the permission checks must see it: `~` and relative
 * paths made absolute, `..` removed, and symlinks followed. Both the
 * spelled path (the link) and the real path (its target) are returned:
 * a deny rule matching either denies, an allow rule (or the working
 * directory check) must accept both — so `ln -s secrets s; cat s/key`
 * meets the `Read(secrets/**)` deny, and a link inside the project that
 * points outside it is not "inside".
 */
import fs from 'node:fs';
import path from 'node:path';

export type ResolvedPath = {
  /** Lexically normalised absolute path, as spelled. */
  readonly spelled: string;
  /** With every existing symlink followed; equal to `spelled` when there are none. */
  readonly real: string;
};

export type PathResolver = {
  readonly resolve: (absolutePath: string) => ResolvedPath;
  /** Expands a glob (absolute pattern) against the file system; bounded. */
  readonly expandGlob: (absolutePattern: string) => string[];
  /**
   * Every path below a directory (not following symlinked directories), or
   * undefined if there are more than `limit`: then the caller must assume
   * the worst about what is inside.
   */
  readonly listTree: (absoluteDir: string, limit: number) => string[] | undefined;
};

const MAX_GLOB_MATCHES = 2_000;

export function createPathResolver(fileSystem: Pick<typeof fs, 'realpathSync' | 'readdirSync'> = fs): PathResolver {
  const realCache = new Map<string, string>();
  const realPath = (spelled: string): string => {
    const cached = realCache.get(spelled);
    if (cached !== undefined) return cached;
    let result: string;
    try {
      result = fileSystem.realpathSync.native(spelled);
    } catch {
      // Missing file: resolve the deepest existing ancestor, keep the rest as spelled.
      const parent = path.dirname(spelled);
      result = parent === spelled ? spelled : path.join(realPath(parent), path.basename(spelled));
    }
    realCache.set(spelled, result);
    return result;
  };
  return {
    resolve: (absolutePath) => {
      const spelled = path.resolve(absolutePath);
      return { spelled, real: realPath(spelled) };
    },
    expandGlob: (absolutePattern) => expandGlob(fileSystem, absolutePattern),
    listTree: (absoluteDir, limit) => listTree(fileSystem, absoluteDir, limit),
  };
}

function listTree(fileSystem: Pick<typeof fs, 'readdirSync'>, root: string, limit: number): string[] | undefined {
  const found: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop();
    if (dir === undefined) break;
    let entries: fs.Dirent[];
    try {
      entries = fileSystem.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // not a directory, or unreadable: nothing below it we could reach either
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      found.push(full);
      if (found.length > limit) return undefined;
      if (entry.isDirectory()) pending.push(full);
    }
  }
  return found;
}

/** Bash-style glob expansion, segment by segment (`*` does not match a leading dot unless written). */
function expandGlob(fileSystem: Pick<typeof fs, 'readdirSync'>, absolutePattern: string): string[] {
  const segments = absolutePattern.split('/').filter(Boolean);
  let current = ['/'];
  for (const segment of segments) {
    const next: string[] = [];
    if (!/[*?[]/.test(segment)) {
      for (const dir of current) next.push(path.join(dir, segment.replace(/\\(.)/g, '$1')));
    } else {
      const matcher = segmentRegExp(segment);
      for (const dir of current) {
        let entries: string[] = [];
        try {
          entries = fileSystem.readdirSync(dir);
        } catch {
          continue;
        }
        for (const entry of entries) {
          if (entry.startsWith('.') && !segment.startsWith('.')) continue;
          if (matcher.test(entry)) next.push(path.join(dir, entry));
          if (next.length > MAX_GLOB_MATCHES) return next;
        }
      }
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

function segmentRegExp(segment: string): RegExp {
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] ?? '';
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        source += `[${segment.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (char === '\\' && i + 1 < segment.length) source += escapeRegExp(segment[++i] ?? '');
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 's');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `child` is `parent` or inside it. */
export function isWithin(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Inside a working directory, judged on both the spelled and the real path. */
export function isInsideWorkingDirectories(resolved: ResolvedPath, workingDirectories: readonly ResolvedPath[]): boolean {
  const inside = (p: string): boolean => workingDirectories.some((dir) => isWithin(p, dir.spelled) || isWithin(p, dir.real));
  return inside(resolved.spelled) && inside(resolved.real);
}
