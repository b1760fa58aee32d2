/**
 * A SandboxPolicy as a macOS Seatbelt profile (SBPL, run with
 * `sandbox-exec -p <profile>`), the counterpart of bwrapArgs on Linux.
 *
 * Seatbelt cannot bind an empty file over a secret the way bwrap does, so
 * a mask is a refusal to read (and write) it: reading `.env` fails with
 * "Operation not permitted" instead of reading as empty. It has no private
 * /tmp either: the command gets its own temporary folder (TMPDIR), and the
 * shared /tmp stays read-only. Network is all or nothing at this layer
 * (outbound to the filtering proxy on loopback when domains are allowed).
 *
 * Rules are ordered general → specific, so both ways Seatbelt resolves a
 * conflict (the more specific rule; the later rule) give the same answer:
 * reads everywhere, then writes inside the writable places, then protected
 * paths read-only again, then masks unreadable.
 */
import type { SandboxPolicy } from './sandboxPolicy.js';

export type SeatbeltOptions = {
  /** The command's own temporary folder (writable, exported as TMPDIR). */
  readonly tmpDir: string;
  /** When the network goes through the domain-filtering proxy: its loopback port. */
  readonly proxyPort?: number;
};

/** SBPL string literal: backslashes and quotes escaped, nothing else can end it. */
function quoted(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const subpath = (p: string): string => `(subpath ${quoted(p)})`;
const literal = (p: string): string => `(literal ${quoted(p)})`;

export function seatbeltProfile(policy: SandboxPolicy, options: SeatbeltOptions): string {
  const lines = [
    '(version 1)',
    '(deny default)',
    '(allow process-exec process-fork)',
    '(allow signal (target same-sandbox))',
    '(allow process-info* (target same-sandbox))',
    '(allow sysctl-read mach-lookup ipc-posix-shm ipc-posix-sem user-preference-read iokit-open)',
    '(allow file-read*)',
    `(allow file-write* ${literal('/dev/null')} ${literal('/dev/tty')} ${literal('/dev/zero')} ${subpath('/dev/fd')})`,
    `(allow file-write* ${subpath(options.tmpDir)})`,
  ];
  if (policy.writable.length > 0) lines.push(`(allow file-write* ${policy.writable.map(subpath).join(' ')})`);
  if (policy.readOnly.length > 0) lines.push(`(deny file-write* ${policy.readOnly.map(subpath).join(' ')})`);
  const masks = [...policy.maskedDirectories.map(subpath), ...policy.maskedFiles.map(literal)];
  if (masks.length > 0) lines.push(`(deny file-read* file-write* ${masks.join(' ')})`);
  if (policy.network) {
    lines.push(options.proxyPort === undefined ? '(allow network*)' : `(allow network-outbound (remote ip ${quoted(`localhost:${options.proxyPort}`)}))`);
  } else {
    // Unix sockets to local daemons are network too; only name resolution's own channel stays.
    lines.push(`(allow network-outbound ${literal('/private/var/run/mDNSResponder')})`);
  }
  return `${lines.join('\n')}\n`;
}

/** The command line that runs `argv` under the profile. */
export function seatbeltArgs(profile: string, argv: readonly string[]): string[] {
  return ['-p', profile, ...argv];
}
