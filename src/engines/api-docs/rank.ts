/**
 * Re-ranks bm25 candidates for the call that was meant: name-word agreement (with swapped verbs
 * and plural slips counted as near matches), the receiver's service or class, argument names the
 * API takes, and the intent text, on top of the normalised bm25 score.
 */
import { splitIdentifier, textWords } from './identifiers.js';
import type { ApiQuery } from './query.js';
import { numberVariants, verbSynonyms } from './synonyms.js';
import type { ApiHit } from './types.js';

const WEIGHTS = { name: 4, owner: 2, args: 1.5, intent: 2, bm25: 1 } as const;

/** Candidates (whose `score` is a bm25 share in 0..1) sorted by the combined score (written into `score`), best first; ties keep input order. */
export function rankCandidates(query: ApiQuery, candidates: readonly ApiHit[]): ApiHit[] {
  if (candidates.length === 0) return [];
  const queryWords = query.nameWords.map(toQueryWord);
  const scored = candidates.map((candidate, order) => {
    const words = wordsOf(candidate);
    const name = queryWords.length > 0 ? softDice(queryWords, words.member) : 0;
    const owner = query.ownerWords.length > 0 ? ownerAgreement(query, candidate.owner, words.owner) : 0;
    const args = query.argWords.length > 0 ? query.argWords.filter((w) => words.params.has(w)).length / query.argWords.length : 0;
    const intent = query.intentWords.length > 0 ? intentAgreement(query.intentWords, words) : 0;
    const score =
      WEIGHTS.name * name + WEIGHTS.owner * owner + WEIGHTS.args * args + WEIGHTS.intent * intent + WEIGHTS.bm25 * Math.min(1, Math.max(0, candidate.score));
    return { candidate: { ...candidate, score: round(score) }, order, score };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((entry) => entry.candidate);
}

/** What a query word matches besides itself: its plural slip (0.85) and swapped verbs (0.6). */
interface QueryWord {
  word: string;
  variants: ReadonlySet<string>;
  synonyms: ReadonlySet<string>;
}

function toQueryWord(word: string): QueryWord {
  return { word, variants: new Set(numberVariants(word)), synonyms: new Set(verbSynonyms(word)) };
}

/** How well one query word matches a name word: 1 same, 0.85 plural slip, 0.6 swapped verb, 0.5 shared stem. */
function wordMatch(query: QueryWord, word: string): number {
  if (query.word === word) return 1;
  if (query.variants.has(word)) return 0.85;
  if (query.synonyms.has(word)) return 0.6;
  if (query.word.length >= 4 && word.length >= 4 && (query.word.startsWith(word) || word.startsWith(query.word))) return 0.5;
  return 0;
}

/** Version tokens (`v2`, `2`) weigh little: `list_objects` and `list_objects_v2` are nearly the same name. */
function wordWeight(word: string): number {
  return /^v?\d+$/.test(word) ? 0.25 : 1;
}

/** A Dice coefficient where each query word takes its best partial match among unused name words. */
function softDice(queryWords: readonly QueryWord[], nameWords: readonly string[]): number {
  const used = new Set<number>();
  let matched = 0;
  for (const queryWord of queryWords) {
    let best = 0;
    let bestIndex = -1;
    nameWords.forEach((word, index) => {
      if (used.has(index)) return;
      const value = wordMatch(queryWord, word) * Math.min(wordWeight(queryWord.word), wordWeight(word));
      if (value > best) {
        best = value;
        bestIndex = index;
      }
    });
    if (bestIndex >= 0) used.add(bestIndex);
    matched += best;
  }
  const size = (words: readonly string[]): number => words.reduce((sum, word) => sum + wordWeight(word), 0);
  // The same first word (usually the verb) counts a little extra.
  const sameFirst = queryWords.length > 0 && queryWords[0]!.word === nameWords[0] ? 0.15 : 0;
  return (2 * matched) / (size(queryWords.map((q) => q.word)) + size(nameWords)) + sameFirst;
}

/** 1 for the same service or class, 0.75 for a module inside the called module (`requests` → `requests.api`), else shared words. */
function ownerAgreement(query: ApiQuery, owner: string, ownerWords: readonly string[]): number {
  if (query.owner !== undefined && (owner === query.owner || owner.startsWith(`${query.owner}.`))) return owner === query.owner ? 1 : 0.75;
  if (query.ownerWords.join(' ') === ownerWords.join(' ')) return 1;
  const shared = query.ownerWords.filter((w) => ownerWords.includes(w)).length;
  return shared / Math.max(query.ownerWords.length, ownerWords.length) / 2;
}

interface CandidateWords {
  member: string[];
  owner: string[];
  params: Set<string>;
  description: Set<string>;
}

// Word splits per stored API, reused across queries (the same service's APIs are ranked again and again).
const WORDS = new Map<string, CandidateWords>();
const MAX_CACHED = 100_000;

function wordsOf(hit: ApiHit): CandidateWords {
  const key = `${hit.id}\u0000${hit.name}\u0000${hit.description.length}\u0000${hit.params.length}`;
  let words = WORDS.get(key);
  if (!words) {
    words = {
      member: splitIdentifier(hit.member),
      owner: splitIdentifier(hit.owner),
      params: new Set(hit.params.flatMap((p) => splitIdentifier(p.name))),
      description: new Set(textWords(hit.description)),
    };
    if (WORDS.size >= MAX_CACHED) WORDS.clear();
    WORDS.set(key, words);
  }
  return words;
}

function intentAgreement(intentWords: readonly string[], words: CandidateWords): number {
  const nameWords = new Set(words.member);
  let total = 0;
  const intentSet = new Set<string>();
  for (const word of intentWords) {
    const variants = [word, ...numberVariants(word)];
    for (const v of variants) intentSet.add(v);
    if (variants.some((v) => nameWords.has(v))) total += 1;
    else if (variants.some((v) => words.description.has(v) || words.params.has(v))) total += 0.5;
  }
  // How much of the API's name the intent explains: long names with unexplained words rank lower.
  const coverage = words.member.length > 0 ? words.member.filter((w) => intentSet.has(w)).length / words.member.length : 0;
  return 0.6 * (total / intentWords.length) + 0.4 * coverage;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
