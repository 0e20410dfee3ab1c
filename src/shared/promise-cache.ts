/**
 * A keyed cache of pending values: the first caller of a key starts the work, later callers share
 * its promise, and a rejected promise is forgotten so the next call tries again. The owner (the
 * composition root, or a store) empties it with `drain()` and closes what had loaded.
 */
export class PromiseCache<V> {
  private readonly entries = new Map<string, Promise<V>>();

  /** The promise for `key`, started with `make` when there is none. */
  get(key: string, make: () => Promise<V>): Promise<V> {
    let pending = this.entries.get(key);
    if (!pending) {
      pending = make();
      this.remember(key, pending);
    }
    return pending;
  }

  /** The promise for `key` if one was started. */
  peek(key: string): Promise<V> | undefined {
    return this.entries.get(key);
  }

  /** Keeps `pending` for `key` (until it rejects). */
  remember(key: string, pending: Promise<V>): void {
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
  }

  /** Forgets `key`, returning its promise if there was one. */
  forget(key: string): Promise<V> | undefined {
    const pending = this.entries.get(key);
    this.entries.delete(key);
    return pending;
  }

  /** The keys, oldest first. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  /** Empties the cache and resolves to the values that had loaded (rejections are skipped). */
  async drain(): Promise<V[]> {
    const all = [...this.entries.values()];
    this.entries.clear();
    const settled = await Promise.allSettled(all);
    return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  }
}
