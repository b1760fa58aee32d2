/**
 * ConfigChange with `source: "skills"`, as Claude Code fires it: a skill file
 * under one of the session's skills folders (the user's, the project's in a
 * trusted folder, enabled plugins') changed while the session runs — a
 * SKILL.md edited, added in a new skill folder, or removed.
 *
 *   input   source: "skills", file_path: the SKILL.md
 *   allowed the catalog takes the new text: the Skill tool's list, the
 *           skill's description and the body it loads follow at once
 *   blocked exit 2 or `decision: "block"`: the session keeps the skill as it
 *           was accepted (the body it loads included); the user is told
 *
 * Followed only when a ConfigChange hook matches `skills`: without one a
 * session reads its skills at start and each body when used, as before, and
 * pays for no watcher. Like the settings monitor, a change of contents is
 * judged once, in the order changes arrive.
 *
 * Watching: each skill folder through PathWatcher (its SKILL.md), and each
 * skills folder itself with fs.watch, so a skill folder created later is
 * found (the folder is watched from then on and its SKILL.md judged).
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { skillFoldersOf, type FollowableSkillCatalog } from '../skills/loadSkills.js';
import { PathWatcher, type PathWatcherOptions } from '../utils/files/pathWatcher.js';
import { runConfigChangeHooks } from './lifecycleEventHooks.js';
import type { SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

const SKILL_FILE = 'SKILL.md';

export type SkillChangeMonitorOptions = {
  readonly catalog: FollowableSkillCatalog;
  readonly hookCall: () => SessionHookCall;
  readonly onProblem?: (message: string) => void;
} & Pick<PathWatcherOptions, 'debounceMs'>;

export type SkillChangeMonitor = {
  /** Resolves when every change heard so far has been dealt with (tests wait on it). */
  settled(): Promise<void>;
  close(): void;
};

/** undefined when no ConfigChange hook listens for skills. */
export function startSkillChangeMonitor(hooks: HookSet, options: SkillChangeMonitorOptions): SkillChangeMonitor | undefined {
  if (!hooks.has('ConfigChange', 'skills')) return undefined;
  const { catalog } = options;
  catalog.follow();
  const roots = catalog.roots.map((root) => path.resolve(root.root));
  /** Contents last judged per SKILL.md (undefined: no file). */
  const judged = new Map<string, string | undefined>();
  const folders = new Set<string>();
  let closed = false;

  const check = async (file: string): Promise<void> => {
    if (closed) return;
    const text = await readText(file);
    if (text === judged.get(file)) return;
    judged.set(file, text);
    const blocked = await runConfigChangeHooks(hooks, options.hookCall(), { source: 'skills', file_path: file });
    if (blocked !== undefined) {
      options.onProblem?.(`the change to ${file} is not applied to this session: a ConfigChange hook blocked it (${blocked})`);
      return;
    }
    for (const problem of catalog.accept(file, text)) options.onProblem?.(problem);
  };
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (file: string): void => {
    queue = queue.then(() => check(file)).catch((error: unknown) => options.onProblem?.(`ConfigChange for ${file}: ${error instanceof Error ? error.message : String(error)}`));
  };

  const watcher = new PathWatcher({
    ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    onChange: (file) => {
      if (path.basename(file) === SKILL_FILE && roots.includes(path.dirname(path.dirname(file)))) enqueue(file);
    },
  });
  /** Finds the skill folders; a new one is watched and its SKILL.md judged. */
  const scan = async (initial: boolean): Promise<void> => {
    const found = (await Promise.all(roots.map((root) => skillFoldersOf(root)))).flat();
    const added = found.filter((folder) => !folders.has(folder));
    for (const folder of added) folders.add(folder);
    for (const folder of added) {
      const file = path.join(folder, SKILL_FILE);
      if (initial) judged.set(file, await readText(file));
      else enqueue(file);
    }
    if (added.length > 0 && !closed) {
      await watcher.setPaths([...folders]);
      // A SKILL.md written after the look above but before the folder's watch was in place has no event of its
      // own: look once more now the watch holds (judging is by contents, so a second look at the same text is free).
      if (!initial) for (const folder of added) enqueue(path.join(folder, SKILL_FILE));
    }
  };
  let scanning: Promise<void> = scan(true);
  const rootWatches: FSWatcher[] = [];
  for (const root of roots) {
    try {
      // A new skill folder shows as an entry of its root; the debounced folder watch then takes over.
      rootWatches.push(watch(root, { persistent: false }, () => void (scanning = scanning.then(() => scan(false)))).on('error', () => undefined));
    } catch {
      // No such folder (yet): its skills are found next session.
    }
  }
  const settled = async (): Promise<void> => {
    for (let seen = [scanning, queue]; ; seen = [scanning, queue]) {
      await Promise.all(seen);
      if (seen[0] === scanning && seen[1] === queue) return;
    }
  };
  hooks.watchList.track(settled());
  return {
    settled,
    close() {
      closed = true;
      watcher.close();
      for (const rootWatch of rootWatches) rootWatch.close();
    },
  };
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
