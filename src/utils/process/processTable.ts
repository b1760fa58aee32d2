/**
 * A snapshot of the system's processes: who is whose parent, which group
 * each is in, and whether it still runs. Read from /proc on Linux, from
 * `ps` elsewhere.
 *
 * Zombies count as not running: they have exited and only wait for a parent
 * to collect their status. That matters where PID 1 never reaps orphans (some
 * container and VM inits), which would otherwise make a killed tree look
 * alive forever.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export type ProcessEntry = {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  readonly running: boolean;
};

export function readProcessTable(): ProcessEntry[] {
  if (process.platform === 'linux') {
    const fromProc = readProcTable();
    if (fromProc) return fromProc;
  }
  return readPsTable();
}

/** Running processes in group `pgid`, plus any of `pids` still running. */
export function runningMembers(table: readonly ProcessEntry[], pgid: number, pids: ReadonlySet<number>): number[] {
  return table.filter((entry) => entry.running && (entry.pgid === pgid || pids.has(entry.pid))).map((entry) => entry.pid);
}

/** Every descendant of `rootPid` (not the root itself), by parent links. */
export function descendantsOf(table: readonly ProcessEntry[], rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table) {
    const siblings = children.get(ppid);
    if (siblings) siblings.push(pid);
    else children.set(ppid, [pid]);
  }
  const found: number[] = [];
  const queue = [rootPid];
  const seen = new Set(queue);
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function readProcTable(): ProcessEntry[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const table: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readProcEntry(name);
    if (entry) table.push(entry);
  }
  return table;
}

function readProcEntry(pid: string): ProcessEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // exited while we looked
  }
  // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  return {
    pid: Number(pid),
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    running: state !== 'Z' && state !== 'X',
  };
}

function readPsTable(): ProcessEntry[] {
  try {
    const text = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return text.split('\n').flatMap((line) => {
      const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
      if (!pid || !ppid || !pgid) return [];
      return [{ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), running: !(stat ?? '').startsWith('Z') }];
    });
  } catch {
    // No ps: callers fall back to signalling the group alone.
    return [];
  }
}
