/**
 * The REPL's display settings, from the same settings layers as permissions
 * (src/settings/settingsFiles.ts; the nearest that sets a key wins:
 * --settings, `.claude/settings.local.json`, `.claude/settings.json`, then
 * `$AGENTCLI_CONFIG_DIR/settings.json`):
 *
 *   "statusLine": {"type": "command", "command": "~/bin/my-status"}
 *       a program whose first line of output is shown under the input box;
 *       it gets JSON about the session on stdin (see statusLineInput.ts).
 *   "notifications": "auto" | "bell" | "osc9" | "osc777" | "off"
 *       how a long turn's end or a waiting dialog is announced (default
 *       "auto": a desktop notification where the terminal is known to show
 *       one, else the bell).
 *   "theme": "ansi" | "dark" | "light"
 *       the palette (src/settings/themeSetting.ts; /theme sets it).
 *   "verbose": true | false
 *       start with tool output in full (as --verbose or Ctrl+O's switch).
 *   "editorMode": "normal" | "vim"
 *       how the prompt is edited (/vim switches for the session).
 *
 * A malformed value is reported (as a warning to show) and ignored; the
 * files themselves are validated by the permission loader at start-up.
 */
import type { SettingsSelection } from './settingsFiles.js';
import { settingsSnapshotOf, type SettingsSnapshot } from './settingsSnapshot.js';
import { isThemeName, THEME_NAMES, type ThemeName } from './themeSetting.js';

export const NOTIFICATION_CHANNELS = ['auto', 'bell', 'osc9', 'osc777', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type StatusLineSetting = { readonly type: 'command'; readonly command: string; readonly source: string };

export type DisplaySettings = {
  readonly statusLine: StatusLineSetting | undefined;
  readonly notifications: NotificationChannel;
  /** Absent: the default palette. */
  readonly theme: ThemeName | undefined;
  readonly verbose: boolean;
  readonly editorMode: 'normal' | 'vim';
  readonly warnings: readonly string[];
};

export async function loadDisplaySettings(settings: SettingsSelection | SettingsSnapshot): Promise<DisplaySettings> {
  const layers = (await settingsSnapshotOf(settings)).objects;
  const warnings: string[] = [];
  let statusLine: StatusLineSetting | undefined;
  let notifications: NotificationChannel | undefined;
  let theme: ThemeName | undefined;
  let verbose: boolean | undefined;
  let editorMode: 'normal' | 'vim' | undefined;
  layers.forEach(({ file, values: document }) => {
    if (statusLine === undefined && document['statusLine'] !== undefined) {
      const value = document['statusLine'];
      if (isObject(value) && value['type'] === 'command' && typeof value['command'] === 'string' && value['command'].trim() !== '') {
        statusLine = { type: 'command', command: value['command'], source: file };
      } else {
        warnings.push(`${file}: "statusLine" must be {"type": "command", "command": "..."}; ignored`);
      }
    }
    if (notifications === undefined && document['notifications'] !== undefined) {
      const value = document['notifications'];
      if (typeof value === 'string' && (NOTIFICATION_CHANNELS as readonly string[]).includes(value)) notifications = asChannel(value);
      else warnings.push(`${file}: "notifications" must be one of ${NOTIFICATION_CHANNELS.join(', ')}; ignored`);
    }
    if (theme === undefined && document['theme'] !== undefined) {
      const value = document['theme'];
      if (isThemeName(value)) theme = value;
      else warnings.push(`${file}: "theme" must be one of ${THEME_NAMES.join(', ')}; ignored`);
    }
    if (verbose === undefined && document['verbose'] !== undefined) {
      if (typeof document['verbose'] === 'boolean') verbose = document['verbose'];
      else warnings.push(`${file}: "verbose" must be true or false; ignored`);
    }
    if (editorMode === undefined && document['editorMode'] !== undefined) {
      const value = document['editorMode'];
      if (value === 'normal' || value === 'vim') editorMode = value;
      else warnings.push(`${file}: "editorMode" must be "normal" or "vim"; ignored`);
    }
  });
  return { statusLine, notifications: notifications ?? 'auto', theme, verbose: verbose ?? false, editorMode: editorMode ?? 'normal', warnings };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asChannel(value: string): NotificationChannel {
  return NOTIFICATION_CHANNELS.find((channel) => channel === value) ?? 'auto';
}
