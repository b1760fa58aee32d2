/**
 * A small time-limited LRU cache. WebFetch keeps pages here for 15 minutes
 * so asking several questions about one page fetches it once. Bounded by
 * entry count; each entry is already capped in size by the caller.
 */
export type TtlCacheOptions = {
  readonly ttlMs: number;
  readonly maxEntries: number;
  /** Injectable clock, so expiry is tested without waiting. */
  readonly now?: () => number;
};

export class TtlCache<Value> {
  private readonly entries = new Map<string, { readonly value: Value; readonly expiresAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-inserting moves the key to the end: Map order is our recency order.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
