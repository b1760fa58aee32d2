/**
 * `agentcli --init-only`: runs the Setup hooks (trigger "init") — the
 * settings files' and enabled plugins' — and exits, for CI and scripts that
 * prepare a checkout. No model is called, so no API key is needed. What the
 * hooks report goes to stderr; a hook that blocks makes the exit code 1.
 */
import { runSetupHooks, setupHookCall } from '../hooks/lifecycleEventHooks.js';
import { hookNotices } from '../hooks/hookNotices.js';
import { loadHooks } from '../hooks/loadHooks.js';
import { loadSessionPlugins, type PluginDir } from '../plugins/sessionPlugins.js';
import { configDir } from '../settings/configPaths.js';
import { readSettingsSnapshot } from '../settings/settingsSnapshot.js';
import type { SettingSource } from '../settings/settingSources.js';
import { newUuid } from '../utils/ids.js';

export async function runSetupOnly(options: {
  readonly cwd: string;
  readonly settingSources?: readonly SettingSource[];
  readonly flagSettings?: string;
  readonly pluginDirs: readonly PluginDir[];
}): Promise<number> {
  const settings = await readSettingsSnapshot({
    cwd: options.cwd,
    configDir: configDir(process.env),
    ...(options.settingSources ? { settingSources: options.settingSources } : {}),
    ...(options.flagSettings !== undefined ? { flagSettings: options.flagSettings } : {}),
  });
  // Headless runs treat the cwd as trusted (ARCHITECTURE §5), and so does this one.
  const { plugins, warnings } = await loadSessionPlugins({ ...settings, isTrusted: true, pluginDirs: options.pluginDirs });
  for (const warning of warnings) process.stderr.write(`agentcli: ${warning}\n`);
  const hooks = await loadHooks({ ...settings, isTrusted: true, pluginHooks: plugins.flatMap((plugin) => plugin.hooks) });
  let blocked = false;
  hooks.subscribe((activity) => {
    if (activity.type === 'hooks_finished' && activity.merged.block) blocked = true;
    for (const notice of hookNotices(activity)) process.stderr.write(`agentcli: ${notice.text}\n`);
  });
  const id = newUuid();
  const context = await runSetupHooks(hooks, setupHookCall({ cwd: options.cwd, info: { id, dir: '' } }, id), 'init');
  for (const text of context) process.stderr.write(`${text.replace(/<\/?system-reminder>/g, '')}\n`);
  return blocked ? 1 : 0;
}
