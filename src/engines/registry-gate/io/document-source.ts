/**
 * Upstream metadata documents as the gate reads them: through the disk cache (fresh entries as
 * they are, stale ones revalidated by the upstream's validators), a fetched body in a pooled
 * buffer, and the cache writes they call for queued until the answers have gone out; plus an npm
 * packument's vetted answer stored beside its document.
 */
import { GuardError } from '../../../shared/errors.js';
import { type ByteRange } from '../packument-layout.js';
import { type UpstreamFacts } from '../types.js';
import { type BufferPool } from './buffer-pool.js';
import { type MetadataCache } from './metadata-cache.js';
import { fetchUpstreamMetadata } from './upstream-client.js';

export interface DocumentSettings {
  timeoutMs: number;
  maxMetadataBytes: number;
  /** Seconds a cached document is used without asking the upstream. */
  freshSeconds: number;
  cache?: MetadataCache;
}

export class DocumentSource {
  /** Upstream 304s, and vetted answers served from the disk cache without vetting again. */
  readonly stats = { notModified: 0, vetReused: 0 };
  /** Disk cache writes waiting for the answers they came with to go out (the store runs them). */
  readonly writes: Array<() => void> = [];

  constructor(
    private readonly settings: DocumentSettings,
    private readonly pool: BufferPool,
  ) {}

  /**
   * Upstream metadata through the disk cache: fresh entries as they are, stale ones revalidated
   * with If-None-Match / If-Modified-Since (a 304 keeps the cached document and its vetted answer).
   * `onData` sees a fetched body as it arrives (not a cached one: `fromCache` says which).
   */
  async fetch(url: string, accept: string, onData?: (received: Buffer) => void): Promise<FetchedDocument> {
    const { cache, freshSeconds, timeoutMs, maxMetadataBytes } = this.settings;
    const key = `${accept}\0${url}`;
    // Read into a pooled buffer (a packument read back per request would otherwise be garbage each time), given back
    // once the caller and a refreshing cache write are done with it.
    let backing: Buffer | undefined;
    const cached = cache?.get(key, (size) => (backing = this.pool.acquire(size)));
    const giveBack = (): void => {
      if (backing) this.pool.release(backing);
      backing = undefined;
    };
    if (!cached) giveBack();
    if (cached && Date.now() - cached.storedAt < freshSeconds * 1000)
      return { ...cached, fetchedAt: cached.fetchedAt ?? cached.storedAt, fromCache: true, key, release: holders(1, giveBack) };
    const headers: Record<string, string> = { accept };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
    let answer: Awaited<ReturnType<typeof fetchUpstreamMetadata>>;
    try {
      answer = await fetchUpstreamMetadata(url, {
        headers,
        timeoutMs,
        maxBytes: maxMetadataBytes,
        pool: this.pool,
        ...(onData ? { onData } : {}),
      });
    } catch (error) {
      giveBack();
      throw error;
    }
    if (answer.status === 304 && cached) {
      answer.release();
      this.stats.notModified++;
      const refreshed = { ...cached, storedAt: Date.now(), fetchedAt: cached.fetchedAt ?? cached.storedAt };
      const release = holders(cache ? 2 : 1, giveBack);
      if (cache) this.writes.push(() => cache.put(key, refreshed, release));
      return { ...refreshed, fromCache: true, key, release };
    }
    giveBack();
    if (answer.status !== 200 && answer.status !== 404) {
      answer.release();
      throw new GuardError('UPSTREAM_FAILED', `upstream ${answer.url} answered HTTP ${answer.status}`, {
        hint: 'check the upstream index URL and that it is up',
      });
    }
    const contentType = answer.headers['content-type'];
    const etag = answer.headers.etag;
    const lastModified = answer.headers['last-modified'];
    const at = Date.now();
    const document = {
      url: answer.url,
      status: answer.status,
      body: answer.body,
      storedAt: at,
      fetchedAt: at,
      ...(contentType ? { contentType } : {}),
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
    };
    // The pooled body goes back once both the caller and the cache write (after the answer: the disk never delays a client) are done with it.
    const release = holders(cache ? 2 : 1, () => answer.release());
    if (cache) this.writes.push(() => cache.put(key, document, release));
    return { ...document, fromCache: false, key, release };
  }

  /**
   * What the vet found for exactly this version of the document (same fetch), stored by `storeVet`,
   * or undefined (none, another version, or a record of an older format).
   */
  storedVet(vetKey: string, doc: FetchedDocument): StoredVet | undefined {
    const stored = doc.fromCache ? this.settings.cache?.get(vetKey) : undefined;
    if (!stored || stored.fetchedAt !== doc.fetchedAt || stored.url !== doc.url) return undefined;
    const meta = stored.meta as { format?: unknown; facts?: UpstreamFacts } | undefined;
    const ranges = decodeRanges(stored.body);
    if (meta?.format !== VET_FORMAT || typeof meta.facts?.exists !== 'boolean' || !ranges) return undefined;
    this.stats.vetReused++;
    return { facts: meta.facts, ranges };
  }

  /**
   * Stores what the vet of `doc` found, after the answers (queued with the other cache writes): its
   * facts and where its tarball URLs lie (8 bytes a version), not the served bytes, which are
   * made again from the document in one copy.
   */
  storeVet(vetKey: string, doc: FetchedDocument, vet: StoredVet): void {
    const { cache } = this.settings;
    if (!cache) return;
    const record = { url: doc.url, status: 200, storedAt: Date.now(), fetchedAt: doc.fetchedAt };
    const body = encodeRanges(vet.ranges);
    this.writes.push(() => cache.put(vetKey, { ...record, body, meta: { format: VET_FORMAT, facts: vet.facts } }));
  }
}

/** A release to be called `count` times (each holder once): `last` runs on the last. */
function holders(count: number, last: () => void): () => void {
  let left = count;
  return () => {
    if (--left === 0) last();
  };
}

/** What a vetted answer keeps: the facts, and the ranges of the document's tarball URLs. */
export interface StoredVet {
  facts: UpstreamFacts;
  ranges: readonly ByteRange[];
}

/** A stored vet's format (an older one, which kept the served bytes, is vetted again). */
const VET_FORMAT = 2;

function encodeRanges(ranges: readonly ByteRange[]): Buffer {
  const bytes = Buffer.allocUnsafe(ranges.length * 8);
  ranges.forEach(([start, end], i) => {
    bytes.writeUInt32LE(start, i * 8);
    bytes.writeUInt32LE(end, i * 8 + 4);
  });
  return bytes;
}

function decodeRanges(bytes: Buffer): ByteRange[] | undefined {
  if (bytes.length % 8 !== 0) return undefined;
  const ranges: ByteRange[] = [];
  for (let at = 0; at < bytes.length; at += 8) ranges.push([bytes.readUInt32LE(at), bytes.readUInt32LE(at + 4)]);
  return ranges;
}

export interface FetchedDocument {
  status: number;
  contentType?: string;
  body: Buffer;
  url: string;
  /** When this version of the document was fetched from the upstream. */
  fetchedAt: number;
  /** True when it came from the disk cache (fresh, or confirmed by a 304). */
  fromCache: boolean;
  /** Its disk cache key. */
  key: string;
  /** Ends the caller's use of `body` (once): a pooled buffer may be reused from then on. */
  release: () => void;
}
