/** Where the API index lives (GUARD_HOME or the user cache dir) and its read handles: the process's (app/services.ts) or one per call. */
import { join } from 'node:path';

import { loadApiDocsIo, type ApiIndexStore } from '../../engines/api-docs/index.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import type { ApiDocsServices } from '../services.js';

export const API_INDEX_FILE = 'api-docs.sqlite';

export interface ApiDocsOptions {
  /** Overrides the cache directory (GUARD_HOME). */
  home?: string;
  /** The process's environment as the edge read it (GUARD_HOME, GUARD_PYTHON, GUARD_EMBEDDINGS); default: none set. */
  env?: Env;
  /** The process's open handles, watchers and word meaning (app/services.ts); without, a call opens and closes its own. */
  apiDocs?: ApiDocsServices;
}

export function resolveApiIndexPath(options: ApiDocsOptions = {}): string {
  return join(options.home ?? resolveCacheDir(options.env ?? {}), API_INDEX_FILE);
}

/** An open read handle and what to do when the call is done with it. */
export interface ApiIndexLease {
  store: ApiIndexStore;
  /** Closes a handle opened for this call; a kept one stays open. */
  release: () => void;
}

/**
 * The index at `path` for reading (SQLite loads only here): the process's handle when `apiDocs` is
 * given (opened once), else one opened for this call. Throws INDEX_MISSING.
 */
export async function openApiIndexForReading(path: string, apiDocs?: ApiDocsServices): Promise<ApiIndexLease> {
  const open = (): Promise<ApiIndexStore> => loadApiDocsIo().then(({ openIndexStore }) => openIndexStore(path, { create: false }));
  if (apiDocs) return { store: await apiDocs.indexes.get(path, open), release: () => undefined };
  const store = await open();
  return { store, release: () => store.close() };
}
