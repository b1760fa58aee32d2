/**
 * What a command's analysis claimed it does, as the sandbox needs it: the
 * policy an auto-allowed command runs under is exactly that claim, so an
 * analysis mistake cannot become an effect beyond what was allowed.
 *
 *   read-only  every command only reads      → nothing writable but /dev/null and a private /tmp
 *   writes     every write names its target  → only those places (their folders: see below)
 *   session    anything broader (runs project code, writes where we cannot say)
 *                                            → the working directories minus protected paths
 *
 * Network is claimed by a command whose effect is network access, or whose
 * effects are open-ended (`other`: a build may download). It is then given
 * only if settings allow it too.
 *
 * A claimed write becomes its folder, not the file alone: editors and tools
 * write a temporary file next to the target and rename it over (`sed -i`),
 * and a file bound on its own can be neither renamed nor deleted. The
 * folder's protected and denied paths stay read-only inside it. Claimed
 * places lie inside the writable areas (working directories, settings'
 * writablePaths) or nowhere: a write elsewhere that a rule allowed fails in
 * the sandbox, and the user is asked whether to run it outside.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ShellCommandAnalysis } from '../permissions/shell/analyzeShellCommand.js';
import { isReadOnlyAnalysis } from '../permissions/shell/readOnlyAnalysis.js';
import { isWithin } from './treeScan.js';

export type SandboxClaim =
  | { readonly kind: 'read-only'; readonly network: boolean }
  | { readonly kind: 'writes'; readonly places: readonly string[]; readonly network: boolean }
  | { readonly kind: 'session'; readonly network: boolean };

/** What an approved command (or one nobody analysed) runs under. */
export const SESSION_CLAIM: SandboxClaim = { kind: 'session', network: true };

export type ClaimEnvironment = {
  /** Where a claimed place may lie: the working directories and settings' writablePaths. */
  readonly workingDirectories: readonly string[];
  /** Resolves a claimed write target to absolute real paths; 'unknown' when it cannot be bounded. */
  readonly resolveWrite: (target: ShellCommandAnalysis['commands'][number]['effects']['paths'][number], command: ShellCommandAnalysis['commands'][number]) => readonly string[] | 'unknown';
};

export function claimOfAnalysis(analysis: ShellCommandAnalysis, env: ClaimEnvironment): SandboxClaim {
  const commands = analysis.commands;
  const network = analysis.concerns.length > 0 || commands.some(({ effects }) => effects.kind === 'other' || effects.effects.includes('network'));
  if (analysis.concerns.length > 0) return { kind: 'session', network };
  if (isReadOnlyAnalysis(analysis)) return { kind: 'read-only', network };
  if (commands.some(({ effects }) => effects.kind === 'other')) return { kind: 'session', network };
  const places = new Set<string>();
  for (const analyzed of commands) {
    for (const access of analyzed.effects.paths) {
      if (access.access !== 'write') continue;
      const targets = env.resolveWrite(access, analyzed);
      if (targets === 'unknown') return { kind: 'session', network };
      for (const target of targets) {
        const place = writablePlaceFor(target, env.workingDirectories);
        if (place) places.add(place);
      }
    }
  }
  return { kind: 'writes', places: [...places], network };
}

/** The folder a write to `target` needs, inside the writable areas; undefined outside them. */
export function writablePlaceFor(target: string, workingDirectories: readonly string[]): string | undefined {
  const inside = workingDirectories.some((dir) => isWithin(target, dir));
  if (!inside) return undefined;
  const stats = statQuietly(target);
  // A folder written recursively (rm -r, cp -r into it) is itself the place; a file's place is its folder.
  if (stats?.isDirectory() && workingDirectories.every((dir) => path.resolve(dir) !== path.resolve(target))) {
    return path.dirname(target);
  }
  let place = stats?.isDirectory() ? target : path.dirname(target);
  // A file in a folder that does not exist yet (mkdir -p a/b && touch a/b/c): the nearest folder that does.
  while (!statQuietly(place) && place !== path.dirname(place)) place = path.dirname(place);
  return workingDirectories.some((dir) => isWithin(place, dir)) ? place : undefined;
}

function statQuietly(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}
