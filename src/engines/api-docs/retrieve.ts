/**
 * Retrieval: candidates from the catalog — every API of the receiver's service or class when it is
 * known, bm25 over the names for the call's content words, bm25 over names, descriptions and
 * parameters for the intent — re-ranked by rank.ts, top k. Verb synonyms are left to the re-ranker:
 * as search terms they would match a large part of any index.
 */
import type { ApiCatalog } from './catalog.js';
import { toFtsQuery, type ApiQuery } from './query.js';
import { rankCandidates } from './rank.js';
import { numberVariants, verbSynonyms } from './synonyms.js';
import type { ApiHit } from './types.js';

/** How many bm25 candidates each search contributes. */
export const CANDIDATE_POOL = 60;

/** The `topK` APIs best matching `query`, in `library` when given. */
export function retrieveApis(catalog: ApiCatalog, query: ApiQuery, options: { library?: string; topK: number }): ApiHit[] {
  const pool = new Map<string, ApiHit>();
  const add = (hits: readonly ApiHit[]): void => {
    // bm25 scores of different searches are not comparable: each is scaled to its own best.
    const best = Math.max(1e-9, ...hits.map((hit) => hit.score));
    for (const hit of hits) {
      const scaled = { ...hit, score: Math.max(0, hit.score) / best };
      const known = pool.get(hit.id);
      if (!known || known.score < scaled.score) pool.set(hit.id, scaled);
    }
  };
  const library = options.library;
  const scope = library === undefined ? {} : { library };
  const scoped = query.owner !== undefined && library !== undefined && catalog.hasOwner(query.owner, library);
  if (scoped) add(catalog.ownerRecords(query.owner!, library!));
  const nameTerms = contentTerms(query.nameWords);
  if (nameTerms.length > 0) add(catalog.search(`names : (${toFtsQuery(nameTerms)})`, { limit: CANDIDATE_POOL, ...scope }));
  // With the receiver's own APIs in the pool the intent only re-ranks; without them it also searches.
  const intentTerms = [...new Set(query.intentWords.flatMap((word) => [word, ...numberVariants(word)]))];
  if (intentTerms.length > 0 && !scoped) add(catalog.search(toFtsQuery(intentTerms), { limit: CANDIDATE_POOL, ...scope }));
  if (pool.size === 0 && query.argWords.length > 0) add(catalog.search(`params : (${toFtsQuery(query.argWords)})`, { limit: CANDIDATE_POOL, ...scope }));
  // Overloads share a name: the best-ranked one stands for them.
  const seen = new Set<string>();
  return rankCandidates(query, [...pool.values()])
    .filter((hit) => !seen.has(hit.name) && seen.add(hit.name))
    .slice(0, options.topK);
}

/**
 * The words of a called name worth searching: all but a leading verb the synonym table knows (the
 * re-ranker handles swapped verbs), each with its plural variant; the verb and its synonyms when
 * the name is nothing but a verb.
 */
function contentTerms(nameWords: readonly string[]): string[] {
  const [first, ...rest] = nameWords;
  if (first === undefined) return [];
  const leadingVerb = verbSynonyms(first).length > 0;
  const words = leadingVerb && rest.length > 0 ? rest : nameWords;
  const terms = new Set<string>();
  for (const word of words) {
    terms.add(word);
    for (const variant of numberVariants(word)) terms.add(variant);
  }
  if (leadingVerb && rest.length === 0) for (const verb of verbSynonyms(first)) terms.add(verb);
  return [...terms];
}
