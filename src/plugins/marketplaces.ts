/**
 * Marketplaces: a folder or git repository holding
 * `.claude-plugin/marketplace.json` —
 *   {"name": "team-tools", "owner": {"name": "…"},
 *    "plugins": [{"name": "formatter", "source": "./plugins/formatter", "description", "version"},
 *                {"name": "linter", "source": {"source": "git" | "github" | "url", "url" | "repo": "…"}}]}
 * A folder is read where it is; a repository is cloned under the config
 * folder (and pulled by /plugin update). Installing copies the plugin into
 * the config folder, so what runs is what was reviewed at install, not
 * whatever the source holds later.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { errorMessageOf } from '../utils/errors.js';
import { pluginsDir, type KnownMarketplace, type MarketplaceSource } from './pluginStore.js';

const run = promisify(execFile);
const GIT_TIMEOUT_MS = 120_000;
const MARKETPLACE_FILE = path.join('.claude-plugin', 'marketplace.json');

export type MarketplaceEntry = { readonly name: string; readonly source: string | MarketplaceSource | { readonly source: 'url'; readonly url: string }; readonly description?: string; readonly version?: string };
export type Marketplace = { readonly name: string; readonly root: string; readonly plugins: readonly MarketplaceEntry[] };

/** `./folder`, `/abs/folder` → a folder; `owner/repo` → GitHub; anything else is a git URL. */
export function marketplaceSourceOf(text: string, cwd: string): MarketplaceSource {
  if (text.startsWith('.') || path.isAbsolute(text) || text.startsWith('~')) return { source: 'directory', path: path.resolve(cwd, text) };
  if (/^[\w.-]+\/[\w.-]+$/.test(text)) return { source: 'github', repo: text };
  return { source: 'git', url: text };
}

export async function readMarketplace(root: string): Promise<Marketplace> {
  const file = path.join(root, MARKETPLACE_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${errorMessageOf(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${file}: expected a JSON object`);
  const record = parsed as Record<string, unknown>;
  const name = record['name'];
  const plugins = record['plugins'];
  if (typeof name !== 'string' || !/^[\w.-]+$/.test(name)) throw new Error(`${file}: "name" must be a marketplace name`);
  if (!Array.isArray(plugins)) throw new Error(`${file}: "plugins" must be a list`);
  const entries = plugins.filter((entry): entry is MarketplaceEntry => typeof entry === 'object' && entry !== null && typeof entry.name === 'string' && entry.source !== undefined);
  return { name, root, plugins: entries };
}

/** Reads (a folder) or clones (a repository) the marketplace; returns it with where it now lives. */
export async function fetchMarketplace(configDir: string, source: MarketplaceSource): Promise<{ marketplace: Marketplace; known: KnownMarketplace }> {
  if (source.source === 'directory') {
    const marketplace = await readMarketplace(source.path);
    return { marketplace, known: { source, installLocation: source.path } };
  }
  const url = source.source === 'github' ? `https://github.com/${source.repo}.git` : source.url;
  const base = path.join(pluginsDir(configDir), 'marketplaces');
  const temporary = await mkdtemp(path.join(await ensureDir(base), '.clone-'));
  try {
    await git(['clone', '--depth', '1', '--', url, temporary]);
    const { name } = await readMarketplace(temporary);
    const target = path.join(base, name);
    await rm(target, { recursive: true, force: true });
    await rename(temporary, target);
    return { marketplace: await readMarketplace(target), known: { source, installLocation: target } };
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

/** A cloned marketplace fetches what is new; a folder is read again as it is. */
export async function refreshMarketplace(known: KnownMarketplace): Promise<Marketplace> {
  if (known.source.source !== 'directory') await git(['-C', known.installLocation, 'pull', '--ff-only']);
  return readMarketplace(known.installLocation);
}

/** Copies one plugin of the marketplace into `target` (replacing what was there). */
export async function copyPlugin(marketplace: Marketplace, entry: MarketplaceEntry, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  const source = entry.source;
  if (typeof source === 'string') {
    const from = path.resolve(marketplace.root, source);
    // A marketplace may only hand out folders inside itself.
    if (from !== marketplace.root && !from.startsWith(marketplace.root + path.sep)) throw new Error(`plugin "${entry.name}": source ${source} is outside the marketplace`);
    await cp(from, target, { recursive: true, filter: (file) => path.basename(file) !== '.git' });
    return;
  }
  const url = source.source === 'github' ? `https://github.com/${source.repo}.git` : source.source === 'directory' ? source.path : source.url;
  await git(['clone', '--depth', '1', '--', url, target]);
  await rm(path.join(target, '.git'), { recursive: true, force: true });
}

async function git(args: string[]): Promise<void> {
  try {
    await run('git', args, { timeout: GIT_TIMEOUT_MS, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  } catch (error) {
    const stderr = typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr).trim().split('\n').at(-1) : '';
    throw new Error(`git ${args[0] === '-C' ? args[2] : args[0]} failed: ${stderr || errorMessageOf(error)}`);
  }
}

async function ensureDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function isDirectory(file: string): Promise<boolean> {
  return stat(file).then((info) => info.isDirectory(), () => false);
}
