/**
 * Path rule specifiers with gitignore semantics:
 *   - `//abs/path`  absolute;  `~/x`  under the home directory;
 *   - `/x`, `./x`, or any pattern with a `/` inside: anchored at the project root;
 *   - a bare name or glob (`.env`, `*.pem`): that name at any depth below the root;
 *   - `*` and `?` stay within one path segment, `**` spans any number of them;
 *   - a pattern matching a directory also matches everything inside it
 *     (`Read(secrets)` protects `secrets/key.pem`).
 * Paths given to `matches` are absolute and already resolved (`..`, `~`, symlinks).
 */
import path from 'node:path';

export type PathPatternOptions = { readonly root: string; readonly home: string };

export type PathPattern = {
  readonly specifier: string;
  /** The anchored absolute pattern, for display (`/repo/**\/.env`). */
  readonly anchored: string;
  readonly matches: (absolutePath: string, options?: { readonly caseInsensitive?: boolean }) => boolean;
  /** Whether the pattern could match something strictly inside `absoluteDir` (for recursive operations). */
  readonly mayMatchBelow: (absoluteDir: string, options?: { readonly caseInsensitive?: boolean }) => boolean;
};

export function compilePathPattern(specifier: string, options: PathPatternOptions): PathPattern {
  const anchored = anchorPattern(specifier.trim(), options);
  const segments = anchored.split('/').filter((segment) => segment !== '');
  const sensitive = segments.map((segment) => compileSegment(segment, false));
  const insensitive = segments.map((segment) => compileSegment(segment, true));
  const pick = (caseInsensitive: boolean | undefined): SegmentMatcher[] => (caseInsensitive ? insensitive : sensitive);
  return {
    specifier,
    anchored,
    matches: (absolutePath, matchOptions) => walk(pick(matchOptions?.caseInsensitive), splitPath(absolutePath)).matchedPrefix,
    mayMatchBelow: (absoluteDir, matchOptions) => {
      const result = walk(pick(matchOptions?.caseInsensitive), splitPath(absoluteDir));
      return result.matchedPrefix || result.states.some((state) => state < segments.length);
    },
  };
}

function anchorPattern(specifier: string, { root, home }: PathPatternOptions): string {
  let pattern = specifier;
  const directoryOnly = pattern.endsWith('/') && pattern.length > 1;
  if (directoryOnly) pattern = pattern.replace(/\/+$/, '');
  let anchored: string;
  if (pattern.startsWith('//')) anchored = pattern.slice(1);
  else if (pattern === '~' || pattern.startsWith('~/')) anchored = home + pattern.slice(1);
  else if (pattern.startsWith('/')) anchored = root + pattern;
  else if (pattern.startsWith('./')) anchored = `${root}/${pattern.slice(2)}`;
  else if (pattern.includes('/')) anchored = `${root}/${pattern}`;
  else anchored = `${root}/**/${pattern}`;
  return normaliseKeepingGlobs(anchored) + (directoryOnly ? '/**' : '');
}

/** Resolves `.` and `..` segments without touching glob characters. */
function normaliseKeepingGlobs(pattern: string): string {
  const out: string[] = [];
  for (const segment of pattern.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

type SegmentMatcher = 'globstar' | RegExp;

function compileSegment(segment: string, caseInsensitive: boolean): SegmentMatcher {
  if (segment === '**') return 'globstar';
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] ?? '';
    if (char === '*') {
      while (segment[i + 1] === '*') i++;
      source += '[^/]*';
    } else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        const body = segment.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        source += `[${body}]`;
        i = close;
      }
    } else if (char === '\\' && i + 1 < segment.length) {
      source += escapeRegExp(segment[++i] ?? '');
    } else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'i' : '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function splitPath(absolutePath: string): string[] {
  return path.resolve(absolutePath).split('/').filter((segment) => segment !== '');
}

/**
 * Runs the pattern as a small automaton over path segments. `matchedPrefix`
 * is true when the path or one of its ancestors matches the whole pattern.
 */
function walk(pattern: readonly SegmentMatcher[], segments: readonly string[]): { states: number[]; matchedPrefix: boolean } {
  const closure = (states: Set<number>): Set<number> => {
    for (const state of [...states]) {
      let next = state;
      while (pattern[next] === 'globstar') states.add(++next);
    }
    return states;
  };
  let states = closure(new Set([0]));
  let matchedPrefix = false;
  for (const segment of segments) {
    const next = new Set<number>();
    for (const state of states) {
      const matcher = pattern[state];
      if (matcher === undefined) continue;
      if (matcher === 'globstar') next.add(state);
      else if (matcher.test(segment)) next.add(state + 1);
    }
    states = closure(next);
    if (states.has(pattern.length)) matchedPrefix = true;
    if (states.size === 0) break;
  }
  return { states: [...states], matchedPrefix };
}
