/** Where the API index lives (GUARD_HOME or the user cache dir) and the process-wide open handle for reads. */
import { join } from 'node:path';

import { loadApiDocsIo, type ApiIndexStore } from '../../engines/api-docs/index.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';

export const API_INDEX_FILE = 'api-docs.sqlite';

export interface ApiDocsOptions {
  /** Overrides the cache directory (GUARD_HOME). */
  home?: string;
  env?: Env;
}

export function resolveApiIndexPath(options: ApiDocsOptions = {}): string {
  return join(options.home ?? resolveCacheDir(options.env ?? process.env), API_INDEX_FILE);
}

const open = new Map<string, Promise<ApiIndexStore>>();

/** The index at `path`, opened once per process for reading (SQLite loads only here). Throws INDEX_MISSING. */
export function openApiIndexForReading(path: string): Promise<ApiIndexStore> {
  let pending = open.get(path);
  if (!pending) {
    pending = loadApiDocsIo().then(({ openIndexStore }) => openIndexStore(path, { create: false }));
    open.set(path, pending);
    pending.catch(() => open.delete(path));
  }
  return pending;
}

/** Closes the cached read handles (tests, shutdown). */
export async function closeApiIndexes(): Promise<void> {
  const stores = [...open.values()];
  open.clear();
  for (const store of stores) (await store.catch(() => undefined))?.close();
}
