/**
 * Re-ranks candidates for the call that was meant, from evidence that does not depend on the
 * library: the called name (words matched as a model means them, and by characters), the
 * argument names the API takes and requires, the string values passed, the intent text (weighted by how rare each word is
 * among the candidates, matched against names and documentation), the receiver, and bm25.
 */
import { splitIdentifier, textWords } from './identifiers.js';
import { passedParams } from './param-list.js';
import type { ApiQuery } from './query.js';
import { numberVariants, verbSynonyms } from './synonyms.js';
import type { ApiHit } from './types.js';
import { NO_MEANING, toQueryWord, wordMatch, type QueryWord, type WordMeaning } from './word-match.js';

/** Weights of the evidence, tuned on the benchmark's tune services only. */
export const WEIGHTS: Weights = {
  characters: 0,
  name: 4,
  nameWithIntent: 2,
  args: 3.5,
  shape: 2,
  values: 1.5,
  intent: 5,
  nameInDoc: 0.75,
  owner: 5,
  bm25: 0.5,
  confidentName: 0.8,
};

/** What an internal name (leading underscore) loses: less than any real evidence, more than a tie. */
const INTERNAL_PENALTY = 0.25;
/** What a special method (`__call__`, `__enter__`) loses against a plain name: the language reaches it by syntax, never by that name. */
const SPECIAL_PENALTY = 2;

export interface Weights {
  /** How much a match of the called name by characters (bigrams of the squashed names) counts beside one by words. */
  characters: number;
  /** The called name, when no intent is given. */
  name: number;
  /** The called name beside an intent: a name known not to exist says less than what the caller wants. */
  nameWithIntent: number;
  args: number;
  /** Whether the call's positional argument count fits the API (between its required and its total positional parameters). */
  shape: number;
  /** Words of the string literals passed, found in the API's name or documentation. */
  values: number;
  intent: number;
  nameInDoc: number;
  owner: number;
  bm25: number;
  /**
   * Beside an intent, a called name that some candidate matches at least this well (a slip of a
   * real name: a plural, a case swap, an added word) keeps the weight it has without an intent.
   */
  confidentName: number;
}

export interface RankOptions {
  meaning?: WordMeaning;
  /** Overrides of the weights (benchmark tuning). */
  weights?: Partial<Weights>;
  /** Ids of the records an instance of the receiver's class reaches (its bases' members included): all agree with the owner. */
  surface?: ReadonlySet<string>;
}

