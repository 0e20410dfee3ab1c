/**
 * A small on-disk cache of upstream metadata documents: fresh for a while, then revalidated with
 * the upstream's validators (ETag, Last-Modified); and next to each, the gate's vetted answer for
 * it (the served bytes and what the vet found), tied to the document it came from, so a 304 or a
 * fresh document is served without vetting it again. One file per key (a JSON header line with
 * the body's length, then the body), written in the background to a temporary file and renamed: a
 * cache write never delays an answer, and a damaged or short file is ignored and replaced.
 */
import { createHash } from 'node:crypto';
import { close, mkdirSync, open, readdirSync, readFileSync, rename, rm, statSync, unlinkSync, writev } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

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
/** The whole cache is kept under this (oldest files removed first), checked at start and whenever the bytes written since reach it. */
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;
/** A prune while writing goes down to this fraction of the budget. */
const PRUNE_TO = 0.75;

export class MetadataCache {
  private readonly dir: string;
  /** Bytes on disk as of the last prune plus every byte written since (an overwrite counted twice: an upper bound). */
  private total = 0;
  /** A prune running in the background (writes go on meanwhile; one prune at a time). */
  private pruning = false;

  constructor(
    dir: string,
    private readonly maxTotalBytes = MAX_TOTAL_BYTES,
  ) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
    this.prune();
  }

  /**
   * Removes the oldest documents until the cache, plus `reserve` bytes about to be written, fits
   * under `fraction` of its budget (below the whole of it, so that the next writes do not list
   * the folder again at once). Never throws.
   */
  prune(reserve = 0, fraction = 1): void {
    try {
      const files = readdirSync(this.dir)
        .filter((name) => name.endsWith('.doc'))
        .map((name) => {
          const stat = statSync(join(this.dir, name));
          return { name, size: stat.size, at: stat.mtimeMs };
        })
        .sort((a, b) => a.at - b.at);
      let total = files.reduce((sum, file) => sum + file.size, 0);
      for (const file of files) {
        if (total + reserve <= this.maxTotalBytes * fraction) break;
        unlinkSync(join(this.dir, file.name));
        total -= file.size;
      }
      this.total = total;
    } catch {
      // A cache that cannot be listed is only a cache.
    }
  }

  /** The stored document for a key, or undefined (absent or unreadable). */
  get(key: string): CachedDocument | undefined {
    let data: Buffer;
    try {
      data = readFileSync(this.fileOf(key));
    } catch {
      return undefined;
    }
    const newline = data.indexOf(10);
    if (newline < 0) return undefined;
    try {
      const header = JSON.parse(data.subarray(0, newline).toString('utf8')) as Omit<CachedDocument, 'body'> & {
        key?: string;
        length?: number;
      };
      if (header.key !== key || typeof header.storedAt !== 'number' || header.length !== data.length - newline - 1) return undefined;
      return { ...header, body: data.subarray(newline + 1) };
    } catch {
      return undefined;
    }
  }

  /**
   * Stores a document in the background (bodies over 16 MB are not kept). Never throws: a cache
   * that cannot be written is skipped. `done` is called once the body is no longer read (written,
   * failed or skipped): a pooled buffer may be reused from then on.
   */
  put(key: string, document: CachedDocument, done: () => void = () => {}): void {
    if (document.body.length > MAX_CACHED_BYTES) return done();
    const { body, ...header } = document;
    const file = this.fileOf(key);
    const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
    const head = Buffer.from(`${JSON.stringify({ ...header, key, length: body.length })}\n`, 'utf8');
    const size = head.length + body.length;
    // A read-only or full disk only costs the cache. The body is written as it is, not copied.
    const write = (): void =>
      writeFileParts(temp, [head, body], (error) => {
        done();
        if (error) rm(temp, { force: true }, () => undefined);
        else rename(temp, file, (failed) => failed && rm(temp, { force: true }, () => undefined));
      });
    this.total += size;
    // The directory is listed only when this write may take the cache over its budget.
    if (this.total > this.maxTotalBytes && !this.pruning) {
      // Written once the prune is done, so the prune never takes the new document for an old one.
      this.pruning = true;
      void this.pruneInBackground(size, PRUNE_TO).finally(() => {
        this.pruning = false;
        write();
      });
      return;
    }
    write();
  }

  /**
   * `prune` without blocking the event loop (listing, stats and removals asynchronous), for the
   * write path: a full cache never delays an answer. Never rejects.
   */
  private async pruneInBackground(reserve: number, fraction: number): Promise<void> {
    try {
      const names = (await readdir(this.dir)).filter((name) => name.endsWith('.doc'));
      const files = (
        await Promise.all(
          names.map((name) =>
            stat(join(this.dir, name)).then(
              (found) => ({ name, size: found.size, at: found.mtimeMs }),
              () => undefined,
            ),
          ),
        )
      )
        .filter((file) => file !== undefined)
        .sort((a, b) => a.at - b.at);
      // Bytes written from here on are added to what remains.
      const countedAtListing = this.total;
      let total = files.reduce((sum, file) => sum + file.size, 0);
      for (const file of files) {
        if (total + reserve <= this.maxTotalBytes * fraction) break;
        await unlink(join(this.dir, file.name)).catch(() => undefined);
        total -= file.size;
      }
      // The document waiting for this prune is written next.
      this.total = total + reserve + (this.total - countedAtListing);
    } catch {
      // A cache that cannot be listed is only a cache.
    }
  }

  private fileOf(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.doc`);
  }
}

/** Writes `parts` to a new file at `path` (callbacks: no file handle object or promise per write, on a path taken once per fetch). */
function writeFileParts(path: string, parts: Buffer[], done: (error: Error | null) => void): void {
  open(path, 'w', (opened, fd) => {
    if (opened) return done(opened);
    writev(fd, parts, (written) => close(fd, (closed) => done(written ?? closed)));
  });
}
