/**
 * Byte buffers reused across requests, so that a steady stream of large metadata documents (a
 * 500 KB packument read, rewritten and answered) allocates next to nothing per request: fewer
 * external allocations, fewer full garbage collections. A buffer is handed out by `acquire` and
 * comes back by `release` only once nothing can still read it: an answer's bytes are shared
 * (`SharedBytes`, counted holders: the gate's memory, each socket write still pending, a cache
 * write) and go back when the last holder lets go.
 */

/** Free buffers kept at most (bytes, and count): beyond, a released buffer is left to the garbage collector. */
const MAX_FREE_BYTES = 64 * 1024 * 1024;
const MAX_FREE = 64;
/** A new buffer is rounded up to this, with an eighth of room to spare, so that a slightly larger document fits it next time. */
const GRAIN = 16 * 1024;

export class BufferPool {
  private readonly free: Buffer[] = [];
  private freeBytes = 0;
  /** Buffers made (not reused) since start: what a steady stream should keep near zero. */
  allocated = 0;

  constructor(
    private readonly maxFreeBytes = MAX_FREE_BYTES,
    private readonly maxFree = MAX_FREE,
  ) {}

  /** A buffer of at least `size` bytes, its content undefined (the smallest free one that fits, else a new one). */
  acquire(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const length = this.free[i]!.length;
      if (length >= size && (best < 0 || length < this.free[best]!.length)) best = i;
    }
    if (best >= 0) {
      const found = this.free[best]!;
      this.free[best] = this.free[this.free.length - 1]!;
      this.free.pop();
      this.freeBytes -= found.length;
      return found;
    }
    this.allocated++;
    return Buffer.allocUnsafeSlow(Math.ceil((size + (size >> 3)) / GRAIN) * GRAIN);
  }

  /** Gives a buffer from `acquire` back; the caller must not touch it (or any view of it) again. */
  release(buffer: Buffer): void {
    if (buffer.length > this.maxFreeBytes) return;
    this.free.push(buffer);
    this.freeBytes += buffer.length;
    // Over the bounds: the smallest go first (the large ones are the costly ones to make again).
    while (this.freeBytes > this.maxFreeBytes || this.free.length > this.maxFree) {
      let smallest = 0;
      for (let i = 1; i < this.free.length; i++) if (this.free[i]!.length < this.free[smallest]!.length) smallest = i;
      this.freeBytes -= this.free[smallest]!.length;
      this.free[smallest] = this.free[this.free.length - 1]!;
      this.free.pop();
    }
  }

  /** Free buffers held now (bytes). */
  get idleBytes(): number {
    return this.freeBytes;
  }
}

/**
 * Bytes with counted holders: `bytes` is valid while someone holds it; when the last holder
 * releases, the buffer under it goes back to its pool (none: it is left to the garbage collector).
 * Whoever makes them holds them first, until `releaseMaker` (once, however often it is called);
 * bytes whose maker never lets go are never pooled again (plain garbage, never reused too early).
 */
export class SharedBytes {
  private holders = 1;
  private makerHolds = true;
  private returned = false;

  constructor(
    /** The bytes (a view of the pooled buffer). */
    readonly bytes: Buffer,
    private readonly backing?: Buffer,
    private readonly pool?: BufferPool,
  ) {}

  /** Bytes that belong to no pool (read from disk, serialised): holding and releasing them costs nothing. */
  static unpooled(bytes: Buffer): SharedBytes {
    return new SharedBytes(bytes);
  }

  hold(): void {
    if (this.returned) throw new Error('SharedBytes held after its buffer went back to the pool');
    this.holders++;
  }

  /** Ends the maker's hold (the first one); later calls do nothing. */
  releaseMaker(): void {
    if (!this.makerHolds) return;
    this.makerHolds = false;
    this.release();
  }

  release(): void {
    if (this.holders === 0) return;
    this.holders--;
    if (this.holders > 0 || !this.pool || !this.backing) return;
    this.returned = true;
    this.pool.release(this.backing);
  }
}