/** Candidates (whose `score` is a bm25 share in 0..1) sorted by the combined score (written into `score`), best first; ties keep input order. */
export function rankCandidates(query: ApiQuery, candidates: readonly ApiHit[], options: RankOptions = {}): ApiHit[] {
  if (candidates.length === 0) return [];
  const meaning = options.meaning ?? NO_MEANING;
  const weights = { ...WEIGHTS, ...options.weights };
  const nameWeight = query.intentWords.length > 0 ? weights.nameWithIntent : weights.name;
  const queryWords = query.nameWords.map(toQueryWord);
  const words = candidates.map(wordsOf);
  const intent = query.intentWords.length > 0 ? intentTerms(query.intentWords, words) : [];
  const values = query.valueWords.length > 0 ? intentTerms(query.valueWords, words) : [];
  const nameTerms = queryWords.filter((q) => !q.isVerb && !/^v?\d+$/.test(q.word));
  const joined = query.member === undefined ? '' : squash(query.member);
  const keywords = new Set(query.keywords);
  const lowerKeywords = new Set(query.keywords.map((k) => k.toLowerCase()));
  const names = candidates.map((candidate, order) => {
    const squashed = squash(candidate.member);
    return queryWords.length === 0
      ? 0
      : joined.length > 0 && squashed === joined
        ? 1.3
        : Math.max(softDice(queryWords, words[order]!.member, meaning), weights.characters * characterDice(joined, squashed));
  });
  const nameFactor = Math.max(...names) >= weights.confidentName ? weights.name : nameWeight;
  const scored = candidates.map((candidate, order) => {
    const w = words[order]!;
    const name = names[order]!;
    const args = keywords.size > 0 ? argumentFit(keywords, lowerKeywords, candidate) : 0;
    const shape = query.positional === undefined ? 0 : arityFit(query.positional, keywords, candidate);
    const intentScore = intent.length > 0 ? intentAgreement(intent, w, meaning, query.intentSequence ?? []) : 0;
    // Values are weak evidence, matched by form only (they are mostly names and identifiers).
    const valueScore = values.length > 0 ? intentAgreement(values, w, NO_MEANING, []) : 0;
    const nameInDoc =
      nameTerms.length > 0
        ? nameTerms.filter((q) => w.description.has(q.word) || [...q.variants].some((v) => w.description.has(v))).length / nameTerms.length
        : 0;
    const owner =
      options.surface?.has(candidate.id) === true ? 1 : query.ownerWords.length > 0 ? ownerAgreement(query, candidate.owner, w.owner) : 0;
    const score =
      nameFactor * name +
      weights.args * args +
      weights.shape * shape +
      weights.intent * intentScore +
      weights.values * valueScore +
      weights.nameInDoc * nameInDoc +
      weights.owner * owner +
      weights.bm25 * Math.min(1, Math.max(0, candidate.score)) -
      // A leading underscore marks an internal name (`_function` beside `function`): on like evidence the public one comes first.
      (candidate.member.startsWith('_') && !query.member?.startsWith('_') ? INTERNAL_PENALTY : 0) -
      (isSpecial(candidate.member) && !isSpecial(query.member ?? '') ? SPECIAL_PENALTY : 0);
    return { candidate: { ...candidate, score: round(score) }, order, score };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((entry) => entry.candidate);
}

/** Lower-case letters and digits only: `listQueries`, `list_queries` and `ListQueries` squash alike. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Dice coefficient of the character bigrams of two squashed names (`modeldumpjson` ~ `modeldumpjsn`). */
function characterDice(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const gram = a.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const gram = b.slice(i, i + 2);
    const left = grams.get(gram) ?? 0;
    if (left > 0) {
      shared++;
      grams.set(gram, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

/** Version tokens (`v2`, `2`) weigh little: `list_objects` and `list_objects_v2` are nearly the same name. */
function wordWeight(word: string): number {
  return /^v?\d+$/.test(word) ? 0.25 : 1;
}

/** A Dice coefficient where each query word takes its best partial match among unused name words. */
function softDice(queryWords: readonly QueryWord[], nameWords: readonly string[], meaning: WordMeaning): number {
  const used = new Set<number>();
  let matched = 0;
  for (const queryWord of queryWords) {
    let best = 0;
    let bestIndex = -1;
    nameWords.forEach((word, index) => {
      if (used.has(index)) return;
      const value = wordMatch(queryWord, word, meaning) * Math.min(wordWeight(queryWord.word), wordWeight(word));
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

/**
 * How well the call's argument names fit the API: the share of them it accepts (a case slip
 * counts 0.8), scaled by the share of its required arguments the call passes.
 */
function argumentFit(keywords: ReadonlySet<string>, lowerKeywords: ReadonlySet<string>, candidate: ApiHit): number {
  let accepted = 0;
  const names = new Set<string>();
  const lower = new Set<string>();
  for (const param of candidate.params) {
    names.add(param.name);
    lower.add(param.name.toLowerCase());
    // The properties of an options object count as argument names (`{ indent: 2 }`).
    for (const field of param.fields ?? []) {
      names.add(field.name);
      lower.add(field.name.toLowerCase());
    }
  }
  for (const keyword of keywords) accepted += names.has(keyword) ? 1 : lower.has(keyword.toLowerCase()) ? 0.8 : 0;
  const required = passedParams(candidate).filter((p) => p.required && p.kind !== 'var_positional' && p.kind !== 'var_keyword');
  const covered = required.length === 0 ? 1 : required.filter((p) => lowerKeywords.has(p.name.toLowerCase())).length / required.length;
  return (accepted / keywords.size) * (0.5 + 0.5 * covered);
}

/**
 * 1 when `positional` arguments (beside the keywords) fit the API's positional parameters: at least
 * its required ones not passed by keyword, at most all of them (any number with `*args`); 0.4 one off; else 0.
 */
function arityFit(positional: number, keywords: ReadonlySet<string>, candidate: ApiHit): number {
  const params = passedParams(candidate);
  const slots = params.filter((p) => p.kind === 'positional' || p.kind === 'normal');
  const required = slots.filter((p) => p.required && !keywords.has(p.name)).length;
  const most = params.some((p) => p.kind === 'var_positional') ? Number.POSITIVE_INFINITY : slots.length;
  if (positional >= required && positional <= most) return 1;
  return Math.min(Math.abs(positional - required), Math.abs(positional - most)) === 1 ? 0.4 : 0;
}

/** 1 for the same service or class, 0.75 for a module inside the called module (`requests` → `requests.api`), else shared words. */
function ownerAgreement(query: ApiQuery, owner: string, ownerWords: readonly string[]): number {
  if (query.owner !== undefined) {
    if (owner === query.owner || owner.endsWith(`.${query.owner}`)) return 1;
    if (owner.startsWith(`${query.owner}.`)) return 0.75;
  }
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

interface IntentTerm {
  query: QueryWord;
  forms: readonly string[];
  /** Inverse document frequency among the candidates: words every candidate has tell nothing apart. */
  weight: number;
}

function intentTerms(intentWords: readonly string[], words: readonly CandidateWords[]): IntentTerm[] {
  const n = words.length;
  return intentWords.map((word) => {
    const forms = [word, ...numberVariants(word)];
    let df = 0;
    for (const w of words) if (forms.some((f) => w.description.has(f) || w.params.has(f) || w.member.includes(f))) df++;
    return { query: toQueryWord(word), forms, weight: Math.log(1 + (n + 1) / (df + 0.5)) };
  });
}

/**
 * The intent's rare words found in the API's name (as a model means them) or its documentation,
 * and how much of the API's name the intent's rare words explain (long names with unexplained words rank lower).
 */
function intentAgreement(terms: readonly IntentTerm[], words: CandidateWords, meaning: WordMeaning, sequence: readonly string[]): number {
  const explained = new Array<number>(words.member.length).fill(0);
  const rarest = Math.max(1e-9, ...terms.map((term) => term.weight));
  const bests = terms.map((term) => {
    let best = 0;
    // A name word explained by a word most candidates share (the library's own name: `attrs` for `attr.attrs`)
    // is explained as much as that word is rare: the intent's rarest word explains fully.
    const rarity = term.weight / rarest;
    words.member.forEach((word, i) => {
      const value = wordMatch(term.query, word, meaning);
      if (value * rarity > explained[i]!) explained[i] = value * rarity;
      if (value > best) best = value;
    });
    if (best < 0.7) {
      if (term.forms.some((f) => words.description.has(f) || words.params.has(f))) best = Math.max(best, 0.7);
      else if ([...term.query.synonyms].some((s) => words.description.has(s))) best = Math.max(best, 0.45);
    }
    return best;
  });
  // A name word spelled by the initials of consecutive intent words (`pdf`: probability density function) explains them.
  words.member.forEach((word, i) => {
    const spelled = acronymWords(word, sequence);
    if (spelled.length === 0) return;
    explained[i] = 1;
    terms.forEach((term, j) => {
      if (spelled.includes(term.query.word)) bests[j] = 1;
    });
  });
  let total = 0;
  let weights = 0;
  terms.forEach((term, j) => {
    total += term.weight * bests[j]!;
    weights += term.weight;
  });
  const memberWeights = words.member.map(wordWeightOf);
  const size = memberWeights.reduce((a, b) => a + b, 0);
  const coverage = size === 0 ? 0 : explained.reduce((sum, value, i) => sum + value * memberWeights[i]!, 0) / size;
  return 0.6 * (weights === 0 ? 0 : total / weights) + 0.4 * coverage;
}

/**
 * The intent words that spell a name word in pieces, each piece a word of the intent (three letters or
 * more) or the first letters of consecutive intent words: `pdf` (probability density function), `logpdf`
 * (log … probability density function). Two pieces at least, or initials alone of 3 to 5 letters that are
 * not a verb. [] when none do.
 */
function acronymWords(word: string, sequence: readonly string[]): string[] {
  if (word.length < 3 || word.length > 16 || !/^[a-z]+$/.test(word)) return [];
  // A long intent is read from its start; a place in the name already failed from fails again (the search stays small).
  const words = sequence.filter((w) => w.length > 1).slice(0, 48);
  const failed = new Set<string>();
  const spell = (offset: number, pieces: number, used: readonly string[]): string[] | undefined => {
    if (offset === word.length)
      return pieces >= 2 || (used.length >= 3 && word.length <= 5 && verbSynonyms(word).length === 0) ? [...used] : undefined;
    if (pieces >= 4 || failed.has(`${offset}:${pieces}`)) return undefined;
    for (const whole of words) {
      if (whole.length < 3 || !word.startsWith(whole, offset)) continue;
      const found = spell(offset + whole.length, pieces + 1, [...used, whole]);
      if (found) return found;
    }
    for (let at = 0; at < words.length; at++) {
      let k = 0;
      while (at + k < words.length && word[offset + k] === words[at + k]![0]) k++;
      for (let n = k; n >= 2; n--) {
        const found = spell(offset + n, pieces + 1, [...used, ...words.slice(at, at + n)]);
        if (found) return found;
      }
    }
    // Whether the rest can be spelled does not depend on the words used so far, except for a lone piece of initials.
    if (pieces > 0) failed.add(`${offset}:${pieces}`);
    return undefined;
  };
  return spell(0, 0, []) ?? [];
}

function wordWeightOf(word: string): number {
  return /^v?\d+$/.test(word) ? 0.25 : verbSynonyms(word).length > 0 ? 0.75 : 1;
}

function isSpecial(member: string): boolean {
  return /^__\w+__$/.test(member);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
