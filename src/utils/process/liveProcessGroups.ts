/**
 * Every process group agentcli starts is registered here until it is gone,
 * so that however agentcli exits — end of a run, Ctrl+C twice, SIGTERM, a
 * crash through process.exit — no command it started keeps running.
 *
 * The cleanup is synchronous on purpose: on a plain process.exit() only the
 * synchronous part of a cleanup runs.
 */
import { registerCleanup } from '../cleanup.js';
import { killProcessTreeNow } from './processTree.js';

const live = new Map<number, () => void>();

/** Returns the function to call once the group has been reaped. */
export function trackProcessGroup(leaderPid: number): () => void {
  const unregister = registerCleanup(() => {
    live.delete(leaderPid);
    killProcessTreeNow(leaderPid);
  });
  live.set(leaderPid, unregister);
  return () => {
    live.get(leaderPid)?.();
    live.delete(leaderPid);
  };
}

export function liveProcessGroupCount(): number {
  return live.size;
}
