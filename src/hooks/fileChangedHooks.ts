/**
 * FileChanged, as Claude Code fires it: a FileChanged hook's matcher both
 * names the files to watch and filters which hooks run.
 *
 *   - Watched: each `|`-separated part of a FileChanged matcher, taken as a
 *     literal file name in the working directory (`.envrc|.env` watches
 *     those two files; a part with a path separator, and `*`, `.*` or an
 *     empty matcher, name no file), plus the `watchPaths` SessionStart,
 *     CwdChanged and FileChanged hooks last answered with (watchList.ts).
 *     A `cd` moves the matcher names to the new working directory.
 *   - Fired: when one of those files is added, changed or removed, with
 *     `file_path` (absolute) and `event` ("add" | "change" | "unlink"); the
 *     hooks whose matcher matches the file's base name run.
 *
 * Hooks run one change at a time, beside the conversation: a change never
 * waits for a turn and a turn never waits for a change. FileChanged cannot
 * block anything; its hooks may answer with a new watch list.
 */
import path from 'node:path';
import { PathWatcher, type PathWatcherOptions } from '../utils/files/pathWatcher.js';
import { runFileChangedHooks } from './lifecycleEventHooks.js';
import type { SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

export type FileChangedWatcher = {
  /** Resolves once the current watch list is being watched (tests wait on it). */
  settled(): Promise<void>;
  readonly watchedFolders: readonly string[];
  close(): void;
};

export type FileChangedWatcherOptions = {
  /** The session's working directory at start (a `cd` later moves it, through the watch list). */
  readonly cwd: string;
  /** The hook call of the moment (session, transcript, cwd, mode). */
  readonly hookCall: () => SessionHookCall;
  readonly onProblem?: (message: string) => void;
} & Pick<PathWatcherOptions, 'debounceMs' | 'maxFolders'>;

/** Starts watching when the session has FileChanged hooks; undefined otherwise (nothing to do, nothing watched). */
export function startFileChangedWatcher(hooks: HookSet, options: FileChangedWatcherOptions): FileChangedWatcher | undefined {
  if (!hooks.has('FileChanged')) return undefined;
  const names = matcherFileNames(hooks);
  if (hooks.watchList.cwd === undefined) hooks.watchList.setCwd(options.cwd);
  let queue: Promise<void> = Promise.resolve();
  const watcher = new PathWatcher({
    ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
    ...(options.maxFolders !== undefined ? { maxFolders: options.maxFolders } : {}),
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    onChange: (file, kind) => {
      queue = queue.then(() => runFileChangedHooks(hooks, options.hookCall(), { file_path: file, event: kind })).catch(() => undefined);
    },
  });
  let applied = Promise.resolve();
  const refresh = (): void => {
    const cwd = hooks.watchList.cwd ?? options.cwd;
    applied = watcher.setPaths([...names.map((name) => path.join(cwd, name)), ...hooks.watchList.dynamicPaths]);
    hooks.watchList.track(applied);
  };
  const unsubscribe = hooks.watchList.subscribe(refresh);
  refresh();
  return {
    settled: () => applied,
    get watchedFolders() {
      return watcher.watchedFolders;
    },
    close() {
      unsubscribe();
      watcher.close();
    },
  };
}

/** The literal file names FileChanged matchers name (`.envrc|.env` → .envrc, .env). */
export function matcherFileNames(hooks: HookSet): string[] {
  const names = new Set<string>();
  for (const runner of hooks.runners) {
    if (runner.event !== 'FileChanged' || !runner.active) continue;
    for (const part of runner.matcher.pattern.split('|')) {
      const name = part.trim();
      if (name === '' || name === '*' || name === '.*' || name === '.' || name === '..' || /[\\/]/.test(name)) continue;
      names.add(name);
    }
  }
  return [...names];
}
