/**
 * Which MCP servers this session may start, from four sources (a later one
 * wins on a name clash): the user's `$AGENTCLI_CONFIG_DIR/settings.json`
 * `mcpServers`, the project's `.mcp.json`, the private
 * `.claude/settings.local.json` `mcpServers` (`agentcli mcp add`'s default
 * "local" scope), and each `--mcp-config` (a file or inline JSON).
 * `--strict-mcp-config` keeps only the last; `--setting-sources` keeps only
 * the files of the named scopes (user: settings.json, project: .mcp.json,
 * local: settings.local.json).
 *
 * `.mcp.json` is repository content and starts programs, so its servers wait
 * until the folder is trusted. A file that cannot be read or parsed stops
 * start-up with one line naming the file and the reason.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessageOf, UserFacingError } from '../../utils/errors.js';
import { McpConfigShapeError, parseMcpServers } from './parseMcpServers.js';
import type { McpConfigScope, ScopedMcpServerConfig } from './types.js';
import { isSourceSelected, type SettingsLayerKind, type SettingsSelection } from '../../settings/settingsFiles.js';
import { settingsSnapshotOf, type SettingsSnapshot } from '../../settings/settingsSnapshot.js';

export const PROJECT_MCP_CONFIG_FILE = '.mcp.json';
const INLINE_SOURCE = '--mcp-config (inline JSON)';

/** A configuration that arrived as text rather than a file: where it came from (for errors) and the JSON. */
export type McpConfigText = { readonly source: string; readonly text: string };

/**
 * The settings layers come from the start's one snapshot (src/settings/settingsSnapshot.ts): the user's
 * settings.json, settings.local.json and --settings are read once for every loader. A caller on its own (a
 * subcommand, a test) gives the selection — cwd, config dir, --setting-sources, --settings — and a snapshot
 * is taken here.
 */
export type McpConfigOptions = (SettingsSelection | SettingsSnapshot) & {
  /**
   * Each `--mcp-config` value, in order: a path or a JSON object; or a
   * document given some other way with the same meaning (the Agent SDK's
   * initialize request carries its `mcpServers` so).
   */
  readonly cliConfigs?: readonly (string | McpConfigText)[];
  readonly strict?: boolean;
  readonly isTrusted: boolean;
  readonly env?: NodeJS.ProcessEnv;
};

export type LoadedMcpConfig = {
  readonly servers: readonly ScopedMcpServerConfig[];
  /** `.mcp.json` servers not started because the folder is not trusted yet. */
  readonly awaitingTrust: readonly ScopedMcpServerConfig[];
};

type ConfigDocument = { readonly source: string; readonly scope: McpConfigScope; readonly text: string; readonly optionalKey: boolean };

export async function loadMcpConfig(options: McpConfigOptions): Promise<LoadedMcpConfig> {
  const env = options.env ?? process.env;
  const cliDocuments = await Promise.all((options.cliConfigs ?? []).map((value) => readCliConfig(value, options.cwd)));
  const documents: ConfigDocument[] = [];
  if (!options.strict) {
    const [settings, project] = await Promise.all([
      settingsSnapshotOf(options),
      isSourceSelected(options, 'project') ? readIfPresent(path.join(options.cwd, PROJECT_MCP_CONFIG_FILE)) : undefined,
    ]);
    const user = settingsLayerText(settings, 'userSettings');
    const local = settingsLayerText(settings, 'localSettings');
    const flag = settingsLayerText(settings, 'flagSettings');
    if (user !== undefined) documents.push({ ...user, scope: 'user', optionalKey: true });
    if (project !== undefined) documents.push({ ...project, scope: 'project', optionalKey: false });
    if (local !== undefined) documents.push({ ...local, scope: 'local', optionalKey: true });
    // --settings is the nearest settings layer (src/settings/settingsFiles.ts); --mcp-config still wins over it.
    if (flag !== undefined) documents.push({ ...flag, scope: 'cli', optionalKey: true });
  }
  documents.push(...cliDocuments.map((document) => ({ ...document, scope: 'cli' as const, optionalKey: false })));

  const byName = new Map<string, ScopedMcpServerConfig>();
  for (const document of documents) {
    for (const server of serversOf(document, env)) {
      byName.delete(server.name); // re-insert so the order follows the winning source
      byName.set(server.name, server);
    }
  }
  const all = [...byName.values()];
  return {
    servers: all.filter((server) => !isRepositoryScope(server.scope) || options.isTrusted),
    awaitingTrust: all.filter((server) => isRepositoryScope(server.scope) && !options.isTrusted),
  };
}

/** Files inside the folder start programs only once it is trusted (a cloned repository may carry either). */
function isRepositoryScope(scope: McpConfigScope): boolean {
  return scope === 'project' || scope === 'local';
}

function serversOf(document: ConfigDocument, env: NodeJS.ProcessEnv): ScopedMcpServerConfig[] {
  const fail = (reason: string): never => {
    throw new UserFacingError(`invalid MCP configuration in ${document.source}: ${reason}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(document.text);
  } catch (error) {
    return fail(`not valid JSON (${describeJsonError(error, document.text)})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('expected a JSON object');
  const servers: unknown = (parsed as Record<string, unknown>).mcpServers;
  if (servers === undefined) {
    if (document.optionalKey) return [];
    return fail('expected an object with a "mcpServers" key, e.g. {"mcpServers": {"name": {"command": "..."}}}');
  }
  try {
    return parseMcpServers(servers, { scope: document.scope, source: document.source, env });
  } catch (error) {
    if (error instanceof McpConfigShapeError) return fail(error.message);
    throw error;
  }
}

async function readCliConfig(value: string | McpConfigText, cwd: string): Promise<McpConfigText> {
  if (typeof value !== 'string') return value;
  if (value.trim().startsWith('{')) return { source: INLINE_SOURCE, text: value };
  const file = path.resolve(cwd, value);
  try {
    return { source: file, text: await readFile(file, 'utf8') };
  } catch (error) {
    throw new UserFacingError(`cannot read the MCP configuration file ${file} given to --mcp-config: ${errorMessageOf(error)}`);
  }
}

/** A settings layer's text from the snapshot (--setting-sources already chose the layers); an unreadable file stops start-up. */
function settingsLayerText(settings: SettingsSnapshot, kind: SettingsLayerKind): { source: string; text: string } | undefined {
  const layer = settings.files.find((candidate) => candidate.kind === kind);
  if (!layer || layer.read.kind === 'missing') return undefined;
  if (layer.read.kind === 'text') return { source: layer.file, text: layer.read.text };
  if (kind === 'flagSettings') throw new UserFacingError(`cannot read the settings given to --settings (${layer.file}): ${layer.read.message}`);
  throw new UserFacingError(`cannot read ${layer.file}: ${layer.read.message}`);
}

async function readIfPresent(file: string): Promise<{ source: string; text: string } | undefined> {
  try {
    return { source: file, text: await readFile(file, 'utf8') };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw new UserFacingError(`cannot read ${file}: ${errorMessageOf(error)}`);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/** JSON.parse reports a character offset; people look for a line. */
function describeJsonError(error: unknown, text: string): string {
  const message = errorMessageOf(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message.replace(/ in JSON at position \d+.*$/, '')} at line ${line}, column ${column}`;
}
