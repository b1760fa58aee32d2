/**
 * Whether bubblewrap can build the sandbox on this machine: the program
 * exists and the kernel lets it create the namespaces we use. Probed once
 * per process by running the same kind of sandbox a command gets around
 * `true`, so a "yes" here means commands will really start.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export type SandboxAvailability =
  /** `bwrap` is the program that builds the sandbox: bubblewrap, or sandbox-exec when `engine` is 'seatbelt'. */
  | { readonly available: true; readonly bwrap: string; readonly engine?: 'bwrap' | 'seatbelt' }
  | { readonly available: false; readonly reason: string; readonly howToEnable: string };

export const BWRAP_PATH_ENV = 'AGENTCLI_BWRAP';
const SANDBOX_EXEC = '/usr/bin/sandbox-exec';
const PROBE_TIMEOUT_MS = 5_000;

let probed: Promise<SandboxAvailability> | undefined;

/** Cached per process; the bwrap binary can be replaced with $AGENTCLI_BWRAP (tests, unusual installs). */
export function probeSandbox(env: NodeJS.ProcessEnv = process.env): Promise<SandboxAvailability> {
  if (env !== process.env) return runProbe(absoluteProgram(env[BWRAP_PATH_ENV] || 'bwrap', env.PATH), process.platform);
  return (probed ??= runProbe(absoluteProgram(env[BWRAP_PATH_ENV] || 'bwrap', env.PATH), process.platform));
}

/**
 * The program's absolute path, looked up once in agentcli's own PATH (absolute entries only). Every
 * sandboxed command is started as `<bwrap> … <shell>` with the command's environment, whose PATH a
 * session may extend (CLAUDE_ENV_FILE, src/hooks/sessionEnvFile.ts), possibly with a folder the model
 * can write: a bare name would then let the model put its own `bwrap` in front and run unconfined.
 */
export function absoluteProgram(name: string, searchPath: string | undefined): string {
  if (name.includes('/')) return path.resolve(name);
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return name; // not found: the probe says it is not installed
}

export function runProbe(bwrap: string, platform: NodeJS.Platform): Promise<SandboxAvailability> {
  if (platform === 'darwin') {
    // Seatbelt ships with macOS: sandbox-exec runs a command under a profile (seatbeltProfile.ts).
    return new Promise((resolve) => {
      execFile(SANDBOX_EXEC, ['-p', '(version 1)(allow default)', '/usr/bin/true'], { timeout: PROBE_TIMEOUT_MS }, (error) => {
        if (!error) return resolve({ available: true, bwrap: SANDBOX_EXEC, engine: 'seatbelt' });
        resolve({ available: false, reason: `sandbox-exec cannot run (${error.message.split('\n')[0] ?? ''})`, howToEnable: 'run agentcli outside another sandbox (sandbox-exec cannot nest)' });
      });
    });
  }
  if (platform !== 'linux') {
    return Promise.resolve({
      available: false,
      reason: `the Bash sandbox is not supported on ${platform}`,
      howToEnable: 'use Linux (bubblewrap) or macOS (Seatbelt)',
    });
  }
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--unshare-net', '--unshare-pid', '--cap-drop', 'ALL', '--die-with-parent', '--', 'true'];
  return new Promise((resolve) => {
    execFile(bwrap, args, { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (!error) return resolve({ available: true, bwrap });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        return resolve({ available: false, reason: 'bubblewrap (bwrap) is not installed', howToEnable: 'install it (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)' });
      }
      const firstLine = (stderr || error.message).trim().split('\n')[0] ?? '';
      resolve({
        available: false,
        reason: `bwrap cannot create its namespaces (${firstLine.replace(/^bwrap: /, '')})`,
        howToEnable: 'allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04+ also kernel.apparmor_restrict_unprivileged_userns=0), or run agentcli where they are allowed',
      });
    });
  });
}
