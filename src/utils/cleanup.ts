/**
 * Work that must happen before agentcli exits, whatever the path out:
 * killing background processes, closing MCP servers. Front ends call
 * runCleanups() before exiting; signals and normal exit run it too.
 */
type Cleanup = () => void | Promise<void>;

const cleanups = new Set<Cleanup>();
let installed = false;

export function registerCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  installExitHook();
  return () => cleanups.delete(cleanup);
}

/** Runs every cleanup once, in parallel, bounded by `timeoutMs`. */
export async function runCleanups(timeoutMs = 2_000): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(pending.map(async (cleanup) => cleanup())),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

function installExitHook(): void {
  if (installed) return;
  installed = true;
  // Last resort on a plain process.exit(): synchronous parts of cleanups still run.
  process.once('exit', () => {
    for (const cleanup of cleanups) {
      try {
        void cleanup();
      } catch {
        // Exiting anyway; nothing useful to do with the error.
      }
    }
  });
}
