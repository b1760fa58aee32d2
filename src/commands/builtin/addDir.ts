import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { PermissionState } from '../../permissions/permissionState.js';
import type { Session } from '../../session/session.js';
import type { SlashCommand } from '../types.js';

/**
 * `/add-dir <path>`: one more working directory for this session, as
 * `--add-dir` gives at start: file tools may work there under the same rules
 * and modes as in the cwd (acceptEdits covers it, reads there run). Not
 * saved; `permissions.additionalDirectories` in settings is the lasting way.
 */
export const addDirCommand: SlashCommand = {
  name: 'add-dir',
  description: 'Add a working directory for this session',
  argumentHint: '<path>',
  async run(args, context) {
    const typed = args.trim();
    if (typed === '') return { type: 'text', tone: 'error', text: 'Usage: /add-dir <path>' };
    const added = await addWorkingDirectory(typed, context.session);
    return { type: 'text', text: added.message, ...(added.ok ? {} : { tone: 'error' as const }) };
  },
};

/** Adds a working directory for this session (/add-dir, /permissions' workspace section); says what happened. */
export async function addWorkingDirectory(typed: string, session: Pick<Session, 'appState' | 'cwd'>): Promise<{ readonly ok: boolean; readonly message: string }> {
  const { appState, cwd } = session;
  const home = process.env.HOME ?? '';
  const absolute = path.resolve(cwd, typed === '~' ? home : typed.startsWith('~/') ? path.join(home, typed.slice(2)) : typed);
  let resolved: string;
  try {
    if (!(await stat(absolute)).isDirectory()) return { ok: false, message: `${absolute} is not a directory.` };
    // Working directories are compared with resolved paths (symlinks followed), like every path check.
    resolved = await realpath(absolute);
  } catch {
    return { ok: false, message: `${absolute} does not exist.` };
  }
  const current = appState.get().toolPermissionContext.workingDirectories;
  const covering = current.find((dir) => resolved === dir || resolved.startsWith(`${dir}${path.sep}`));
  if (covering) return { ok: true, message: `${resolved} is already inside the working directory ${covering}.` };
  new PermissionState(appState).addWorkingDirectories([resolved]);
  return { ok: true, message: `Added ${resolved} as a working directory for this session.` };
}
