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
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rm, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readPackIndex, writePackIndex, type PackSpan } from './pack-index.js';
import { compactPack, lockCompaction } from './pack-compaction.js';
import { appendRecord, decodeRecord, encodeRecordHead, scanRecords } from './pack-record.js';

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
const INDEX_DELAY_MS = 2000;
const PACK_NAME = /^metadata-(\d{6})\.pack$/;
const INDEX_FILE = 'metadata.idx';

interface Pack {
  fd: number;
  ino: number;
  /** Records are listed up to here. */
  end: number;
  /** Bytes of the records the index points to. */
  live: number;
}

export class MetadataCache {
  private readonly packs = new Map<number, Pack>();
  /** Each key's newest record, oldest first. */
  private readonly index = new Map<string, PackSpan>();
  private writes = 0;
  private compacting = false;
  /** Puts waiting for a compaction to end. */
  private readonly waiting: Array<() => void> = [];
  private readonly idlers: Array<() => void> = [];
  /** Descriptors of packs removed while a write may still use them: closed once none is under way. */
  private readonly retired: number[] = [];
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
    const stored = readPackIndex(join(dir, INDEX_FILE));
    this.refresh(stored, true);
    this.keepInBudget();
  }

  /** How many documents the cache holds. */
  get size(): number {
    return this.index.size;
  }

  /** The stored document for a key, or undefined (absent, unreadable or damaged). */
  get(key: string): CachedDocument | undefined {
    if (this.closed) return undefined;
    let span = this.index.get(key);
    if (!span && Date.now() - this.lastRefresh >= REFRESH_MS) {
      // Perhaps another gate on this cache stored it.
      this.lastRefresh = Date.now();
      this.refresh();
      span = this.index.get(key);
    }
    const pack = span && this.packs.get(span.pack);
    if (!span || !pack) return undefined;
    const bytes = Buffer.allocUnsafe(span.length);
    let record: ReturnType<typeof decodeRecord>;
    try {
      if (readSync(pack.fd, bytes, 0, span.length, span.offset) === span.length) record = decodeRecord(bytes);
    } catch {
      record = undefined;
    }
    if (!record || record.meta.key !== key || typeof record.meta.storedAt !== 'number') {
      this.unindex(key);
      return undefined;
    }
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
    const number = this.currentPack();
    const pack = number === undefined ? undefined : this.packs.get(number);
    if (!pack) return done();
    const { body, ...header } = document;
    const head = encodeRecordHead({ ...header, key }, body);
    this.writes++;
    appendRecord(pack.fd, [head, body], (error) => {
      this.writes--;
      done();
      if (!this.closed && !error) {
        this.scanTail(number!);
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
    return this.writes === 0 && !this.compacting && this.waiting.length === 0;
  }

  private settle(): void {
    if (this.writes === 0) for (const fd of this.retired.splice(0)) closeQuietly(fd);
    if (!this.isIdle()) return;
    if (this.closed && this.packs.size > 0) {
      writePackIndex(join(this.dir, INDEX_FILE), this.snapshot(), () => {});
      for (const pack of this.packs.values()) closeQuietly(pack.fd);
      this.packs.clear();
      this.index.clear();
    }
    for (const resolve of this.idlers.splice(0)) resolve();
  }

  /**
   * Reads the packs on disk: new ones opened (their records listed from `stored` where it still
   * matches, then scanned), removed ones forgotten, and every pack's new records scanned.
   */
  private refresh(stored?: ReturnType<typeof readPackIndex>, opening = false): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    // Documents an older gate kept one file each: not read any more.
    if (opening) for (const name of names) if (name.endsWith('.doc')) rm(join(this.dir, name), { force: true }, () => undefined);
    const onDisk = new Map<number, number>();
    for (const name of names) {
      const match = PACK_NAME.exec(name);
      if (!match) continue;
      try {
        onDisk.set(Number(match[1]), statSync(join(this.dir, name)).ino);
      } catch {
        // Removed meanwhile.
      }
    }
    for (const [number, pack] of this.packs) if (onDisk.get(number) !== pack.ino) this.forgetPack(number);
    const opened: number[] = [];
    for (const number of [...onDisk.keys()].sort((a, b) => a - b)) {
      if (this.packs.has(number)) continue;
      const pack = this.openPack(number);
      if (!pack) continue;
      const known = stored?.packs.get(number);
      if (known && known.ino === pack.ino && known.end <= fstatSync(pack.fd).size) pack.end = known.end;
      opened.push(number);
    }
    for (const [key, span] of stored?.entries ?? []) {
      const pack = this.packs.get(span.pack);
      if (opened.includes(span.pack) && pack && pack.end > 0 && span.offset + span.length <= pack.end) this.indexRecord(key, span);
    }
    for (const number of [...this.packs.keys()].sort((a, b) => a - b)) this.scanTail(number);
  }

  private openPack(number: number): Pack | undefined {
    try {
      const fd = openSync(this.packPath(number), 'a+');
      const pack = { fd, ino: fstatSync(fd).ino, end: 0, live: 0 };
      this.packs.set(number, pack);
      return pack;
    } catch {
      return undefined;
    }
  }

  /** Lists the records appended to a pack since it was last read (by this gate or another). */
  private scanTail(number: number): void {
    const pack = this.packs.get(number);
    if (!pack) return;
    try {
      const size = fstatSync(pack.fd).size;
      if (size > pack.end)
        pack.end = scanRecords(
          pack.fd,
          pack.end,
          size,
          (key, span) => this.indexRecord(key, { pack: number, ...span }),
          (key) => this.unindex(key),
        );
    } catch {
      // Unreadable now: read again on the next scan.
    }
  }

  private indexRecord(key: string, span: PackSpan): void {
    this.unindex(key);
    this.index.set(key, span);
    const pack = this.packs.get(span.pack);
    if (pack) pack.live += span.length;
  }

  private unindex(key: string): void {
    const old = this.index.get(key);
    if (!old) return;
    this.index.delete(key);
    const pack = this.packs.get(old.pack);
    if (pack) pack.live -= old.length;
  }

  private forgetPack(number: number): void {
    const pack = this.packs.get(number);
    if (!pack) return;
    for (const [key, span] of this.index) if (span.pack === number) this.index.delete(key);
    this.packs.delete(number);
    this.retired.push(pack.fd);
  }

  /** The pack appends go to (the newest; made when there is none). */
  private currentPack(): number | undefined {
    let newest: number | undefined;
    for (const number of this.packs.keys()) if (newest === undefined || number > newest) newest = number;
    if (newest !== undefined) return newest;
    return this.openPack(1) ? 1 : undefined;
  }

  /** After the writes under way: the next pack started, the oldest removed, a mostly dead pack compacted, the index saved. */
  private afterWrites(): void {
    if (this.writes > 0 || this.compacting || this.closed) return;
    const current = this.currentPack();
    const pack = current === undefined ? undefined : this.packs.get(current);
    if (!pack || current === undefined) return;
    if (pack.end >= this.maxTotalBytes * PACK_SHARE) {
      try {
        closeQuietly(openSync(this.packPath(current + 1), 'ax+'));
      } catch {
        // Another gate started it.
      }
      this.refresh();
    }
    this.keepInBudget();
    for (const [number, closed] of this.packs) {
      if (number === this.currentPack() || closed.end === 0 || closed.end - closed.live <= closed.end * DEAD_SHARE) continue;
      this.compact(number);
      return;
    }
    this.scheduleIndexSave();
  }

  /** Removes the oldest packs (never the one taking appends) while the packs pass the budget. */
  private keepInBudget(): void {
    let total = 0;
    for (const pack of this.packs.values()) total += pack.end;
    const numbers = [...this.packs.keys()].sort((a, b) => a - b);
    for (const number of numbers.slice(0, -1)) {
      if (total <= this.maxTotalBytes) break;
      total -= this.packs.get(number)!.end;
      this.removePack(number);
    }
  }

  private removePack(number: number): void {
    try {
      unlinkSync(this.packPath(number));
    } catch {
      // Another gate removed it.
    }
    this.forgetPack(number);
  }

  /** Copies a pack's live records to the newest pack, then removes it (one compaction at a time across gates). */
  private compact(number: number): void {
    const unlock = lockCompaction(this.dir);
    const target = this.currentPack();
    const source = this.packs.get(number);
    const pack = target === undefined ? undefined : this.packs.get(target);
    if (!unlock || !source || !pack) return unlock?.();
    this.compacting = true;
    const spans = [...this.index.values()].filter((span) => span.pack === number);
    void compactPack(source.fd, spans, pack.fd).finally(() => {
      unlock();
      this.compacting = false;
      if (!this.closed) {
        this.scanTail(target!);
        this.removePack(number);
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
      if (!this.closed) writePackIndex(join(this.dir, INDEX_FILE), this.snapshot(), () => {});
    }, INDEX_DELAY_MS);
    this.indexTimer.unref();
  }

  private snapshot(): NonNullable<ReturnType<typeof readPackIndex>> {
    return {
      packs: new Map([...this.packs].map(([number, pack]) => [number, { ino: pack.ino, end: pack.end }])),
      entries: [...this.index],
    };
  }

  private packPath(number: number): string {
    return join(this.dir, `metadata-${String(number).padStart(6, '0')}.pack`);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}
