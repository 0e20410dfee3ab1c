/**
 * A small on-disk cache of upstream metadata documents: fresh for a while, then revalidated with
 * the upstream's validators (ETag, Last-Modified); and next to each, the gate's vetted answer for
 * it (the served bytes and what the vet found), tied to the document it came from, so a 304 or a
 * fresh document is served without vetting it again.
 *
 * Documents are records appended to a few pack files (`pack-record.ts`), not a file each: an
 * append to an open file costs a write, where a new file cost more than the write itself. The
 * newest pack takes appends until it holds a quarter of the budget, then the next is started; the
 * oldest pack is removed when the packs together pass the budget (the oldest documents go first),
 * and a pack mostly made of replaced records has its live ones copied forward and is removed. The
 * index is kept in memory, saved beside the packs (`pack-index.ts`) and rebuilt at open from that
 * and a scan of what was appended since. Several gates may share one cache: each record is one
 * O_APPEND write, each gate reads the others' appends on its next scan, and one lock file keeps
 * compactions apart. Writes run in the background and never delay an answer; a damaged or torn
 * record is ignored.
 */
import { mkdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { readPackIndex, writePackIndex, writePackIndexNow } from './pack-index.js';
import { compactPack, lockCompaction } from './pack-compaction.js';
import { appendRecord, decodeRecord, encodeRecordHead } from './pack-record.js';
import { PackSet } from './pack-set.js';

export interface CachedDocument {
  url: string;
  status: number;
  contentType?: string;
  etag?: string;
  lastModified?: string;
  storedAt: number;
  /** When this version of the document was fetched (kept when a 304 refreshes `storedAt`): what a vetted answer is tied to. */
  fetchedAt?: number;
  /** A vetted answer: what the vet found (JSON), `body` being the served bytes. */
  meta?: unknown;
  body: Buffer;
}

const MAX_CACHED_BYTES = 16 * 1024 * 1024;
/** The packs together are kept under this (the oldest pack removed first). */
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;
/** A pack takes appends until it holds this share of the budget. */
const PACK_SHARE = 1 / 4;
/** A closed pack with more than this share of replaced records is compacted. */
const DEAD_SHARE = 0.5;
/** Other gates' appends and packs are looked for at most this often on a miss. */
const REFRESH_MS = 1000;
/** The index is saved at most this often while appending (and on close): a gate that dies loses only a longer scan at the next open. */
const INDEX_DELAY_MS = 30_000;
const INDEX_FILE = 'metadata.idx';

export class MetadataCache {
  private readonly set: PackSet;
  private writes = 0;
  /** Background saves of the index under way. */
  private indexWrites = 0;
  private compacting = false;
  /** Puts waiting for a compaction to end. */
  private readonly waiting: Array<() => void> = [];
  private readonly idlers: Array<() => void> = [];
  private lastRefresh = 0;
  private indexTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly maxTotalBytes = MAX_TOTAL_BYTES,
  ) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch {
      // A cache that cannot be made is only a cache: every get misses.
    }
    this.set = new PackSet(dir);
    this.set.refresh(readPackIndex(join(dir, INDEX_FILE)), true);
    this.set.keepInBudget(maxTotalBytes);
  }

  /** How many documents the cache holds. */
  get size(): number {
    return this.set.index.size;
  }

  /**
   * The stored document for a key, or undefined (absent, unreadable or damaged). Its record is read
   * into a buffer from `alloc` (at least the size asked), which the body is a view of.
   */
  get(key: string, alloc: (size: number) => Buffer = (size) => Buffer.allocUnsafe(size)): CachedDocument | undefined {
    if (this.closed) return undefined;
    let span = this.set.index.get(key);
    if (!span && Date.now() - this.lastRefresh >= REFRESH_MS) {
      // Perhaps another gate on this cache stored it.
      this.lastRefresh = Date.now();
      this.set.refresh();
      span = this.set.index.get(key);
    }
    const pack = span && this.set.packs.get(span.pack);
    if (!span || !pack) return undefined;
    const bytes = alloc(span.length).subarray(0, span.length);
    let record: ReturnType<typeof decodeRecord>;
    try {
      if (readSync(pack.fd, bytes, 0, span.length, span.offset) === span.length) record = decodeRecord(bytes, span.verified !== true);
    } catch {
      record = undefined;
    }
    if (!record || record.meta.key !== key || typeof record.meta.storedAt !== 'number') {
      this.set.unindex(key);
      return undefined;
    }
    span.verified = true;
    const header: Record<string, unknown> = { ...record.meta };
    delete header.key;
    return { ...(header as Omit<CachedDocument, 'body'>), body: record.body };
  }

  /**
   * Stores a document in the background (bodies over 16 MB are not kept). Never throws: a cache
   * that cannot be written is skipped. `done` is called once the body is no longer read (written,
   * failed or skipped): a pooled buffer may be reused from then on.
   */
  put(key: string, document: CachedDocument, done: () => void = () => {}): void {
    if (this.closed || document.body.length > MAX_CACHED_BYTES) return done();
    if (this.compacting) {
      this.waiting.push(() => this.put(key, document, done));
      return;
    }
    const number = this.set.currentPack();
    const pack = number === undefined ? undefined : this.set.packs.get(number);
    if (!pack) return done();
    const { body, ...header } = document;
    const head = encodeRecordHead({ ...header, key }, body);
    this.writes++;
    appendRecord(pack.fd, [head, body], (error) => {
      this.writes--;
      done();
      if (!this.closed && !error) {
        this.set.scanTail(number!);
        this.afterWrites();
      }
      this.settle();
    });
  }

  /** Resolves once no write or compaction is under way (tests; a clean shutdown). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idlers.push(resolve);
      this.settle();
    });
  }

  /** Saves the index and closes the packs once the writes under way are done; later gets miss and puts are skipped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.indexTimer);
    this.settle();
  }

  private isIdle(): boolean {
    return this.writes === 0 && this.indexWrites === 0 && !this.compacting && this.waiting.length === 0;
  }

  private settle(): void {
    if (this.writes === 0) this.set.closeRetired();
    if (!this.isIdle()) return;
    if (this.closed && this.set.packs.size > 0) {
      writePackIndexNow(join(this.dir, INDEX_FILE), this.set.snapshot());
      this.set.closeAll();
    }
    for (const resolve of this.idlers.splice(0)) resolve();
  }

  /** After the writes under way: the next pack started, the oldest removed, a mostly dead pack compacted, the index saved. */
  private afterWrites(): void {
    if (this.writes > 0 || this.compacting || this.closed) return;
    const current = this.set.currentPack();
    const pack = current === undefined ? undefined : this.set.packs.get(current);
    if (!pack || current === undefined) return;
    if (pack.end >= this.maxTotalBytes * PACK_SHARE) {
      this.set.startNext(current);
    }
    this.set.keepInBudget(this.maxTotalBytes);
    for (const [number, closed] of this.set.packs) {
      if (number === this.set.currentPack() || closed.end === 0 || closed.end - closed.live <= closed.end * DEAD_SHARE) continue;
      this.compact(number);
      return;
    }
    this.scheduleIndexSave();
  }

  /** Copies a pack's live records to the newest pack, then removes it (one compaction at a time across gates). */
  private compact(number: number): void {
    const unlock = lockCompaction(this.dir);
    const target = this.set.currentPack();
    const source = this.set.packs.get(number);
    const pack = target === undefined ? undefined : this.set.packs.get(target);
    if (!unlock || !source || !pack) return unlock?.();
    this.compacting = true;
    const spans = [...this.set.index.values()].filter((span) => span.pack === number);
    void compactPack(source.fd, spans, pack.fd).finally(() => {
      unlock();
      this.compacting = false;
      if (!this.closed) {
        this.set.scanTail(target!);
        this.set.removePack(number);
        this.scheduleIndexSave();
      }
      for (const put of this.waiting.splice(0)) put();
      this.settle();
    });
  }

  private scheduleIndexSave(): void {
    if (this.indexTimer !== undefined) return;
    this.indexTimer = setTimeout(() => {
      this.indexTimer = undefined;
      if (this.closed) return;
      this.indexWrites++;
      writePackIndex(join(this.dir, INDEX_FILE), this.set.snapshot(), () => {
        this.indexWrites--;
        this.settle();
      });
    }, INDEX_DELAY_MS);
    this.indexTimer.unref();
  }
}
