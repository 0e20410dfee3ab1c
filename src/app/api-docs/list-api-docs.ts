/** `guard docs list`: the indexed sources with their record counts. */
import type { SourceInfo } from '../../engines/api-docs/index.js';
import { openApiIndexForReading, resolveApiIndexPath, type ApiDocsOptions } from './api-docs-store.js';

export interface ApiDocsListing {
  index: string;
  sources: SourceInfo[];
  totalRecords: number;
}

/** Lists the sources in the index. Throws INDEX_MISSING when there is none. */
export async function listApiDocs(options: ApiDocsOptions = {}): Promise<ApiDocsListing> {
  const path = resolveApiIndexPath(options);
  const { store, release } = await openApiIndexForReading(path, options.apiDocs);
  try {
    return { index: path, sources: store.listSources(), totalRecords: store.recordCount() };
  } finally {
    release();
  }
}
