/**
 * Folder trust: repository content (CLAUDE.md, .claude/settings*.json) may
 * only grant permissions (allow rules) once the user has said they trust the
 * folder. The REPL asks once per folder and remembers the answer here;
 * headless runs treat the cwd as trusted, as CI expects. Deny and ask rules
 * from the repository apply either way.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newUuid } from '../utils/ids.js';

function trustFile(configDir: string): string {
  return path.join(configDir, 'trusted-folders.json');
}

async function readTrusted(configDir: string): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(trustFile(configDir), 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** Trusted if this folder or one of its parents was trusted. */
export async function isFolderTrusted(configDir: string, folder: string): Promise<boolean> {
  const resolved = path.resolve(folder);
  const trusted = await readTrusted(configDir);
  return trusted.some((entry) => resolved === entry || resolved.startsWith(`${entry}${path.sep}`));
}

export async function trustFolder(configDir: string, folder: string): Promise<void> {
  const trusted = await readTrusted(configDir);
  const resolved = path.resolve(folder);
  if (trusted.includes(resolved)) return;
  const file = trustFile(configDir);
  const temporary = `${file}.${newUuid()}.tmp`;
  await mkdir(configDir, { recursive: true });
  await writeFile(temporary, `${JSON.stringify([...trusted, resolved], null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
