/**
 * agentcli's own writes of settings files, announced: every writer of a
 * settings file ("don't ask again", /permissions, /output-style, /plugin
 * enable, an SDK client's saved rules) calls announceSettingsWrite once the
 * file is in place, so whoever follows the settings in use (ConfigChange
 * hooks, src/hooks/configChangeHooks.ts) hears about it at once, not only
 * when the file watcher notices.
 */
type Listener = (file: string) => void;

const listeners = new Set<Listener>();

export function announceSettingsWrite(file: string): void {
  for (const listener of listeners) listener(file);
}

export function onSettingsWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
