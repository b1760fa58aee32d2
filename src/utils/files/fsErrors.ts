/**
 * File-system failures as sentences the model can act on. A bare
 * "EACCES: permission denied, open '/x'" tells the model what broke but not
 * what to try next; these say both.
 */
import { errorMessageOf } from '../errors.js';

export type FileAction = 'read' | 'write';

export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export function describeFsError(error: unknown, action: FileAction, shownPath: string): string {
  const verb = action === 'read' ? 'read' : 'write';
  switch (errnoCode(error)) {
    case 'ENOENT':
      return `Cannot ${verb} ${shownPath}: it does not exist.`;
    case 'EACCES':
    case 'EPERM':
      return action === 'read'
        ? `Cannot read ${shownPath}: permission denied by the operating system. Do not retry; tell the user if you need this file.`
        : `Cannot write ${shownPath}: permission denied by the operating system (the file or its directory is not writable by this user). Do not retry the same write; tell the user, or choose a location you can write to.`;
    case 'EROFS':
      return `Cannot ${verb} ${shownPath}: it is on a read-only file system.`;
    case 'ENOTDIR':
      return `Cannot ${verb} ${shownPath}: a part of the path that should be a directory is a file. Check the path.`;
    case 'EISDIR':
      return `Cannot ${verb} ${shownPath}: it is a directory, not a file.`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `Cannot write ${shownPath}: the disk is full (or the quota is used up). Nothing was changed.`;
    case 'ENAMETOOLONG':
      return `Cannot ${verb} ${shownPath}: the path is too long.`;
    case 'ELOOP':
      return `Cannot ${verb} ${shownPath}: it is a symbolic link that loops back on itself.`;
    case 'EMFILE':
    case 'ENFILE':
      return `Cannot ${verb} ${shownPath} right now: too many open files. Try again shortly.`;
    default:
      return `Cannot ${verb} ${shownPath}: ${errorMessageOf(error)}`;
  }
}
