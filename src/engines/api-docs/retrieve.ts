/**
 * Retrieval, scoped to the receiver: when the call goes through a known client (a boto3 service)
 * the candidates are that client's APIs and nothing else — a same-named API of another service is
 * a hint for the checker's message, never the answer; for an instance of a class the interpreter
 * described, every member its MRO reaches is the receiver's; for a known class or module its APIs are
 * all candidates and are preferred, with bm25 over names (and over the intent) adding others
 * (inherited methods, re-exports). Without a receiver: bm25 over names and the intent. rank.ts
 * orders the pool; the top k are returned.
 */
import type { ApiCatalog } from './catalog.js';
import { toFtsQuery, type ApiQuery } from './query.js';
import { rankCandidates, type Weights } from './rank.js';
import { instanceClass } from './receiver-chain.js';
import { instanceSurface } from './receiver-types.js';
import { numberVariants, verbSynonyms } from './synonyms.js';
import type { ApiHit } from './types.js';
import type { WordMeaning } from './word-match.js';

/** How many bm25 candidates each search contributes. */
export const CANDIDATE_POOL = 60;

export interface RetrieveOptions {
  library?: string;
  topK: number;
  /** Word similarity in meaning (word vectors); words match by form only without it. */
  meaning?: WordMeaning;
  /** Overrides of the ranking weights (benchmark tuning). */
  weights?: Partial<Weights>;
}

/** The `topK` APIs best matching `query`, in `library` when given. */
export function retrieveApis(catalog: ApiCatalog, asked: ApiQuery, options: RetrieveOptions): ApiHit[] {
  // An instance of `default` (`new X()` after `import X from 'lib'`) is one of the class the package exports as its default.
  const cls = asked.owner === 'default' && options.library !== undefined ? instanceClass('default', options.library, catalog) : undefined;
  const query = cls === undefined ? asked : { ...asked, owner: cls };
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
  if (scoped) add(catalog.ownerRecords(query.owner!, library));
  // An instance reaches its bases' members too: each is as much the receiver's API as its class's own. bm25 still adds
  // others: what the interpreter listed may miss a member the source or a stub declares.
  const surface = scoped && query.ownerKind === 'instance' ? instanceSurface(query.owner!, library, catalog) : undefined;
  if (surface) add(surface);
  if (!(scoped && query.ownerKind === 'client')) {
    const nameTerms = contentTerms(query.nameWords);
    if (nameTerms.length > 0) add(catalog.search(`names : (${toFtsQuery(nameTerms)})`, { limit: CANDIDATE_POOL, ...scope }));
    // With the receiver's own APIs in the pool the intent only re-ranks; without them it also searches.
    const intentTerms = [...new Set(query.intentWords.flatMap((word) => [word, ...numberVariants(word)]))];
    if (intentTerms.length > 0 && !scoped) add(catalog.search(toFtsQuery(intentTerms), { limit: CANDIDATE_POOL, ...scope }));
    if (pool.size === 0 && query.argWords.length > 0)
      add(catalog.search(`params : (${toFtsQuery(query.argWords)})`, { limit: CANDIDATE_POOL, ...scope }));
  }
  // Overloads share a name, and a re-export names the object it reaches (`click.DateTime` is `click.types.DateTime`):
  // the best-ranked record of one object stands for the others.
  const seen = new Set<string>();
  const fresh = (hit: ApiHit): boolean => {
    const names = [hit.name, ...(hit.aliases ?? [])];
    if (names.some((name) => seen.has(name))) return false;
    for (const name of names) seen.add(name);
    return true;
  };
  return rankCandidates(query, [...pool.values()], {
    ...(surface === undefined ? {} : { surface: new Set(surface.map((hit) => hit.id)) }),
    ...(options.meaning === undefined ? {} : { meaning: options.meaning }),
    ...(options.weights === undefined ? {} : { weights: options.weights }),
  })
    .filter(fresh)
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
