/**
 * Git's object format, written by us: a snapshot hashes the few files that
 * changed and the trees above them in this process instead of handing them
 * to `git update-index` and `git write-tree` (two processes, each reading
 * and writing the whole index). The format is git's own and stable — an
 * object is `<type> <size>\0<content>`, named by its SHA-1, stored zlib-
 * deflated at objects/<2 hex>/<38 hex> — so git reads everything we write
 * (diff-tree, cat-file, pack-objects, prune), and stores written by older
 * agentcli versions stay readable by this one.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, utimesSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

export type ObjectType = 'blob' | 'tree';

/** Tree entry modes as git writes them (a tree's own mode has no leading zero). */
export const MODE_FILE = '100644';
export const MODE_EXECUTABLE = '100755';
export const MODE_SYMLINK = '120000';
export const MODE_TREE = '40000';
export const MODE_GITLINK = '160000';

export function objectId(type: ObjectType, content: Buffer): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

/**
 * Writes an object unless the store already has it loose (then its mtime is
 * freshened, as git does, so a prune running now counts it as new). Objects
 * that exist only in a pack or a borrowed store are written again, loose:
 * harmless, and it spares reading pack indexes.
 */
export function writeObject(gitDir: string, type: ObjectType, content: Buffer): string {
  const id = objectId(type, content);
  const dir = path.join(gitDir, 'objects', id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (existsSync(file)) {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Read-only store file: the object is there, which is what matters.
    }
    return id;
  }
  mkdirSync(dir, { recursive: true });
  // Written under a temporary name and renamed: a reader never sees half an object.
  const temporary = path.join(dir, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`);
  const fd = openSync(temporary, 'wx', 0o444);
  try {
    writeSync(fd, deflateSync(Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content])));
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  return id;
}

export type TreeEntry = { readonly name: string; readonly mode: string; readonly id: string };

/** A tree object's content: entries in git's order (a folder sorts as if its name ended in '/'). */
export function encodeTree(entries: readonly TreeEntry[]): Buffer {
  const keyed = entries.map((entry) => ({ entry, key: Buffer.from(entry.mode === MODE_TREE ? `${entry.name}/` : entry.name, 'utf8') }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  const parts: Buffer[] = [];
  for (const { entry } of keyed) {
    parts.push(Buffer.from(`${entry.mode} ${entry.name}\0`, 'utf8'), Buffer.from(entry.id, 'hex'));
  }
  return Buffer.concat(parts);
}
