/**
 * A bounded cache of allowed-token sets by parser-state key: least recently used entries go first
 * once the held token ids pass the budget, so memory stays bounded however many states a long
 * generation visits. Counts hits and misses for the benchmark.
 */

export class MaskCache<T extends Int32Array | Uint32Array = Int32Array> {
  private readonly entries = new Map<string, T>();
  private held = 0;
  hits = 0;
  misses = 0;

  /** `budget`: 32-bit words held at most (token ids, or bitset words). */
  constructor(private readonly budget = 16 * 1024 * 1024) {}

  get(key: string): T | undefined {
    const found = this.entries.get(key);
    if (found === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, found);
    return found;
  }

  set(key: string, mask: T): void {
    if (mask.length > this.budget) return;
    const old = this.entries.get(key);
    if (old) {
      this.held -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, mask);
    this.held += mask.length;
    for (const [oldest, value] of this.entries) {
      if (this.held <= this.budget) break;
      this.entries.delete(oldest);
      this.held -= value.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Token ids held now. */
  get heldIds(): number {
    return this.held;
  }
}
