/**
 * A SandboxPolicy as a bubblewrap command line.
 *
 * Namespaces: a new PID namespace (the command sees only its own processes,
 * not agentcli's environment or another process's root through /proc, and
 * everything it started ends with it) and, unless the network is allowed, a
 * new network namespace (loopback only). `--die-with-parent`: if bwrap is
 * killed, the sandbox goes with it. No `--new-session`: the command stays in
 * the process group agentcli kills on timeout, abort and exit (it has no
 * terminal to push keystrokes into: stdin is closed and the group has none).
 * Every capability is dropped, so even a command run as root cannot undo
 * the mounts (and a user namespace it creates inside sees them locked).
 */
import { bridgedArgv, proxyEnvironment } from './sandboxNetBridge.js';
import type { SandboxPolicy } from './sandboxPolicy.js';

export type BwrapInvocation = {
  /** The shell and its arguments, run inside. */
  readonly argv: readonly string[];
  readonly cwd: string;
  /** An empty, read-only file on the host, bound over masked files. */
  readonly emptyFile: string;
};

export function bwrapArgs(policy: SandboxPolicy, invocation: BwrapInvocation): string[] {
  // --cap-drop ALL: run as root, bwrap would keep root's capabilities, and CAP_SYS_ADMIN can remount anything.
  const args = ['--die-with-parent', '--unshare-pid', '--cap-drop', 'ALL'];
  if (!policy.network) args.push('--unshare-net');
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  // A working directory under /tmp stays visible (read-only) through the private /tmp.
  for (const dir of policy.visible ?? []) args.push('--ro-bind', dir, dir);
  for (const dir of policy.writable) args.push('--bind', dir, dir);
  for (const target of policy.readOnly) args.push('--ro-bind', target, target);
  for (const dir of policy.maskedDirectories) args.push('--tmpfs', dir, '--remount-ro', dir);
  for (const file of policy.maskedFiles) args.push('--ro-bind', invocation.emptyFile, file);
  let argv: readonly string[] = invocation.argv;
  if (policy.proxySocket && !policy.network) {
    // Loopback only, and one way out: the bridge to the filtering proxy's socket (sandboxNetBridge.ts).
    args.push('--ro-bind', policy.proxySocket, policy.proxySocket);
    for (const [name, value] of Object.entries(proxyEnvironment())) args.push('--setenv', name, value);
    argv = bridgedArgv(policy.proxySocket, argv);
  }
  args.push('--chdir', invocation.cwd, '--setenv', 'TMPDIR', '/tmp', '--setenv', 'AGENTCLI_SANDBOX', '1', '--', ...argv);
  return args;
}
