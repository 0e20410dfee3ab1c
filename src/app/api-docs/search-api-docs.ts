/** Searching the API index by free text (used by `guard docs search` and by the answerability engine). */
import { formulateQuery, retrieveApis, toDocEntry, type ApiDocEntry, type ApiIndexStore } from '../../engines/api-docs/index.js';
import { GuardError } from '../../shared/errors.js';
import { openApiIndexForReading, resolveApiIndexPath, type ApiDocsOptions } from './api-docs-store.js';

/** One API found: name, signature, short description, required and optional arguments, score (higher is better). */
export type ApiDocHit = ApiDocEntry;

export interface SearchApiDocsRequest {
  query: string;
  library?: string;
  topK: number;
}

/**
 * The `topK` APIs best matching `query` (identifiers in it are split; verbs widened by synonyms).
 * Throws GuardError INDEX_MISSING when no index was built, INPUT_INVALID for an empty query.
 */
export async function searchApiDocs(
  request: SearchApiDocsRequest,
  options: Pick<ApiDocsOptions, 'home' | 'apiDocs'> = {},
): Promise<ApiDocHit[]> {
  if (request.query.trim().length === 0)
    throw new GuardError('INPUT_INVALID', 'the search query is empty', { hint: 'pass the words to look for' });
  if (!Number.isInteger(request.topK) || request.topK < 1)
    throw new GuardError('INPUT_INVALID', `topK must be a positive integer, got ${request.topK}`);
  const { store, release } = await openApiIndexForReading(resolveApiIndexPath(options), options.apiDocs);
  try {
    return searchStore(store, request);
  } finally {
    release();
  }
}

function searchStore(store: ApiIndexStore, request: SearchApiDocsRequest): ApiDocHit[] {
  const query = formulateQuery({ intent: request.query });
  // Identifier-looking tokens in the query also count as the called name.
  const identifiers = request.query.split(/\s+/).filter((token) => /[a-z][A-Z]|_/.test(token) || /^\w+\(/.test(token));
  const withName = identifiers.length > 0 ? { ...query, nameWords: formulateQuery({ member: identifiers.join('_') }).nameWords } : query;
  const hits = retrieveApis(store, withName, {
    topK: request.topK,
    ...(request.library === undefined ? {} : { library: request.library }),
  });
  return hits.map(toDocEntry);
}
