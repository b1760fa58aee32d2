/**
 * Splits a glob into the directory it can only match under (its static
 * base: `src/components/*.tsx` -> `src/components`) and the part that needs
 * matching, then compiles that part with fast-glob's own matcher, so the
 * semantics are exactly fast-glob's (`**`, `*`, `?`, `[...]`, `{a,b}`,
 * extglobs), with dotfiles matched.
 *
 * Listing starts at the static base, so a narrow pattern never walks the
 * whole tree, and a pattern without `**` bounds the walk's depth.
 */
import path from 'node:path';

export type GlobPlan =
  /** No glob syntax at all: one path to check. */
  | { readonly kind: 'literal'; readonly target: string }
  | {
      readonly kind: 'pattern';
      /** Absolute: where listing starts. */
      readonly baseDir: string;
      /** The pattern relative to baseDir. */
      readonly relativePattern: string;
      /** How deep below baseDir a match can be; undefined with `**`. */
      readonly maxDepth: number | undefined;
    };

const GLOB_SYNTAX = /[*?[\]{}()!+@]/;

/** The static base of `pattern`, as it is written (relative or absolute); '.' when the first segment is a glob. */
export function staticBase(pattern: string): string {
  const segments = normalizePattern(pattern).split('/');
  const literal: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (GLOB_SYNTAX.test(segment) || segment.includes('\\')) break;
    literal.push(segment);
  }
  if (literal.length === 0) return '.';
  const joined = literal.join('/');
  return joined === '' ? '/' : joined;
}

export function hasGlobSyntax(pattern: string): boolean {
  return GLOB_SYNTAX.test(pattern) || pattern.includes('\\');
}

/** Where a Glob call searches, as a path the permission rules can see (relative paths are cwd-relative). */
export function searchRootOf(pattern: string, searchPath: string | undefined): string {
  const base = staticBase(pattern);
  if (path.isAbsolute(base)) return base;
  return path.join(searchPath ?? '.', base);
}

export function planGlob(pattern: string, searchRoot: string): GlobPlan {
  const normalized = normalizePattern(pattern);
  if (!hasGlobSyntax(normalized)) return { kind: 'literal', target: path.resolve(searchRoot, normalized) };
  const base = staticBase(normalized);
  const relativePattern = base === '.' ? normalized : normalized.slice(base === '/' ? 1 : base.length + 1);
  return {
    kind: 'pattern',
    baseDir: path.resolve(searchRoot, base),
    relativePattern,
    maxDepth: relativePattern.includes('**') ? undefined : maxSegments(relativePattern),
  };
}

/**
 * Compiles the relative part with micromatch — the matcher fast-glob itself
 * uses, so patterns mean exactly what they mean to fast-glob — dotfiles
 * included.
 */
export async function compileGlobMatcher(relativePattern: string): Promise<RegExp> {
  const { default: micromatch } = await import('micromatch');
  return micromatch.makeRe(relativePattern, { dot: true });
}

/** Whether a pattern or path names a folder that is skipped unless asked for. */
export function namesFolder(text: string, folder: string): boolean {
  return text.split(/[\\/]/).some((segment) => segment === folder || (hasGlobSyntax(segment) && segment.includes(folder)));
}

function normalizePattern(pattern: string): string {
  let normalized = pattern.trim();
  while (normalized.startsWith('./')) normalized = normalized.slice(2);
  return normalized.replace(/\/{2,}/g, '/');
}

/** At least as deep as any match can be (alternatives in braces may only make it shallower). */
function maxSegments(pattern: string): number {
  return pattern.split('/').length;
}
