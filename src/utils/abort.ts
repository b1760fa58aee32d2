/**
 * A controller that aborts when any parent does, and lets go of the parents'
 * listeners when disposed — long-lived turn signals would otherwise collect
 * one listener per tool call.
 */
export type LinkedAbort = { readonly controller: AbortController; dispose(): void };

export function linkedAbortController(parents: readonly AbortSignal[]): LinkedAbort {
  const controller = new AbortController();
  const disposers: Array<() => void> = [];
  for (const parent of parents) {
    if (parent.aborted) {
      controller.abort(parent.reason);
      break;
    }
    const onAbort = (): void => controller.abort(parent.reason);
    parent.addEventListener('abort', onAbort, { once: true });
    disposers.push(() => parent.removeEventListener('abort', onAbort));
  }
  return {
    controller,
    dispose: () => {
      for (const dispose of disposers.splice(0)) dispose();
    },
  };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for the promises, but never longer than `ms`. */
export async function settleWithin(promises: readonly Promise<unknown>[], ms: number): Promise<void> {
  if (promises.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
