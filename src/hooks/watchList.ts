/**
 * What FileChanged watches besides its matchers' file names: the
 * `watchPaths` SessionStart, CwdChanged and FileChanged hooks return (each
 * answer replaces the list; an empty one clears it), and the working
 * directory the matchers' names are relative to (it follows a `cd`). The
 * hook set holds one; the hook events write it and the session's file
 * watcher (fileChangedHooks.ts) follows it.
 */
import path from 'node:path';

export type WatchList = {
  /** The working directory matcher names are relative to; undefined until the session says. */
  readonly cwd: string | undefined;
  readonly dynamicPaths: readonly string[];
  setCwd(cwd: string): void;
  /** Replaces the hooks' list (relative paths are taken from the working directory). */
  replaceDynamicPaths(paths: readonly string[]): void;
  subscribe(listener: () => void): () => void;
  /** A watcher's set-up or update under way; ready() waits for it. */
  track(work: Promise<unknown>): void;
  /** Resolves once every watch asked for so far is in place (the file and settings watchers report here). */
  ready(): Promise<void>;
};

export function createWatchList(): WatchList {
  let cwd: string | undefined;
  let dynamicPaths: readonly string[] = [];
  const listeners = new Set<() => void>();
  let pending: Promise<unknown> = Promise.resolve();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    get cwd() {
      return cwd;
    },
    get dynamicPaths() {
      return dynamicPaths;
    },
    setCwd(next) {
      if (next === cwd) return;
      cwd = next;
      changed();
    },
    replaceDynamicPaths(paths) {
      const base = cwd ?? process.cwd();
      dynamicPaths = [...new Set(paths.map((entry) => path.resolve(base, entry)))];
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    track(work) {
      pending = Promise.all([pending, work.catch(() => undefined)]);
    },
    async ready() {
      for (let seen = pending; ; seen = pending) {
        await seen;
        if (seen === pending) return;
      }
    },
  };
}
