/**
 * A snapshot that subscribers (useSyncExternalStore) see change at most once
 * per interval. A change schedules one timer; when it fires, the snapshot is
 * rebuilt and listeners are told. With nothing changing there is no timer —
 * an idle REPL does no work.
 */
export class ThrottledPublisher<Snapshot> {
  private snapshot: Snapshot;
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private lastPublishedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly build: () => Snapshot,
    private readonly options: { readonly intervalMs: number; readonly now: () => number },
  ) {
    this.snapshot = build();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snapshot;

  /** Something changed: publish at the next allowed moment. */
  changed(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastPublishedAt + this.options.intervalMs - this.options.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, wait);
  }

  /** Publishes now (tests, and moments where latency matters more than batching). */
  flush(): void {
    this.cancel();
    this.publish();
  }

  dispose(): void {
    this.cancel();
    this.listeners.clear();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private publish(): void {
    this.lastPublishedAt = this.options.now();
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }
}
