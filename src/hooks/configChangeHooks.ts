/**
 * ConfigChange, as Claude Code fires it: a settings file the session uses
 * (user, project or local) changed while it runs — edited outside (a file
 * watcher on the three files) or written by agentcli itself ("don't ask
 * again", /permissions, /output-style, /plugin enable: src/settings/
 * settingsWrites.ts announces those at once).
 *
 *   input   source: user_settings | project_settings | local_settings |
 *           policy_settings (the matcher is compared with it), file_path
 *   policy  a managed policy settings file: the hooks hear the change, but
 *           cannot refuse it (Claude Code: the organisation's policy always
 *           wins); a block is reported and ignored. agentcli reads no
 *           managed settings file yet, so no file is watched as one today:
 *           listing it here with that source is all the monitor needs.
 *   allowed the new contents take effect in this session (applyAccepted)
 *   blocked exit 2 or `decision: "block"`: the session keeps the settings
 *           it had; the file on disk is left as it is (Claude Code does not
 *           undo the edit either), and the user is told
 *
 * What counts as a change is a change of contents: a write that leaves the
 * file as it was fires nothing, and the watcher's echo of agentcli's own
 * write (the same contents) fires nothing the second time. Checks run one
 * at a time, in the order changes arrive.
 */
import { readFile } from 'node:fs/promises';
import { onSettingsWrite } from '../settings/settingsWrites.js';
import { PathWatcher, type PathWatcherOptions } from '../utils/files/pathWatcher.js';
import type { ConfigChangeSource } from './hookEvents.js';
import { runConfigChangeHooks } from './lifecycleEventHooks.js';
import type { SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

/** `text`: the contents in force at start (undefined: no file), from the start's settings snapshot — not read again here. */
export type WatchedSettingsFile = { readonly file: string; readonly source: ConfigChangeSource; readonly text: string | undefined };

export type ConfigChangeMonitorOptions = {
  readonly files: readonly WatchedSettingsFile[];
  readonly hookCall: () => SessionHookCall;
  /**
   * Makes the accepted contents of the files (undefined: no file) the ones
   * in force; `file` is the one that changed. Also called after a blocked
   * change, with the contents accepted before, so a change agentcli already
   * made live is taken back.
   */
  readonly applyAccepted: (file: string, accepted: ReadonlyMap<string, string | undefined>) => void;
  readonly onProblem?: (message: string) => void;
} & Pick<PathWatcherOptions, 'debounceMs'>;

export type ConfigChangeMonitor = {
  /** Resolves when every change heard so far has been dealt with (tests wait on it). */
  settled(): Promise<void>;
  close(): void;
};

export function startConfigChangeMonitor(hooks: HookSet, options: ConfigChangeMonitorOptions): ConfigChangeMonitor {
  const sources = new Map(options.files.map((entry) => [entry.file, entry.source]));
  /** Contents in force, per file (undefined: no file). */
  const accepted = new Map(options.files.map((entry) => [entry.file, entry.text]));
  /** Contents last judged, accepted or not: the same contents are not judged twice. */
  const judged = new Map(accepted);
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const check = async (file: string): Promise<void> => {
    const source = sources.get(file);
    if (closed || source === undefined) return;
    const text = await readText(file);
    if (text === judged.get(file)) return;
    judged.set(file, text);
    const blocked = await runConfigChangeHooks(hooks, options.hookCall(), { source, file_path: file });
    if (blocked === undefined) accepted.set(file, text);
    else if (source === 'policy_settings') {
      accepted.set(file, text);
      options.onProblem?.(`a ConfigChange hook tried to block the change to ${file} (${blocked}); managed policy settings take effect all the same`);
    } else options.onProblem?.(`the change to ${file} is not applied to this session: a ConfigChange hook blocked it (${blocked})`);
    if (!closed) options.applyAccepted(file, accepted);
  };
  const enqueue = (file: string): void => {
    if (!sources.has(file)) return;
    queue = queue.then(() => check(file)).catch((error: unknown) => options.onProblem?.(`ConfigChange for ${file}: ${error instanceof Error ? error.message : String(error)}`));
  };

  const watcher = new PathWatcher({
    ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
    onChange: (file) => enqueue(file),
  });
  const watching = watcher.setPaths([...sources.keys()]);
  const stopHearing = onSettingsWrite(enqueue);
  const settled = async (): Promise<void> => {
    await watching;
    // A check may queue behind another; wait until the queue stops growing.
    for (let seen = queue; ; seen = queue) {
      await seen;
      if (seen === queue) return;
    }
  };
  hooks.watchList.track(settled());
  return {
    settled,
    close() {
      closed = true;
      stopHearing();
      watcher.close();
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
