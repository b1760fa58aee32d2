/**
 * Folders the user said they trust, in `$AGENTCLI_CONFIG_DIR/trusted-folders.json`
 * (`{"folders": ["/abs/path", ...]}`). A folder inside a trusted folder is
 * trusted too. Trust matters because CLAUDE.md and `.claude/settings*.json`
 * are repository content: their allow rules only apply once the folder is
 * trusted (ARCHITECTURE §5).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function trustedFoldersFile(configDir: string): string {
  return path.join(configDir, 'trusted-folders.json');
}

export async function readTrustedFolders(configDir: string): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(trustedFoldersFile(configDir), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('folders' in parsed) || !Array.isArray(parsed.folders)) return [];
    return parsed.folders.filter((folder): folder is string => typeof folder === 'string' && path.isAbsolute(folder));
  } catch {
    // Missing or unreadable: nothing is trusted yet, and the REPL asks.
    return [];
  }
}

export async function isFolderTrusted(configDir: string, folder: string): Promise<boolean> {
  const target = path.resolve(folder);
  return (await readTrustedFolders(configDir)).some((trusted) => target === trusted || target.startsWith(trusted.endsWith(path.sep) ? trusted : trusted + path.sep));
}

export async function trustFolder(configDir: string, folder: string): Promise<void> {
  const file = trustedFoldersFile(configDir);
  const folders = await readTrustedFolders(configDir);
  const target = path.resolve(folder);
  if (folders.includes(target)) return;
  await mkdir(configDir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ folders: [...folders, target] }, null, 2)}\n`, 'utf8');
  await rename(temp, file);
}
