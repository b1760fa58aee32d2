/**
 * Writes a file so that a reader (an editor, a watcher, a test runner, or a
 * crash) sees either the old content or the new content, never half of it:
 * the bytes go to a temp file in the same directory, which is then renamed
 * over the target. The target's permission bits and owner carry over, and a
 * symlink stays a symlink (its target is what gets replaced).
 */
import { lstat, mkdir, open, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { errnoCode } from './fsErrors.js';
import { randomHex } from '../ids.js';

export type AtomicWriteResult = {
  /** The file actually written (the symlink's target when the path was a symlink). */
  readonly writtenPath: string;
  readonly mtimeMs: number;
  /** The first directory that had to be created, if any. */
  readonly createdDirectory?: string;
};

export async function writeFileAtomically(filePath: string, bytes: Uint8Array): Promise<AtomicWriteResult> {
  const target = await resolveWriteTarget(filePath);
  const existing = await stat(target).catch((error: unknown) => {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  });
  const createdDirectory = existing ? undefined : await mkdir(path.dirname(target), { recursive: true });

  // A rename would split a hard-linked file from its other names; write
  // through them instead, giving up atomicity to keep the links intact.
  if (existing && existing.nlink > 1) {
    await writeFile(target, bytes);
  } else {
    await replaceViaTempFile(target, bytes, existing);
  }
  const { mtimeMs } = await stat(target);
  return { writtenPath: target, mtimeMs, ...(createdDirectory ? { createdDirectory } : {}) };
}

/** Writes through symlinks: replacing the link itself would silently detach it from its target. */
async function resolveWriteTarget(filePath: string): Promise<string> {
  const link = await lstat(filePath).catch(() => undefined);
  if (!link?.isSymbolicLink()) return filePath;
  return realpath(filePath).catch(() => filePath);
}

async function replaceViaTempFile(target: string, bytes: Uint8Array, existing: Stats | undefined): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomHex(6)}.agentcli-tmp`);
  let handle;
  try {
    handle = await open(temp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
  } catch (error) {
    // A directory we may not create files in can still hold a file we may
    // write; then an in-place write is the only way to make the change.
    const code = errnoCode(error);
    if (existing && (code === 'EACCES' || code === 'EPERM')) {
      await writeFile(target, bytes);
      return;
    }
    throw error;
  }
  try {
    await handle.writeFile(bytes);
    if (existing) {
      // open() applied the umask; restore the exact bits (and the owner, where we may).
      await handle.chmod(existing.mode & 0o7777);
      if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.()) {
        await handle.chown(existing.uid, existing.gid).catch(() => undefined);
      }
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
