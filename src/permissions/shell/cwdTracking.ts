/**
 * Where relative paths resolve as a command runs. After `cd x` bash may be
 * in the old or the new directory (the cd can fail, or run in a subshell),
 * so every candidate is kept; over-checking is safe, dropping one is not.
 */
import path from 'node:path';
import type { CwdState } from './shellTypes.js';
import type { ExpandedWord } from './wordExpansion.js';

const MAX_CWD_CANDIDATES = 8;

/** A subshell's `cd` does not leak out, but keeping its candidates too only over-checks. */
export function mergeCwd(a: CwdState, b: CwdState): CwdState {
  if (a.kind === 'unknown') return a;
  if (b.kind === 'unknown') return b;
  const dirs = [...new Set([...a.dirs, ...b.dirs])];
  return dirs.length > MAX_CWD_CANDIDATES ? { kind: 'unknown', reason: 'too many possible directories' } : { kind: 'known', dirs };
}

export function firstOperand(argv: readonly ExpandedWord[]): ExpandedWord | 'home' | undefined {
  const operand = argv.slice(1).find((word) => word.kind === 'dynamic' || !/^-[LPe@]+$/.test(word.text));
  if (!operand) return 'home';
  return operand;
}

/** The cd may fail, so the old directories stay candidates alongside the new ones. */
export function changeDirectory(cwd: CwdState, target: ExpandedWord | 'home' | undefined, home: string): CwdState {
  if (cwd.kind === 'unknown') return cwd;
  if (target === undefined) return { kind: 'unknown', reason: 'popd returns to a directory we cannot see' };
  if (target !== 'home' && (target.kind === 'dynamic' || target.isGlob || target.text === '-')) {
    return { kind: 'unknown', reason: `cd ${target.text} goes somewhere we cannot see` };
  }
  const dirs = target === 'home' ? [home] : cwd.dirs.map((dir) => path.resolve(dir, target.text));
  return mergeCwd(cwd, { kind: 'known', dirs });
}
