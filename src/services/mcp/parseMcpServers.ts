/**
 * Checks the `mcpServers` object users already write for other agents:
 *   {"name": {"command", "args", "env", "cwd"}}            a local program (stdio)
 *   {"name": {"type": "http" | "sse", "url", "headers", "oauth"}}   a remote server
 *     oauth: {"clientId", "clientSecret", "callbackPort", "scope"}, all optional
 * and expands `${VAR}` references. A malformed entry is an error naming the
 * exact field, never a silently skipped server.
 */
import { expandEnvVars, expandRecord } from './expandEnvVars.js';
import type { McpConfigScope, McpOAuthConfig, McpServerConfig, ScopedMcpServerConfig } from './types.js';

export class McpConfigShapeError extends Error {}

export type ServerSource = { readonly scope: McpConfigScope; readonly source: string; readonly env: NodeJS.ProcessEnv };

export function parseMcpServers(value: unknown, origin: ServerSource): ScopedMcpServerConfig[] {
  if (!isPlainObject(value)) throw new McpConfigShapeError('"mcpServers" must be an object mapping server names to their settings');
  return Object.entries(value).map(([name, entry]) => {
    if (name.trim() === '') throw new McpConfigShapeError('a server name in "mcpServers" is empty');
    return parseServer(name, entry, origin);
  });
}

function parseServer(name: string, entry: unknown, origin: ServerSource): ScopedMcpServerConfig {
  const where = `mcpServers.${name}`;
  if (!isPlainObject(entry)) throw new McpConfigShapeError(`${where} must be an object`);
  const type = entry.type ?? (entry.command === undefined && entry.url !== undefined ? 'http' : 'stdio');
  const missing: string[] = [];
  const expand = (text: string): string => {
    const result = expandEnvVars(text, origin.env);
    missing.push(...result.missing);
    return result.value;
  };

  let config: McpServerConfig;
  if (type === 'stdio') {
    const command = requireString(entry.command, `${where}.command`, 'the program to run, e.g. "npx"');
    const args = optionalStringArray(entry.args, `${where}.args`);
    const env = optionalStringRecord(entry.env, `${where}.env`);
    const cwd = entry.cwd === undefined ? undefined : requireString(entry.cwd, `${where}.cwd`, 'a directory');
    if (entry.sandbox !== undefined && typeof entry.sandbox !== 'boolean') throw new McpConfigShapeError(`${where}.sandbox must be true or false`);
    config = {
      type: 'stdio',
      command: expand(command),
      args: args.map(expand),
      env: expandRecord(env, origin.env, missing),
      ...(cwd === undefined ? {} : { cwd: expand(cwd) }),
      ...(typeof entry.sandbox === 'boolean' ? { sandbox: entry.sandbox } : {}),
    };
  } else if (type === 'http' || type === 'sse') {
    const url = expand(requireString(entry.url, `${where}.url`, 'the server address, e.g. "https://example.com/mcp"'));
    const headers = expandRecord(optionalStringRecord(entry.headers, `${where}.headers`), origin.env, missing);
    if (entry.sandbox !== undefined) throw new McpConfigShapeError(`${where}.sandbox applies to stdio servers only (a remote server runs elsewhere)`);
    // With a variable missing the URL is incomplete; the server reports that instead.
    if (missing.length === 0 && !isHttpUrl(url)) {
      throw new McpConfigShapeError(`${where}.url must be an http:// or https:// address, got ${JSON.stringify(url)}`);
    }
    const oauth = parseOAuth(entry.oauth, `${where}.oauth`, expand);
    config = { type, url, headers, ...(oauth ? { oauth } : {}) };
  } else {
    throw new McpConfigShapeError(`${where}.type must be "stdio", "http" or "sse", got ${JSON.stringify(type)}`);
  }
  return { name, scope: origin.scope, source: origin.source, config, missingEnvVars: [...new Set(missing)] };
}

function parseOAuth(value: unknown, where: string, expand: (text: string) => string): McpOAuthConfig | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw new McpConfigShapeError(`${where} must be an object, e.g. {"clientId": "..."}`);
  const known = new Set(['clientId', 'clientSecret', 'callbackPort', 'scope']);
  const unknown = Object.keys(value).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new McpConfigShapeError(`${where} has unknown fields ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  const text = (field: string): string | undefined =>
    value[field] === undefined ? undefined : expand(requireString(value[field], `${where}.${field}`, 'text'));
  const port = value.callbackPort;
  if (port !== undefined && !(typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new McpConfigShapeError(`${where}.callbackPort must be a port number (1-65535)`);
  }
  const clientId = text('clientId');
  const clientSecret = text('clientSecret');
  const scope = text('scope');
  if (clientSecret !== undefined && clientId === undefined) throw new McpConfigShapeError(`${where}.clientSecret needs ${where}.clientId`);
  return {
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(typeof port === 'number' ? { callbackPort: port } : {}),
    ...(scope !== undefined ? { scope } : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(value: unknown, field: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new McpConfigShapeError(`${field} must be a non-empty string (${what})${value === undefined ? ' but is missing' : ''}`);
  }
  return value;
}

function optionalStringArray(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new McpConfigShapeError(`${field} must be an array of strings`);
  }
  return value as string[];
}

function optionalStringRecord(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isPlainObject(value) || Object.values(value).some((item) => typeof item !== 'string')) {
    throw new McpConfigShapeError(`${field} must be an object whose values are strings`);
  }
  return value as Record<string, string>;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
