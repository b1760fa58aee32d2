/**
 * The settings files a session uses, followed while it runs: a change to
 * one (edited outside, or written by agentcli) fires ConfigChange hooks,
 * and unless one blocks it the file's permission rules and output style
 * take effect at once (src/hooks/configChangeHooks.ts, settingsInForce.ts),
 * and the session's settings snapshot (src/settings/settingsSnapshot.ts) is
 * replaced by one with the accepted contents.
 */
import { startConfigChangeMonitor, type ConfigChangeMonitor, type WatchedSettingsFile } from '../hooks/configChangeHooks.js';
import type { ConfigChangeSource } from '../hooks/hookEvents.js';
import type { SessionHookCall } from '../hooks/sessionHooks.js';
import { settingsApplier } from '../hooks/settingsInForce.js';
import type { SettingsLayerKind } from '../settings/settingsFiles.js';
import { textOf, withFileTexts } from '../settings/settingsSnapshot.js';
import type { Session } from '../session/session.js';

const SOURCES: Partial<Record<SettingsLayerKind, ConfigChangeSource>> = {
  localSettings: 'local_settings',
  projectSettings: 'project_settings',
  userSettings: 'user_settings',
};

export function followSettingsFiles(
  session: Session,
  options: { readonly isTrusted: boolean; readonly hookCall: () => SessionHookCall; readonly onProblem: (message: string) => void },
): ConfigChangeMonitor {
  // The files and the contents they start from are the start's snapshot: nothing is read again to begin following.
  const start = session.settingsInForce.current();
  const layers = start.files.filter((layer) => SOURCES[layer.kind] !== undefined);
  const files: WatchedSettingsFile[] = layers.map((layer) => ({ file: layer.file, source: SOURCES[layer.kind]!, text: textOf(start, layer.file) }));
  const applyToSession = settingsApplier({
    appState: session.appState,
    projectRoot: session.cwd,
    folderTrusted: options.isTrusted,
    layers,
    outputStyle:
      session.settings.flagSettings === undefined
        ? { catalog: session.outputStyles, current: () => session.outputStyle, set: (name) => session.setOutputStyle(name) }
        : undefined,
    onProblem: options.onProblem,
  });
  return startConfigChangeMonitor(session.hooks, {
    files,
    hookCall: options.hookCall,
    onProblem: options.onProblem,
    applyAccepted: (file, accepted) => {
      // The settings in force follow what ConfigChange let through; later readers of the session's snapshot see it.
      session.settingsInForce.replace(withFileTexts(session.settingsInForce.current(), accepted));
      applyToSession(file, accepted);
    },
  });
}
