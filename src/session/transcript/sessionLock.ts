/**
 * One process at a time writes a session's transcript. Two processes
 * appending to one file interleave their lines into two chains that share a
 * parent: whichever wrote last wins on the next resume and the other's turns
 * drop out of the conversation. So a writer holds `<file>.lock` (the pid of
 * its process, created exclusively) from the moment it opens the file until
 * it closes it; a second process that wants the same file is refused and
 * told to fork instead.
 *
 * A lock whose process is gone (killed, crashed) is stale: the next writer
 * takes it over. The check is by pid, so a reused pid could hold a stale
 * lock until that process ends; the message names the pid so a user can
 * see that and delete the file.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { registerCleanup } from '../../utils/cleanup.js';

export type SessionLock = { readonly release: () => void };

export type LockAttempt = { readonly ok: true; readonly lock: SessionLock } | { readonly ok: false; readonly holderPid: number };

export function lockFileOf(transcript: string): string {
  return `${transcript}.lock`;
}

/** Takes the transcript's lock, taking over a stale one; fails only when another live process holds it. */
export function acquireSessionLock(transcript: string): LockAttempt {
  const file = lockFileOf(transcript);
  // Two rounds: the second after removing a stale lock (another process may take it in between: then it is theirs).
  for (let round = 0; round < 2; round++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return { ok: true, lock: heldLock(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) return { ok: false, holderPid: holder };
    if (holder === process.pid) return { ok: true, lock: heldLock(file) };
    removeQuietly(file);
  }
  const holder = holderOf(file);
  return { ok: false, holderPid: holder ?? 0 };
}

/** The pid of another live process that holds the transcript's lock, if any (checked before switching to a session). */
export function otherHolderOf(transcript: string): number | undefined {
  const holder = holderOf(lockFileOf(transcript));
  return holder !== undefined && holder !== process.pid && isAlive(holder) ? holder : undefined;
}

function heldLock(file: string): SessionLock {
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    unregister();
    // Only our own lock: a process that took over a lock it thought stale must not lose it to us.
    if (holderOf(file) === process.pid) removeQuietly(file);
  };
  const unregister = registerCleanup(release);
  return { release };
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
