/**
 * Persists per-file facts between runs (one JSON file per repository root in the cache directory),
 * so a CLI run re-parses only the files whose size or modification time changed. A file that is
 * missing, corrupt or of another format version is ignored and rewritten (temp file, then rename).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileFacts } from '../types.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';

/** Bump when extraction changes what a FileFacts holds. */
export const FACTS_FORMAT = 1;

export interface CachedFacts {
  mtimeMs: number;
  size: number;
  facts: FileFacts;
}

type StoredFacts = Omit<FileFacts, 'identifiers' | 'typeIdentifiers'> & {
  identifiers: Array<[string, number[]]>;
  typeIdentifiers: Array<[string, number[]]>;
};

interface StoredFile {
  format: number;
  root: string;
  files: Record<string, { mtimeMs: number; size: number; facts: StoredFacts }>;
}

/** The cache file of a repository root inside `cacheDir`. */
export function factsCachePath(cacheDir: string, root: string): string {
  return join(cacheDir, 'repo-context', `${createHash('sha256').update(root).digest('hex').slice(0, 24)}.json`);
}

/** The cached facts of `root`, empty when there is no usable cache file. */
export function loadFactsCache(path: string, root: string): Map<string, CachedFacts> {
  const cached = new Map<string, CachedFacts>();
  let stored: StoredFile;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as StoredFile;
  } catch {
    return cached;
  }
  if (stored?.format !== FACTS_FORMAT || stored.root !== root || typeof stored.files !== 'object') return cached;
  for (const [file, entry] of Object.entries(stored.files)) {
    const { facts } = entry;
    cached.set(file, {
      mtimeMs: entry.mtimeMs,
      size: entry.size,
      facts: { ...facts, identifiers: new Map(facts.identifiers), typeIdentifiers: new Map(facts.typeIdentifiers) },
    });
  }
  return cached;
}

/** Writes the facts of `root` atomically; a failure to write only costs the next run a re-parse. */
export function saveFactsCache(path: string, root: string, entries: Map<string, CachedFacts>): boolean {
  const stored: StoredFile = { format: FACTS_FORMAT, root, files: {} };
  for (const [file, entry] of entries) {
    const { facts } = entry;
    stored.files[file] = {
      mtimeMs: entry.mtimeMs,
      size: entry.size,
      facts: { ...facts, identifiers: [...facts.identifiers], typeIdentifiers: [...facts.typeIdentifiers] },
    };
  }
  try {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileAtomic(path, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}
