/**
 * Killing everything a command started. Commands run as leaders of their
 * own process group, so one signal to the group reaches pipelines, `&` jobs
 * and test runners' workers. A child that left the group (setsid, a daemon)
 * is still found through the parent links while its ancestors live, and is
 * signalled on its own.
 */
import { sleep } from '../abort.js';
import { descendantsOf, readProcessTable, runningMembers } from './processTable.js';

const POLL_INTERVAL_MS = 25;
export const DEFAULT_KILL_GRACE_MS = 1_000;

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone, or never ours.
  }
}

/** The tree's pids: the leader, its group, and descendants that left the group. */
function treeMembers(leaderPid: number): Set<number> {
  const table = readProcessTable();
  return new Set([leaderPid, ...descendantsOf(table, leaderPid)]);
}

function runningTreeMembers(leaderPid: number, known: ReadonlySet<number>): number[] {
  return runningMembers(readProcessTable(), leaderPid, known);
}

/**
 * Synchronous SIGKILL of the group led by `leaderPid` and of every
 * descendant: usable from an 'exit' handler, where nothing async runs.
 */
export function killProcessTreeNow(leaderPid: number): void {
  const members = treeMembers(leaderPid);
  signal(-leaderPid, 'SIGKILL');
  for (const pid of members) signal(pid, 'SIGKILL');
}

/**
 * SIGTERM the whole tree, give it `graceMs` to exit cleanly, then SIGKILL
 * whatever is left. Resolves once nothing of the tree runs (bounded).
 */
export async function killProcessTree(leaderPid: number, options: { graceMs?: number } = {}): Promise<void> {
  const graceMs = options.graceMs ?? DEFAULT_KILL_GRACE_MS;
  // Listed before signalling: once the leader dies, its orphans lose their parent link.
  const members = treeMembers(leaderPid);
  signal(-leaderPid, 'SIGTERM');
  for (const pid of members) signal(pid, 'SIGTERM');
  if (await waitUntilStopped(leaderPid, members, graceMs)) return;

  // Late children (forked during the grace period) are in the group or below a known member.
  for (const pid of runningTreeMembers(leaderPid, members)) {
    for (const descendant of descendantsOf(readProcessTable(), pid)) members.add(descendant);
  }
  signal(-leaderPid, 'SIGKILL');
  for (const pid of members) signal(pid, 'SIGKILL');
  // SIGKILL cannot be caught; this only waits for the kernel (bounded, for uninterruptible sleep).
  await waitUntilStopped(leaderPid, members, graceMs);
}

/** Whether anything of the group `pgid` (or one of `pids`) is still running. */
export function isTreeRunning(pgid: number, pids: ReadonlySet<number> = new Set()): boolean {
  // The usual answer after a command ends is "nothing left": one signal-0 probe of the group says so
  // without reading every process in /proc (which costs tens of ms per Bash call on a busy machine).
  if (pids.size === 0 && !groupExists(pgid)) return false;
  return runningTreeMembers(pgid, pids).length > 0;
}

/** Whether any process (a zombie included) is still in group `pgid`. */
function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM: a member exists but is not ours to signal.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

async function waitUntilStopped(leaderPid: number, members: ReadonlySet<number>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (runningTreeMembers(leaderPid, members).length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_INTERVAL_MS);
  }
}
