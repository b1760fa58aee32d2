import { readFileSync } from 'node:fs';

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
