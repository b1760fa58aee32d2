/**
 * The settings of one start, read and parsed once. The composition root
 * (src/app/startConversation.ts, or createSession when called on its own)
 * reads the layers --setting-sources and --settings select into a snapshot
 * and hands it to every start-up loader: permission rules, sandbox, hooks,
 * plugins, plain values, MCP servers and the live-settings watcher's
 * baseline. None of them opens a settings file itself, so one start reads
 * each file once and every loader sees the same contents (a file edited
 * half-way through start-up cannot give the rules one version and the hooks
 * another).
 *
 * While the session runs, the live-settings watcher (src/app/liveSettings.ts)
 * replaces the session's snapshot when ConfigChange lets a change through.
 * Commands that show what the files say now (/config, /theme, /doctor) take
 * a fresh snapshot with readSettingsSnapshot.
 */
import { readSettingsFiles, type SettingsFile, type SettingsLayer, type SettingsSelection } from './settingsFiles.js';

export type SettingsObject = SettingsLayer & { readonly values: Record<string, unknown> };

export type SettingsSnapshot = SettingsSelection & {
  /** Every selected layer with its text (or why there is none), nearest first. */
  readonly files: readonly SettingsFile[];
  /** The layers whose text is a JSON object, parsed, nearest first (for plain values; rule loaders report bad files). */
  readonly objects: readonly SettingsObject[];
};

export async function readSettingsSnapshot(selection: SettingsSelection): Promise<SettingsSnapshot> {
  return snapshotOf(selection, await readSettingsFiles(selection));
}

/**
 * The snapshot a loader works from: the one it was handed (every start goes so), or — for a loader called on its
 * own with only a selection (a subcommand such as `agentcli mcp list`, a test) — one taken now, the same way.
 */
export async function settingsSnapshotOf(settings: SettingsSelection | SettingsSnapshot): Promise<SettingsSnapshot> {
  return isSnapshot(settings) ? settings : readSettingsSnapshot(settings);
}

function isSnapshot(settings: SettingsSelection | SettingsSnapshot): settings is SettingsSnapshot {
  return 'files' in settings && 'objects' in settings;
}

function snapshotOf(selection: SettingsSelection, files: readonly SettingsFile[]): SettingsSnapshot {
  const { cwd, configDir, settingSources, flagSettings } = selection;
  return {
    cwd,
    configDir,
    ...(settingSources !== undefined ? { settingSources } : {}),
    ...(flagSettings !== undefined ? { flagSettings } : {}),
    files,
    objects: files.flatMap(({ read, ...layer }) => {
      const values = read.kind === 'text' ? jsonObject(read.text) : undefined;
      return values ? [{ ...layer, values }] : [];
    }),
  };
}

/** The snapshot with some files' contents replaced (undefined: the file is gone), as a watcher saw them. */
export function withFileTexts(snapshot: SettingsSnapshot, texts: ReadonlyMap<string, string | undefined>): SettingsSnapshot {
  const files = snapshot.files.map((file): SettingsFile => {
    if (!texts.has(file.file)) return file;
    const text = texts.get(file.file);
    return { ...file, read: text === undefined ? { kind: 'missing' } : { kind: 'text', text } };
  });
  return snapshotOf(snapshot, files);
}

/** The text a layer had when the snapshot was taken (undefined: no file, or unreadable). */
export function textOf(snapshot: SettingsSnapshot, file: string): string | undefined {
  const read = snapshot.files.find((candidate) => candidate.file === file)?.read;
  return read?.kind === 'text' ? read.text : undefined;
}

/** The session's settings in force: the start's snapshot until the live-settings watcher replaces it. */
export type SettingsInForce = {
  readonly current: () => SettingsSnapshot;
  readonly replace: (next: SettingsSnapshot) => void;
};

export function holdSettings(initial: SettingsSnapshot): SettingsInForce {
  let snapshot = initial;
  return {
    current: () => snapshot,
    replace: (next) => {
      snapshot = next;
    },
  };
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : undefined;
  } catch {
    // Reported with its line by the permission loader at start-up.
    return undefined;
  }
}
