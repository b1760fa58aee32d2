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
 *
 * Why our own layer rather than @anthropic-ai/sandbox-runtime (srt, the
 * runtime behind Claude Code's sandbox). Evaluated by running it, not on
 * paper: 0.0.78 (a devDependency; the last release that runs on Node 20,
 * later ones need Node >= 22.12) against this layer on the same commands,
 * repository and policy — `node bench/sandboxRuntime.bench.mjs`, both
 * checked first to really mask the secrets and refuse the writes.
 *   - Cost per call (median over `ls`, `git status`, `cat` in a 2,000-file
 *     repository whose deny rules need the tree searched, 3 runs on a quiet
 *     2-core machine): ours 4.8-5.2 ms over a plain `bash -c` (3.8-4.0 ms),
 *     srt 31-34 ms — ours / srt = 0.15-0.16, where the bar for keeping ours
 *     was <= 1.5 (under a load average of 8-9: 11 ms against 111 ms). On
 *     every call srt walks the tree with ripgrep for its list of dangerous
 *     files and expands each read-deny glob (20-30 ms in wrapWithSandbox
 *     alone, 60 ms the first time), and starts two socat relays and a
 *     seccomp helper inside the sandbox even when no domain is allowed;
 *     initialize() takes ~115 ms, and socat must be installed.
 *   - What it can express: denyRead (an empty folder or /dev/null over the
 *     path), denyWrite inside allowWrite and a per-call config cover our
 *     masks, read-only binds and per-command write sets. But it has no
 *     private /tmp (the host's /tmp stays readable; TMPDIR moves to
 *     /tmp/claude), its search for dangerous files stops at depth 3 where
 *     ours covers the whole tree and follows our rules, and it starts every
 *     command in a new session (`--new-session`), which would take it out
 *     of the process group we stop on timeout and abort.
 * Decision: keep ours. Its ideas worth having (seccomp against unix
 * sockets, a SOCKS proxy for non-HTTP traffic) are not adopted here.
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
