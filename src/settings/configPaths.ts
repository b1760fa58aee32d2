/** Where agentcli keeps its own files: `$AGENTCLI_CONFIG_DIR` (default ~/.agentcli). */
import os from 'node:os';
import path from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.AGENTCLI_CONFIG_DIR || path.join(os.homedir(), '.agentcli'));
}

/** One folder per project, named after its path so it is readable in `ls`. */
export function projectSlug(projectRoot: string): string {
  return path.resolve(projectRoot).replace(/[^A-Za-z0-9]/g, '-').slice(-200);
}

export function projectDir(config: string, projectRoot: string): string {
  return path.join(config, 'projects', projectSlug(projectRoot));
}

export function sessionDir(config: string, projectRoot: string, sessionId: string): string {
  return path.join(projectDir(config, projectRoot), sessionId);
}
