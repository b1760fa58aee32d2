/**
 * A remote server that cannot be reached is tried again a few times, each
 * wait twice the last (0.5 s, 1 s, 2 s by default), within the start-up
 * deadline: a server restarting behind a load balancer, or a laptop whose
 * network comes up a moment after agentcli, should not cost the session its
 * tools. A refusal that retrying cannot fix (a login needed) is not retried.
 */
import { isAuthenticationError } from './connectTransport.js';

export const REMOTE_CONNECT_ATTEMPTS = 4;

export async function withRemoteRetries<T>(attempt: () => Promise<T>, options: { readonly signal: AbortSignal; readonly baseDelayMs: number }): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= REMOTE_CONNECT_ATTEMPTS || options.signal.aborted || isAuthenticationError(error)) throw error;
      await sleep(options.baseDelayMs * 2 ** (tries - 1), options.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
