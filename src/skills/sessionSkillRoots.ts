/**
 * Where a session looks for skills. Project skills are repository content
 * (their instructions steer the model and their `allowed-tools` grant
 * rules), so they load only in a trusted folder, like project agents.
 */
import type { SettingSource } from '../settings/settingSources.js';
import { isSourceSelected } from '../settings/settingsFiles.js';
import { projectSkillsDir, userSkillsDir, type SkillRoot } from './loadSkills.js';

export type SkillRootOptions = {
  readonly projectRoot: string;
  readonly configDir: string;
  readonly isTrusted: boolean;
  readonly settingSources?: readonly SettingSource[];
  /** Enabled plugins' skills folders, after the user's and the project's. */
  readonly pluginRoots?: readonly SkillRoot[];
};

export function sessionSkillRoots(options: SkillRootOptions): SkillRoot[] {
  return [
    ...(isSourceSelected(options, 'user') ? [{ root: userSkillsDir(options.configDir), source: 'user' as const, fromRepository: false }] : []),
    ...(options.isTrusted && isSourceSelected(options, 'project')
      ? [{ root: projectSkillsDir(options.projectRoot), source: 'project' as const, fromRepository: true }]
      : []),
    ...(options.pluginRoots ?? []),
  ];
}
