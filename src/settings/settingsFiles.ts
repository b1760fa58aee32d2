/**
 * The one place that decides which settings files a session reads, and
 * reads them. Layers, nearest (highest precedence) first:
 *   --settings <file-or-json>              flagSettings   (the caller's own)
 *   .claude/settings.local.json            localSettings  (repository content, this checkout)
 *   .claude/settings.json                  projectSettings (repository content)
 *   $AGENTCLI_CONFIG_DIR/settings.json     userSettings   (the user's own)
 * `--setting-sources user,project,local` keeps only the named files (an
 * empty list: none); `--settings` is added whatever the sources say, as in
 * Claude Code. Every loader of settings (rules, defaultMode, sandbox, hooks,
 * plain values, display, MCP servers) gets its layers from this module —
 * through the start's one snapshot (settingsSnapshot.ts) — so the selection
 * is honoured everywhere by construction.
 *
 * A --settings value that starts with `{` is inline JSON; anything else is a
 * path (relative to the cwd) that must exist — the caller asked for it.
 */
import path from 'node:path';
import { readIfExists, type ReadAttempt } from '../utils/files/readIfExists.js';
import type { SettingSource } from './settingSources.js';

export type SettingsLayerKind = 'flagSettings' | 'localSettings' | 'projectSettings' | 'userSettings';

export type SettingsLayer = {
  readonly kind: SettingsLayerKind;
  /** The file's path; for inline --settings JSON, the label `--settings`. */
  readonly file: string;
  /** Repository content: its allow rules wait for trust, and it may not choose bypassPermissions. */
  readonly fromRepository: boolean;
};

export type SettingsFile = SettingsLayer & { readonly read: ReadAttempt };

/** Which settings a loader reads. Without `settingSources` all three files are read. */
export type SettingsSelection = {
  readonly cwd: string;
  readonly configDir: string;
  /** --setting-sources: the files to read (empty: none). */
  readonly settingSources?: readonly SettingSource[];
  /** --settings: one more layer above the files, a JSON file path or inline JSON. */
  readonly flagSettings?: string;
};

export const INLINE_SETTINGS_LABEL = '--settings';

export function isSourceSelected(selection: Pick<SettingsSelection, 'settingSources'>, source: SettingSource): boolean {
  return selection.settingSources === undefined || selection.settingSources.includes(source);
}

/** The layers, nearest first. */
export function settingsLayers(selection: SettingsSelection): SettingsLayer[] {
  const layers: SettingsLayer[] = [];
  if (selection.flagSettings !== undefined) {
    const inline = isInlineJson(selection.flagSettings);
    layers.push({ kind: 'flagSettings', file: inline ? INLINE_SETTINGS_LABEL : path.resolve(selection.cwd, selection.flagSettings), fromRepository: false });
  }
  const files: Array<[SettingSource, SettingsLayer]> = [
    ['local', { kind: 'localSettings', file: path.join(selection.cwd, '.claude', 'settings.local.json'), fromRepository: true }],
    ['project', { kind: 'projectSettings', file: path.join(selection.cwd, '.claude', 'settings.json'), fromRepository: true }],
    ['user', { kind: 'userSettings', file: path.join(selection.configDir, 'settings.json'), fromRepository: false }],
  ];
  for (const [source, layer] of files) if (isSourceSelected(selection, source)) layers.push(layer);
  return layers;
}

/**
 * Every layer with its text (or why there is none), nearest first. A missing
 * --settings file is an error, not an absence: the caller named it.
 */
export async function readSettingsFiles(selection: SettingsSelection): Promise<SettingsFile[]> {
  const layers = settingsLayers(selection);
  const reads = await Promise.all(
    layers.map(async (layer): Promise<ReadAttempt> => {
      if (layer.kind === 'flagSettings' && layer.file === INLINE_SETTINGS_LABEL) return { kind: 'text', text: selection.flagSettings ?? '' };
      const read = await readIfExists(layer.file);
      return layer.kind === 'flagSettings' && read.kind === 'missing' ? { kind: 'error', message: 'no such file' } : read;
    }),
  );
  return layers.map((layer, index) => ({ ...layer, read: reads[index] ?? { kind: 'missing' } }));
}

function isInlineJson(value: string): boolean {
  return value.trimStart().startsWith('{');
}
