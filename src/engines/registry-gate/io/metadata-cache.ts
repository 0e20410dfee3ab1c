/**
 * A small on-disk cache of upstream metadata documents: fresh for a while, then revalidated with
 * the upstream's ETag. One file per URL and Accept header (a JSON header line with the body's
 * length, then the body), written in the background to a temporary file and renamed: a cache
 * write never delays an answer, and a damaged or short file is ignored and replaced.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

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
      const header = JSON.parse(data.subarray(0, newline).toString('utf8')) as Omit<CachedDocument, 'body'> & { key?: string; length?: number };
      if (header.key !== key || typeof header.storedAt !== 'number' || header.length !== data.length - newline - 1) return undefined;
      return { ...header, body: data.subarray(newline + 1) };
    } catch {
      return undefined;
    }
  }

  /** Stores a document in the background (bodies over 16 MB are not kept). Never throws: a cache that cannot be written is skipped. */
  put(key: string, document: CachedDocument): void {
    if (document.body.length > MAX_CACHED_BYTES) return;
    const { body, ...header } = document;
    const file = this.fileOf(key);
    const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
    const head = Buffer.from(`${JSON.stringify({ ...header, key, length: body.length })}\n`, 'utf8');
    // A read-only or full disk only costs the cache. The body is written as it is, not copied.
    writeFileParts(temp, [head, body])
      .then(() => rename(temp, file))
      .catch(() => rm(temp, { force: true }).catch(() => undefined));
  }

  private fileOf(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.doc`);
  }
}

async function writeFileParts(path: string, parts: Buffer[]): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writev(parts);
  } finally {
    await handle.close();
  }
}
