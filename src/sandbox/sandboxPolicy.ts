/**
 * The sandbox one command runs in, as data: which paths are writable,
 * which are read-only inside them, which are masked, and whether the
 * network is there. Pure: the facts come in (what exists, what the rules
 * and the tree scan found), the policy goes out, and bwrapArgs turns it
 * into a command line.
 *
 * Layers, each applied over the one before (later wins where they nest):
 *   1. everything read-only (the whole file system, the real home included)
 *   2. a private, empty /tmp
 *   3. writable: the areas (working directories, settings' writablePaths,
 *      caches) or the exact places a command's analysis claimed to write
 *   4. read-only again inside them: protected paths, Edit-denied paths
 *   5. masked: Read-denied paths (an empty folder, or an empty file)
 *
 * A command claimed read-only gets no areas and no claimed places: nothing
 * is writable but /dev/null and its private /tmp.
 */
import path from 'node:path';
import { isWithin } from './treeScan.js';

export type SandboxFacts = {
  /** Writable areas: a rule naming one of their parents never makes them read-only. */
  readonly workingDirectories: readonly string[];
  /** From settings (and the package caches), existing ones only; areas too. */
  readonly writablePaths: readonly string[];
  /**
   * The places a command's analysis claimed it writes (existing folders or
   * files). Unlike areas they yield to protection: a claimed place inside a
   * protected, Edit-denied or masked path is simply not writable.
   */
  readonly claimedWritable?: readonly string[];
  /** Protected paths and Edit-denied paths that exist. */
  readonly readOnly: readonly string[];
  readonly masked: readonly { readonly path: string; readonly isDirectory: boolean }[];
  readonly network: boolean;
  /** The filtering proxy's socket: the only way out when the network is limited to allowed domains. */
  readonly proxySocket?: string;
  /**
   * Folders that must stay visible (read-only unless writable anyway) where the private /tmp would hide
   * them: a working directory under /tmp, when the claim makes it read-only.
   */
  readonly visibleAreas?: readonly string[];
};

export type SandboxPolicy = {
  /** Read-only binds of folders under /tmp that the private /tmp would otherwise hide. */
  readonly visible?: readonly string[];
  readonly writable: readonly string[];
  readonly readOnly: readonly string[];
  readonly maskedDirectories: readonly string[];
  readonly maskedFiles: readonly string[];
  readonly network: boolean;
  readonly proxySocket?: string;
};

export function buildSandboxPolicy(facts: SandboxFacts): SandboxPolicy {
  const maskedDirectories = outermost(facts.masked.filter((m) => m.isDirectory).map((m) => m.path));
  const hiddenByMask = (p: string): boolean => maskedDirectories.some((dir) => isWithin(p, dir));
  const maskedFiles = unique(facts.masked.filter((m) => !m.isDirectory && !hiddenByMask(m.path)).map((m) => m.path));

  // A writable bind inside a masked folder would show what the mask hides.
  const protectedPlace = (p: string): boolean => facts.readOnly.some((target) => isWithin(p, target));
  const claimed = (facts.claimedWritable ?? []).filter((p) => !protectedPlace(p));
  const writable = byDepth(unique([...facts.workingDirectories, ...facts.writablePaths, ...claimed]).filter((p) => !hiddenByMask(p) && !maskedFiles.includes(p)));
  const insideWritable = (p: string): boolean => writable.some((dir) => isWithin(p, dir));
  // Read-only only matters inside a writable area (the rest already is), and never over a writable area's
  // parent (that would make a working directory read-only because a rule names one of its parents).
  const containsWritable = (p: string): boolean => writable.some((dir) => dir !== p && isWithin(dir, p));
  const readOnly = outermost(facts.readOnly.filter((p) => insideWritable(p) && !containsWritable(p) && !hiddenByMask(p)));

  const underTmp = (p: string): boolean => isWithin(p, '/tmp');
  const visible = outermost((facts.visibleAreas ?? []).filter((p) => underTmp(p) && !writable.some((dir) => isWithin(p, dir))));
  return {
    writable,
    readOnly,
    maskedDirectories,
    maskedFiles,
    network: facts.network,
    ...(facts.proxySocket ? { proxySocket: facts.proxySocket } : {}),
    ...(visible.length > 0 ? { visible } : {}),
  };
}

/** Parents before children: bwrap mounts in order, and a child mount must land on its parent's. */
function byDepth(paths: readonly string[]): string[] {
  return [...paths].sort((a, b) => a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
}

/** Drops paths inside another path of the list (covered by it); parents first. */
function outermost(paths: readonly string[]): string[] {
  const sorted = byDepth(unique(paths));
  const kept: string[] = [];
  for (const candidate of sorted) if (!kept.some((parent) => isWithin(candidate, parent))) kept.push(candidate);
  return kept;
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths.map((p) => path.resolve(p)))];
}
