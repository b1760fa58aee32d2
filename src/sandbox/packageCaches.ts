/**
 * Package managers' and compilers' caches: writable inside the session
 * sandbox by default, so `npm install`, `cargo build` or `go test` keep
 * working there. Only the cache parts, never the folders that hold a
 * tool's configuration or installed programs (`~/.cargo/bin` and
 * `~/.cargo/config.toml` make later commands run code outside the sandbox).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const PACKAGE_CACHE_ENTRIES: readonly string[] = [
  '.npm/_cacache',
  '.npm/_logs',
  '.cache',
  '.cargo/registry',
  '.cargo/git',
  'go/pkg/mod',
  '.pnpm-store',
  '.local/share/pnpm/store',
  '.yarn/berry/cache',
  '.m2/repository',
  '.gradle/caches',
  '.bun/install/cache',
];

/**
 * What an MCP server may write besides the working directories: all of npm's folder (a server started by
 * `npx -y` installs itself into `~/.npm/_npx`; a shell command gets only the cache parts, since what it planted
 * there a later `npx` would run outside the sandbox) and `~/.cache` (uvx and others).
 */
const MCP_SERVER_CACHE_ENTRIES: readonly string[] = ['.npm', '.cache'];

/**
 * The caches that exist now (bwrap binds only what exists): for a shell command the entries above; for an MCP
 * server its own entries and the caches the environment names (`XDG_CACHE_HOME`, `npm_config_cache`).
 */
export function existingPackageCaches(home: string, forMcpServer?: { readonly env: NodeJS.ProcessEnv }): string[] {
  const entries = forMcpServer ? MCP_SERVER_CACHE_ENTRIES : PACKAGE_CACHE_ENTRIES;
  const named = forMcpServer ? [forMcpServer.env.XDG_CACHE_HOME, forMcpServer.env.npm_config_cache] : [];
  const candidates = [...entries.map((entry) => path.join(home, entry)), ...named];
  return [...new Set(candidates.filter((dir): dir is string => typeof dir === 'string' && path.isAbsolute(dir) && existsSync(dir)))];
}
