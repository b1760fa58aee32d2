/**
 * Ending one opened MCP session: ask politely first (a stdio server exits
 * when its stdin closes), then escalate to SIGTERM and SIGKILL, within the
 * exit cleanup's time budget.
 */
import type { OpenedSession } from './connectTransport.js';

/** `closed` settles when the client reports the transport closed. */
export async function stopServerSession(session: OpenedSession, closed: Promise<void>): Promise<void> {
  const pid = session.pid();
  void session.client.close().catch(() => undefined);
  if (await settlesWithin(closed, 500)) return;
  if (pid === null) return;
  signalQuietly(pid, 'SIGTERM');
  if (await settlesWithin(closed, 700)) return;
  signalQuietly(pid, 'SIGKILL');
}

async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  return settled;
}

function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
