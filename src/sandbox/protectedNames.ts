/**
 * What the sandbox keeps read-only even inside the writable working
 * directories: the files that carry instructions or rules for agents, that
 * make tools start programs, or that every new shell runs. The permission
 * engine protects the same paths by asking (engine/protectedPaths.ts); here
 * the OS holds the line for commands whose effects nobody could bound.
 *
 * `.git` is the exception to "the whole folder": `git commit`, `git add`,
 * `git stash` must keep working in a sandboxed session, so only the parts
 * that make git run code are read-only — hooks (and a `core.hooksPath`
 * folder inside the tree), config, and a `.git` file (it says where the
 * repository, hooks included, lives). A deny rule `Edit(.git/**)` makes the
 * rest read-only too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NameSearch } from './treeScan.js';
import { statQuietly } from './treeScan.js';

/** Protected wherever they appear in a working directory. */
export const PROTECTED_NAMES_IN_TREE: ReadonlySet<string> = new Set([
  '.claude',
  'CLAUDE.md',
  'CLAUDE.local.md',
  'AGENTS.md',
  '.mcp.json',
  '.gitconfig',
  '.gitmodules',
  // Shell start-up files (a repository may hold them too: .envrc runs on cd with direnv).
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.kshrc', '.cshrc', '.tcshrc', '.inputrc', '.envrc',
]);

/** Below the home directory: read-only even when a working directory or a writable path contains them. */
export const PROTECTED_HOME_ENTRIES: readonly string[] = [
  '.ssh', '.aws', '.gnupg', '.config/git', '.config/fish', '.gitconfig',
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.zlogout', '.inputrc',
];

/**
 * Where the environment moves configuration that runs code: git reads `$XDG_CONFIG_HOME/git/config`
 * (in place of ~/.config/git/config) and `$GIT_CONFIG_GLOBAL` (in place of both), fish its start-up
 * files from `$XDG_CONFIG_HOME/fish`. Read from the environment commands inherit (agentcli's own; a
 * command that assigns these variables itself is a concern of the analyser). Absolute values only.
 */
export function configLocationsNamedByEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  const xdg = env.XDG_CONFIG_HOME;
  const locations = [
    ...(xdg && path.isAbsolute(xdg) ? [path.join(xdg, 'git'), path.join(xdg, 'fish')] : []),
    ...[env.GIT_CONFIG_GLOBAL, env.GIT_CONFIG_SYSTEM].filter((file): file is string => typeof file === 'string' && path.isAbsolute(file)),
  ];
  return [...new Set(locations.map((location) => path.resolve(location)))];
}

export const protectedNameSearch: NameSearch = {
  names: PROTECTED_NAMES_IN_TREE,
  gitEntry: (gitPath, isDirectory) => (isDirectory ? gitDirectoryParts(gitPath) : [gitPath]),
};

/** The parts of a git directory (and its submodules' under modules/) that run code. */
function gitDirectoryParts(gitDir: string): string[] {
  const parts: string[] = [];
  const pending = [gitDir];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (const name of ['hooks', 'config']) {
      const candidate = path.join(dir, name);
      if (statQuietly(candidate)) parts.push(candidate);
    }
    const hooksPath = configuredHooksPath(path.join(dir, 'config'), path.dirname(gitDir));
    if (hooksPath && statQuietly(hooksPath)) parts.push(hooksPath);
    // Submodules keep their git directories in modules/<name>/ (nested the same way).
    const modules = path.join(dir, 'modules');
    if (statQuietly(modules)?.isDirectory()) pending.push(...submoduleDirectories(modules));
  }
  return parts;
}

function submoduleDirectories(modulesDir: string): string[] {
  // A submodule's git directory holds a HEAD file; a folder without one groups nested names (a/b).
  const found: string[] = [];
  const pending = [modulesDir];
  while (pending.length > 0 && found.length < 1_000) {
    const dir = pending.pop()!;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const child = path.join(dir, name);
      if (!statQuietly(child)?.isDirectory()) continue;
      if (statQuietly(path.join(child, 'HEAD'))) found.push(child);
      else pending.push(child);
    }
  }
  return found;
}

/** `core.hooksPath` (husky's `.husky`, say): hooks that live in the work tree. */
function configuredHooksPath(configFile: string, workTree: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(configFile, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^\s*hookspath\s*=\s*(.+?)\s*$/im.exec(text);
  const value = match?.[1]?.replace(/^"(.*)"$/, '$1');
  if (!value) return undefined;
  return path.resolve(workTree, value.startsWith('~/') ? path.join(process.env.HOME ?? '', value.slice(2)) : value);
}
