/**
 * A small on-disk cache of upstream metadata documents: fresh for a while, then revalidated with
 * the upstream's ETag. One file per URL and Accept header (a JSON header line, then the body),
 * written atomically; a damaged file is ignored and replaced.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';

export interface CachedDocument {
  url: string;
  status: number;
  contentType?: string;
  etag?: string;
  storedAt: number;
  body: Buffer;
}

const MAX_CACHED_BYTES = 16 * 1024 * 1024;

export class MetadataCache {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
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
      const header = JSON.parse(data.subarray(0, newline).toString('utf8')) as Omit<CachedDocument, 'body'> & { key?: string };
      if (header.key !== key || typeof header.storedAt !== 'number') return undefined;
      return { ...header, body: data.subarray(newline + 1) };
    } catch {
      return undefined;
    }
  }

  /** Stores a document (bodies over 16 MB are not kept). Never throws: a cache that cannot be written is skipped. */
  put(key: string, document: CachedDocument): void {
    if (document.body.length > MAX_CACHED_BYTES) return;
    const { body, ...header } = document;
    try {
      writeFileAtomic(this.fileOf(key), [Buffer.from(`${JSON.stringify({ ...header, key })}\n`, 'utf8'), body]);
    } catch {
      // A read-only or full disk only costs the cache.
    }
  }

  private fileOf(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.doc`);
  }
}
