/**
 * The files `agentcli mcp add|remove` edit, one per scope (as Claude Code
 * names them):
 *   local    .claude/settings.local.json  `mcpServers`  (you, this project; not committed)
 *   project  .mcp.json                    `mcpServers`  (everyone on this project)
 *   user     $AGENTCLI_CONFIG_DIR/settings.json `mcpServers` (you, every project)
 * Every other key in those files is kept as it was. Writes go through a temp
 * file and a rename, so a reader (or a crash) never sees half a file; a file
 * that is not valid JSON is reported and left alone, never overwritten.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../../utils/files/atomicWrite.js';
import { errnoCode } from '../../utils/files/fsErrors.js';
import { errorMessageOf } from '../../utils/errors.js';
import { PROJECT_MCP_CONFIG_FILE } from '../../services/mcp/loadMcpConfig.js';
import type { WritableScope } from './mcpScopes.js';

export type ScopePaths = { readonly cwd: string; readonly configDir: string };

export function scopeFile(scope: WritableScope, paths: ScopePaths): string {
  switch (scope) {
    case 'local':
      return path.join(paths.cwd, '.claude', 'settings.local.json');
    case 'project':
      return path.join(paths.cwd, PROJECT_MCP_CONFIG_FILE);
    case 'user':
      return path.join(paths.configDir, 'settings.json');
  }
}

type JsonObject = Record<string, unknown>;
export type ScopeDocument = { readonly file: string; readonly document: JsonObject; readonly servers: JsonObject };
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export async function readScope(scope: WritableScope, paths: ScopePaths): Promise<Result<ScopeDocument>> {
  const file = scopeFile(scope, paths);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { ok: true, value: { file, document: {}, servers: {} } };
    return { ok: false, error: `cannot read ${file}: ${errorMessageOf(error)}` };
  }
  if (text.trim() === '') return { ok: true, value: { file, document: {}, servers: {} } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${file} is not valid JSON (${errorMessageOf(error)}); fix it by hand first` };
  }
  if (!isObject(parsed)) return { ok: false, error: `${file} is not a JSON object; not changing it` };
  const servers = parsed['mcpServers'] ?? {};
  if (!isObject(servers)) return { ok: false, error: `"mcpServers" in ${file} is not an object; not changing it` };
  return { ok: true, value: { file, document: parsed, servers } };
}

export async function writeServers(scopeDocument: ScopeDocument, servers: JsonObject): Promise<Result<string>> {
  const document = { ...scopeDocument.document, mcpServers: servers };
  try {
    await writeFileAtomically(scopeDocument.file, Buffer.from(`${JSON.stringify(document, null, 2)}\n`));
    return { ok: true, value: scopeDocument.file };
  } catch (error) {
    return { ok: false, error: `cannot write ${scopeDocument.file}: ${errorMessageOf(error)}` };
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
