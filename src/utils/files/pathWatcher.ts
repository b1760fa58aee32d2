/**
 * Watches a set of paths on disk and reports, per file, whether it was
 * added, changed or removed — for FileChanged hooks (the files their
 * matchers and `watchPaths` name) and ConfigChange (the settings files in
 * use). Built on node:fs.watch, with the limits a long session needs:
 *
 *   - a file is watched through its folder (non-recursive), so a file that
 *     does not exist yet is seen when it is created, and an editor's
 *     save-by-rename is one change, not a lost watch; a folder given as a
 *     path reports the files directly inside it;
 *   - at most `maxFolders` folders are watched (inotify watches are a
 *     shared, limited resource); the rest are reported once as a problem;
 *   - events for one file are debounced (a save is often several writes),
 *     then the file is looked at once: the kind of change is decided from
 *     whether it existed before and exists now, never from fs.watch's own
 *     event names, which differ between platforms;
 *   - the watches never keep the process alive (`persistent: false`), and
 *     close() stops everything, timers included.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export type PathChangeKind = 'add' | 'change' | 'unlink';

export type PathWatcherOptions = {
  /** Told once per settled change of a file (never of a folder). */
  readonly onChange: (file: string, kind: PathChangeKind) => void;
  readonly onProblem?: (message: string) => void;
  readonly debounceMs?: number;
  readonly maxFolders?: number;
};

export const DEFAULT_DEBOUNCE_MS = 100;
export const DEFAULT_MAX_WATCHED_FOLDERS = 64;

type FolderWatch = {
  readonly watcher: FSWatcher;
  /** undefined: every file directly in the folder; otherwise only these names. */
  readonly names: ReadonlySet<string> | undefined;
};

export class PathWatcher {
  private readonly folders = new Map<string, FolderWatch>();
  /** Whether each file was there when last looked at. */
  private readonly known = new Map<string, boolean>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly debounceMs: number;
  private readonly maxFolders: number;
  private closed = false;
  /** Each setPaths runs after the previous one, so two quick updates never interleave. */
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly options: PathWatcherOptions) {
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.maxFolders = options.maxFolders ?? DEFAULT_MAX_WATCHED_FOLDERS;
  }

  /** Replaces what is watched; resolves once the new watches are in place. */
  setPaths(paths: readonly string[]): Promise<void> {
    const run = this.applying.then(() => this.apply(paths));
    this.applying = run.catch(() => undefined);
    return run;
  }

  /** The folders watched now (for tests and /hooks). */
  get watchedFolders(): readonly string[] {
    return [...this.folders.keys()];
  }

  close(): void {
    this.closed = true;
    for (const folder of this.folders.values()) folder.watcher.close();
    this.folders.clear();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async apply(paths: readonly string[]): Promise<void> {
    if (this.closed) return;
    const wanted = new Map<string, Set<string> | undefined>();
    for (const given of new Set(paths.map((entry) => path.resolve(entry)))) {
      const kind = await kindOf(given);
      if (kind === 'folder') wanted.set(given, undefined);
      else {
        const folder = path.dirname(given);
        const names = wanted.has(folder) ? wanted.get(folder) : new Set<string>();
        names?.add(path.basename(given));
        wanted.set(folder, names);
        this.known.set(given, kind === 'file');
      }
    }
    if (wanted.size > this.maxFolders) {
      const dropped = [...wanted.keys()].slice(this.maxFolders);
      for (const folder of dropped) wanted.delete(folder);
      this.options.onProblem?.(`watching at most ${this.maxFolders} folders; not watching ${dropped.join(', ')}`);
    }
    for (const [folder, current] of this.folders) {
      if (!wanted.has(folder) || !sameNames(wanted.get(folder), current.names)) {
        current.watcher.close();
        this.folders.delete(folder);
      }
    }
    for (const [folder, names] of wanted) {
      if (this.closed || this.folders.has(folder)) continue;
      if (names === undefined) {
        // Whole folder: what is in it now, so a later file is an "add", not a "change".
        for (const entry of await readdir(folder).catch(() => [] as string[])) this.known.set(path.join(folder, entry), true);
      }
      const watcher = this.open(folder, names);
      if (watcher) this.folders.set(folder, { watcher, names });
    }
  }

  private open(folder: string, names: ReadonlySet<string> | undefined): FSWatcher | undefined {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, filename) => {
        if (filename === null) return;
        const name = filename.toString();
        if (names === undefined || names.has(name)) this.schedule(path.join(folder, name));
      });
      // A folder that goes away ends its watch; it is set up again by the next setPaths.
      watcher.on('error', () => {
        watcher.close();
        if (this.folders.get(folder)?.watcher === watcher) this.folders.delete(folder);
      });
      return watcher;
    } catch (error) {
      // A missing folder is normal (a file to watch for whose folder does not exist yet): nothing to say.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.options.onProblem?.(`cannot watch ${folder}: ${(error as Error).message}`);
      return undefined;
    }
  }

  private schedule(file: string): void {
    if (this.closed) return;
    clearTimeout(this.timers.get(file));
    this.timers.set(
      file,
      setTimeout(() => {
        this.timers.delete(file);
        void this.settle(file);
      }, this.debounceMs),
    );
  }

  private async settle(file: string): Promise<void> {
    const kind = await kindOf(file);
    if (this.closed || kind === 'folder') return;
    const existed = this.known.get(file) ?? false;
    const exists = kind === 'file';
    this.known.set(file, exists);
    if (!existed && !exists) return;
    this.options.onChange(file, !existed ? 'add' : exists ? 'change' : 'unlink');
  }
}

async function kindOf(file: string): Promise<'file' | 'folder' | 'missing'> {
  try {
    return (await stat(file)).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

function sameNames(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.size === b.size && [...a].every((name) => b.has(name));
}
