/**
 * Paths no rule or mode (other than bypassPermissions) may edit without
 * asking: the repository's own machinery (`.git/`: hooks run code), our
 * configuration (`.claude/`: it holds the permission rules themselves),
 * `.mcp.json` (starts programs), and shell start-up files (run on every
 * new shell). And deletion targets no rule or mode may ever auto-allow:
 * `/`, the home directory, the working directory and its parents.
 */
import path from 'node:path';
import { isWithin, type ResolvedPath } from './resolvePaths.js';

const PROTECTED_DIRECTORY_NAMES = new Set(['.git', '.claude']);
const PROTECTED_FILE_NAMES = new Set(['.mcp.json', '.gitconfig', '.gitmodules']);
const SHELL_RC_FILES = new Set([
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.kshrc', '.cshrc', '.tcshrc', '.inputrc', '.envrc',
]);
const PROTECTED_HOME_DIRECTORIES = ['.ssh', '.config/fish', '.aws', '.gnupg', '.config/git', '.agentcli'];

export type ProtectionReason = string;

/** Why editing this path must ask, or undefined if it is ordinary. Checks both spelled and real paths. */
export function protectedPathReason(resolved: ResolvedPath, home: string): ProtectionReason | undefined {
  for (const candidate of new Set([resolved.spelled, resolved.real])) {
    const reason = reasonFor(candidate, home);
    if (reason) return reason;
  }
  return undefined;
}

function reasonFor(absolute: string, home: string): string | undefined {
  const parts = absolute.split('/').filter(Boolean);
  const base = parts[parts.length - 1] ?? '';
  const directory = parts.find((part) => PROTECTED_DIRECTORY_NAMES.has(part));
  if (directory) return `${directory}/ is protected (${directory === '.git' ? 'git hooks and config run code' : 'it holds agent settings and permission rules'})`;
  if (PROTECTED_FILE_NAMES.has(base)) return `${base} is protected (it can make tools run programs)`;
  if (SHELL_RC_FILES.has(base)) return `${base} is a shell start-up file`;
  for (const dir of PROTECTED_HOME_DIRECTORIES) {
    if (isWithin(absolute, path.join(home, dir))) return `~/${dir} is protected`;
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
