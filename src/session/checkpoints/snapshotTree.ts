/**
 * The folders of one working directory's last snapshot, each with the id
 * of its tree once written. Setting or removing a file forgets the ids on
 * its path only, so the next snapshot writes the handful of trees above
 * what changed, not the 1,000 folders of the repository.
 */
import { encodeTree, MODE_TREE, writeObject, type TreeEntry } from './gitObjects.js';

type Folder = { readonly files: Map<string, { mode: string; id: string }>; readonly folders: Map<string, Folder>; id: string | undefined };

const newFolder = (): Folder => ({ files: new Map(), folders: new Map(), id: undefined });

export class SnapshotTree {
  private readonly root = newFolder();

  set(filePath: string, mode: string, id: string): void {
    const parts = filePath.split('/');
    const name = parts.pop()!;
    let folder = this.root;
    folder.id = undefined;
    for (const part of parts) {
      folder.files.delete(part); // a file where a folder is now (the caller removed it; never both)
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = newFolder()));
      next.id = undefined;
      folder = next;
    }
    folder.folders.delete(name);
    folder.files.set(name, { mode, id });
  }

  /** Many files in path order (an index's): consecutive files of one folder find it once. */
  setSorted(files: Iterable<{ readonly path: string; readonly mode: number; readonly id: string }>): void {
    let folderPath: string | undefined;
    let folder = this.root;
    for (const file of files) {
      const slash = file.path.lastIndexOf('/');
      const parent = slash < 0 ? '' : file.path.slice(0, slash);
      const name = file.path.slice(slash + 1);
      if (parent !== folderPath) {
        folderPath = parent;
        folder = this.root;
        folder.id = undefined;
        for (const part of parent === '' ? [] : parent.split('/')) {
          folder.files.delete(part);
          let next = folder.folders.get(part);
          if (!next) folder.folders.set(part, (next = newFolder()));
          next.id = undefined;
          folder = next;
        }
      }
      folder.folders.delete(name);
      folder.files.set(name, { mode: file.mode.toString(8), id: file.id });
    }
  }

  remove(filePath: string): void {
    const parts = filePath.split('/');
    const name = parts.pop()!;
    const trail: Folder[] = [this.root];
    for (const part of parts) {
      const next = trail.at(-1)!.folders.get(part);
      if (!next) return;
      trail.push(next);
    }
    if (!trail.at(-1)!.files.delete(name)) return;
    for (const folder of trail) folder.id = undefined;
    // Folders left empty are not in a git tree.
    for (let depth = trail.length - 1; depth > 0; depth--) {
      const folder = trail[depth]!;
      if (folder.files.size > 0 || folder.folders.size > 0) break;
      trail[depth - 1]!.folders.delete(parts[depth - 1]!);
    }
  }

  /** A folder's tree id known from elsewhere (git's cache in an index); ignored for a folder not here. */
  adopt(folderPath: string, id: string): void {
    let folder: Folder | undefined = this.root;
    for (const part of folderPath === '' ? [] : folderPath.split('/')) folder = folder?.folders.get(part);
    if (folder) folder.id = id;
  }

  /** Writes the trees whose content changed and returns the root tree's id. */
  write(gitDir: string): string {
    return writeFolder(gitDir, this.root);
  }
}

function writeFolder(gitDir: string, folder: Folder): string {
  if (folder.id !== undefined) return folder.id;
  const entries: TreeEntry[] = [];
  for (const [name, file] of folder.files) entries.push({ name, mode: file.mode, id: file.id });
  for (const [name, child] of folder.folders) entries.push({ name, mode: MODE_TREE, id: writeFolder(gitDir, child) });
  folder.id = writeObject(gitDir, 'tree', encodeTree(entries));
  return folder.id;
}
