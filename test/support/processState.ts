import { readdirSync, readFileSync } from 'node:fs';

/**
 * Whether a process still runs. `kill(pid, 0)` failing with ESRCH is the
 * proof we want; a zombie (exited, waiting to be reaped) also counts as
 * gone, because this VM's PID 1 never reaps orphans, so a killed orphan
 * stays a zombie here forever.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/**
 * The running processes (zombies excluded) whose environment holds `entry` (`NAME=value`). Finds a process
 * by what it was given rather than by the pid it reports: inside a PID namespace (a sandboxed MCP server)
 * the pid a process sees is not the host's.
 */
export function runningProcessesWithEnv(entry: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue;
    }
    if (environ.split('\0').includes(entry) && isRunning(pid)) found.push(pid);
  }
  return found;
}

/**
 * The running processes (zombies excluded) whose command line is exactly `argv` joined by spaces
 * (`sleep 30.123`). An approved command runs in the session sandbox, in its own PID namespace, where
 * `$!` is not a host pid: tests give the command a unique argument and find it here.
 */
export function runningProcessesWithArgv(argv: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') === argv && isRunning(pid)) found.push(pid);
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/** A `sleep` with a duration no other test uses, to find it by its command line. */
export function uniqueSleep(seconds = 30): string {
  return `sleep ${seconds}.${process.pid}${Math.floor(Math.random() * 1e6)}`;
}
