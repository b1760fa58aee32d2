/**
 * Milliseconds on a monotonic clock, for durations and timeouts. Not
 * `performance.now()`: the `performance` global is a getter that loads
 * perf_hooks (~2 ms) on its first touch, which in `-p` came before the
 * first request. Only differences between two readings mean anything.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
