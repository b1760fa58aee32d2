/**
 * Plain values from the settings layers (not rules): the nearest layer that
 * sets a key wins — --settings, .claude/settings.local.json,
 * .claude/settings.json, then the user's settings.json, as --setting-sources
 * selects (src/settings/settingsFiles.ts). A file that is missing or not JSON
 * gives nothing here; the permission loader reports a malformed file at
 * start-up with its line.
 */
import { readSettingsObjects, type SettingsSelection } from '../settings/settingsFiles.js';

export type SettingsValues = {
  /** `alwaysThinkingEnabled`: extended thinking on for every prompt. */
  readonly alwaysThinking: boolean;
  /** `outputStyle`: the output style's name (Claude Code writes it to .claude/settings.local.json). */
  readonly outputStyle: string | undefined;
};

export async function readSettingsValues(selection: SettingsSelection): Promise<SettingsValues> {
  const layers = await readSettingsObjects(selection);
  const nearest = (key: string): unknown => layers.find((layer) => key in layer.values)?.values[key];
  const style = nearest('outputStyle');
  return { alwaysThinking: nearest('alwaysThinkingEnabled') === true, outputStyle: typeof style === 'string' ? style : undefined };
}
