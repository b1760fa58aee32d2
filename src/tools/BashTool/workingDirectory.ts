/**
 * The shell's working directory persists between Bash calls (a `cd` moves
 * later calls), but only within the session's working directories: a
 * command that ends elsewhere sends the next call back to the project root,
 * and the result says so — the model must never lose track of where its
 * relative paths point.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ToolUseContext } from '../../contract/tool.js';

export type DirectoryChoice = {
  readonly cwd: string;
  /** Set when the directory differs from what the model would expect, with the reason. */
  readonly note?: string;
};

/** Where the next command starts: the context's cwd, or the project root if that cwd has gone. */
export function startingDirectory(context: ToolUseContext): DirectoryChoice {
  if (isDirectory(context.cwd)) return { cwd: context.cwd };
  return {
    cwd: context.projectRoot,
    note: `The previous working directory ${context.cwd} no longer exists, so this command ran in the project root ${context.projectRoot}.`,
  };
}

/**
 * The directory later calls should start in, given where the shell ended.
 * Undefined `finalCwd` (killed, timed out, or the command replaced the exit
 * trap) keeps the starting directory.
 */
export function nextWorkingDirectory(
  finalCwd: string | undefined,
  startedIn: string,
  context: ToolUseContext,
): DirectoryChoice {
  if (!finalCwd || samePath(finalCwd, startedIn)) return { cwd: startedIn };
  const allowed = context.appState.get().toolPermissionContext.workingDirectories;
  const roots = allowed.length > 0 ? allowed : [context.projectRoot];
  if (roots.some((root) => isWithin(finalCwd, root))) return { cwd: finalCwd };
  return {
    cwd: context.projectRoot,
    note: `The shell ended in ${finalCwd}, which is outside the working directories (${roots.join(', ')}); the working directory was reset to ${context.projectRoot}. Use absolute paths (or cd inside one command) to work elsewhere.`,
  };
}

function isWithin(candidate: string, root: string): boolean {
  const relative = path.relative(physical(root), physical(candidate));
  const escapes = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return !escapes;
}

function samePath(a: string, b: string): boolean {
  return physical(a) === physical(b);
}

/** Symlinks resolved, so /tmp and /private/tmp (macOS) compare equal. */
function physical(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

function isDirectory(dir: string): boolean {
  try {
    return existsSync(dir) && statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
