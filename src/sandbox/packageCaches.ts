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

/** The caches below `home` that exist now (bwrap binds only what exists). */
export function existingPackageCaches(home: string): string[] {
  return PACKAGE_CACHE_ENTRIES.map((entry) => path.join(home, entry)).filter((dir) => existsSync(dir));
}
