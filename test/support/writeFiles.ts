// Writes a tree of small text files under `root` (folders made as needed): fixtures read like the layout they build.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}
