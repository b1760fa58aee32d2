/**
 * Paths no mode (bypassPermissions included) may edit without asking, and
 * only an allow rule that names them explicitly (`Edit(.claude/**)`,
 * `Edit(CLAUDE.md)`) lets through: the repository's own machinery
 * (`.git/`: hooks and config run code), our configuration (`.claude/`,
 * and `CLAUDE.md` / `CLAUDE.local.md` / `AGENTS.md` anywhere in the tree,
 * which carry permission rules and instructions), `.mcp.json` (starts
 * programs), and shell start-up files (run on every new shell). And
 * deletion targets no rule or mode may ever auto-allow: `/`, the home
 * directory, the working directory and its parents.
 */
import path from 'node:path';
import { configLocationsNamedByEnvironment } from '../../sandbox/protectedNames.js';
import { isWithin, type ResolvedPath } from './resolvePaths.js';

const PROTECTED_DIRECTORY_NAMES = new Set(['.git', '.claude']);
const PROTECTED_FILE_NAMES = new Set(['.mcp.json', '.gitconfig', '.gitmodules', 'CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md']);
const RULE_FILE_NAMES = new Set(['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md']);
const SHELL_RC_FILES = new Set([
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.kshrc', '.cshrc', '.tcshrc', '.inputrc', '.envrc',
]);
const PROTECTED_HOME_DIRECTORIES = ['.ssh', '.config/fish', '.aws', '.gnupg', '.config/git', '.agentcli'];

export type ProtectionReason = string;

/** Why a path is protected, and the name an allow rule must spell to cover it. */
export type Protection = { readonly reason: ProtectionReason; readonly name: string };

/** Why editing this path must ask, or undefined if it is ordinary. Checks both spelled and real paths. */
function protectedPathReason(resolved: ResolvedPath, home: string): ProtectionReason | undefined {
  return protectionOf(resolved, home)?.reason;
}

export function protectionOf(resolved: ResolvedPath, home: string): Protection | undefined {
  for (const candidate of new Set([resolved.spelled, resolved.real])) {
    const protection = protectionFor(candidate, home);
    if (protection) return protection;
  }
  return undefined;
}

/** `Edit(.claude/**)` names `.claude`; `Edit(**)` or `Edit(src/**)` names nothing protected. */
export function ruleNamesProtection(specifier: string | undefined, protection: Protection): boolean {
  return specifier !== undefined && specifier.includes(protection.name);
}

function protectionFor(absolute: string, home: string): Protection | undefined {
  const parts = absolute.split('/').filter(Boolean);
  const base = parts[parts.length - 1] ?? '';
  const directory = parts.find((part) => PROTECTED_DIRECTORY_NAMES.has(part));
  if (directory) return { name: directory, reason: `${directory}/ is protected (${directory === '.git' ? 'git hooks and config run code' : 'it holds agent settings and permission rules'})` };
  if (RULE_FILE_NAMES.has(base)) return { name: base, reason: `${base} is protected (it carries instructions and permission rules)` };
  if (PROTECTED_FILE_NAMES.has(base)) return { name: base, reason: `${base} is protected (it can make tools run programs)` };
  if (SHELL_RC_FILES.has(base)) return { name: base, reason: `${base} is a shell start-up file` };
  for (const dir of PROTECTED_HOME_DIRECTORIES) {
    if (isWithin(absolute, path.join(home, dir))) return { name: dir, reason: `~/${dir} is protected` };
  }
  // $XDG_CONFIG_HOME/git, $GIT_CONFIG_GLOBAL…: the same configuration where the environment moved it.
  for (const location of configLocationsNamedByEnvironment()) {
    if (isWithin(absolute, location)) return { name: location, reason: `${location} is protected (git or fish read configuration there that can run programs)` };
  }
  return undefined;
}

/** A recursive edit of a directory containing protected paths (`chmod -R`, `rm -r .`) is protected too. */
export function recursiveEditTouchesProtected(resolved: ResolvedPath, home: string, workingDirectories: readonly string[]): ProtectionReason | undefined {
  const direct = protectedPathReason(resolved, home);
  if (direct) return direct;
  // Any working directory (a repository) or the home directory below this path holds .git / rc files.
  for (const dir of [...workingDirectories, home]) {
    if (isWithin(dir, resolved.spelled) || isWithin(dir, resolved.real)) return `${resolved.spelled} contains ${dir === home ? 'your home directory' : 'a working directory with .git/ and .claude/'}`;
  }
  return undefined;
}

/**
 * Whether destroying this path would destroy `/`, the home directory, a
 * working directory, or one of their parents. Never auto-allowed.
 */
export function catastrophicTargetReason(resolved: ResolvedPath, home: string, workingDirectories: readonly string[]): string | undefined {
  for (const candidate of new Set([resolved.spelled, resolved.real])) {
    if (candidate === '/') return 'it is the root directory';
    if (candidate === home || isWithin(home, candidate)) return 'it is your home directory or contains it';
    for (const dir of workingDirectories) {
      if (isWithin(dir, candidate)) return `it is the working directory ${dir} or one of its parents`;
    }
  }
  return undefined;
}
