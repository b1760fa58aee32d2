/**
 * Which shell runs the model's commands: the user's own if it is bash or
 * zsh (so their PATH conventions and builtins behave as they expect), else
 * bash — the dialect the model writes and the permission analysis parses.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const SUPPORTED_SHELLS = new Set(['bash', 'zsh']);
const FALLBACK_SHELLS = ['/bin/bash', '/usr/bin/bash', '/bin/sh'];

let cached: string | undefined;

export function userShell(env: NodeJS.ProcessEnv = process.env): string {
  if (env === process.env && cached) return cached;
  const chosen = pickShell(env.SHELL);
  if (env === process.env) cached = chosen;
  return chosen;
}

function pickShell(preferred: string | undefined): string {
  if (preferred && path.isAbsolute(preferred) && SUPPORTED_SHELLS.has(path.basename(preferred)) && isExecutable(preferred)) {
    return preferred;
  }
  return FALLBACK_SHELLS.find(isExecutable) ?? '/bin/sh';
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
