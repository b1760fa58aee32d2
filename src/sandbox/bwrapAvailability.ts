/**
 * Whether bubblewrap can build the sandbox on this machine: the program
 * exists and the kernel lets it create the namespaces we use. Probed once
 * per process by running the same kind of sandbox a command gets around
 * `true`, so a "yes" here means commands will really start.
 */
import { execFile } from 'node:child_process';

export type SandboxAvailability =
  | { readonly available: true; readonly bwrap: string }
  | { readonly available: false; readonly reason: string; readonly howToEnable: string };

export const BWRAP_PATH_ENV = 'AGENTCLI_BWRAP';
const PROBE_TIMEOUT_MS = 5_000;

let probed: Promise<SandboxAvailability> | undefined;

/** Cached per process; the bwrap binary can be replaced with $AGENTCLI_BWRAP (tests, unusual installs). */
export function probeSandbox(env: NodeJS.ProcessEnv = process.env): Promise<SandboxAvailability> {
  if (env !== process.env) return runProbe(env[BWRAP_PATH_ENV] || 'bwrap', process.platform);
  return (probed ??= runProbe(env[BWRAP_PATH_ENV] || 'bwrap', process.platform));
}

export function runProbe(bwrap: string, platform: NodeJS.Platform): Promise<SandboxAvailability> {
  if (platform !== 'linux') {
    return Promise.resolve({
      available: false,
      reason: `the Bash sandbox is not supported on ${platform === 'darwin' ? 'macOS' : platform} yet`,
      howToEnable: 'only Linux (bubblewrap) is supported for now',
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
