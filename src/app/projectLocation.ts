/**
 * The session's project location (src/settings/projectLocation.ts says what
 * each field means), computed once at start from the flags and environment.
 */
import path from 'node:path';
import { findRepositoryRoot } from '../permissions/loadPermissionRules.js';
import { configDir } from '../settings/configPaths.js';
import type { ProjectLocation } from '../settings/projectLocation.js';
import type { SettingSource } from '../settings/settingSources.js';

export function locateProject(options: {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly settingSources?: readonly SettingSource[] | undefined;
  readonly flagSettings?: string | undefined;
}): ProjectLocation {
  const cwd = path.resolve(options.cwd);
  return {
    cwd,
    repositoryRoot: findRepositoryRoot(cwd),
    configDir: configDir(options.env),
    ...(options.settingSources !== undefined ? { settingSources: options.settingSources } : {}),
    ...(options.flagSettings !== undefined ? { flagSettings: options.flagSettings } : {}),
  };
}
