/**
 * Coverage of a sub-request by an API: each content term of the request is weighted (rare words
 * and library jargon weigh more, words found in every retrieved API less: a bm25-style idf from
 * the vocabulary's frequency ranks and the retrieved set) and matched against the API's name,
 * parameters and description (same stem 1, near spelling, else embedding cosine); coverage is the
 * weighted share matched. Cost: O(request terms × API terms) per API.
 */
import { editDistance } from '../../shared/edit-distance.js';
import { verbSynonyms } from '../api-docs/index.js';
import type { Calibration } from './calibration.js';
import { distinctTerms, extractTerms, splitIdentifier, stemWord, type Term } from './tokenize.js';
import type { ApiUnit } from './types.js';
import { cosine, type WordVectors } from './word-vectors.js';

export interface IndexedApi {
  unit: ApiUnit;
  /** Stems present anywhere in the API. */
  stems: Set<string>;
  /** Distinct surface words, with their vectors when the table has them. */
  words: Array<{ word: string; vector: Float32Array | undefined }>;
  /** What the API does, by its own account: its name's parts and the first word of its description. */
  action: IndexedApi['words'];
  /** Stems of the name's parts. */
  nameStems: Set<string>;
  /** Stems of the parameter names and of the annotated parameter and return types. */
  signatureStems: Set<string>;
  /** Stems of the parts of the name's last segment (`most_common` of `Counter.most_common`): what the API is, word by word. */
  headStems: string[];
  /** The same parts as words (`most`, `common`). */
  headWords: string[];
}

export interface WeightedTerm extends Term {
  weight: number;
}

export interface CoverageResult {
  /** Index of the best API in the list given. */
  best: number;
  score: number;
  /** Match (0..1) of each term against the best API. */
  matches: number[];
  terms: WeightedTerm[];
}

/** Indexes an API unit for matching: name, parameter names and description terms. */
export function indexApi(unit: ApiUnit, vectors: WordVectors): IndexedApi {
  const signatureTerms = [...unit.params.flatMap((p) => extractTerms(p)), ...(unit.types ?? []).flatMap((t) => extractTerms(t))];
  const terms = [...extractTerms(unit.name), ...signatureTerms, ...extractTerms(unit.description)];
  const stems = new Set(terms.map((t) => t.stem));
  const seen = new Set<string>();
  const words: IndexedApi['words'] = [];
  for (const term of terms) {
    if (seen.has(term.word)) continue;
    seen.add(term.word);
    words.push({ word: term.word, vector: vectors.vector(term.word) });
  }
  const nameTerms = extractTerms(unit.name);
  const firstWord = extractTerms(unit.description.split(/[\s,.;:]+/).find((w) => /^[A-Za-z]/.test(w)) ?? '');
  const action = [...nameTerms, ...firstWord].map((t) => ({ word: t.word, vector: vectors.vector(t.word) }));
  const segment =
    unit.name
      .split('.')
      .filter((p) => /[A-Za-z]/.test(p))
      .pop() ?? unit.name;
  const headParts = [...new Set(splitIdentifier(segment).filter((p) => p.length > 1 && !/^\d+$/.test(p)))];
  const headStems = [...new Set(headParts.map((p) => stemWord(p)))];
  return {
    unit,
    stems,
    words,
    action,
    headStems,
    headWords: headParts,
    nameStems: new Set(nameTerms.map((t) => t.stem)),
    signatureStems: new Set(signatureTerms.map((t) => t.stem)),
  };
}

/** The request's distinct content terms with their weights (see Calibration for the parts). */
export function weighTerms(text: string, apis: IndexedApi[], vectors: WordVectors, calibration: Calibration): WeightedTerm[] {
  const fromIdentifiers = identifierWords(text);
  const weighed = distinctTerms(extractTerms(text)).map((term) => {
    const rank = vectors.rank(term.word);
    const base =
      rank === undefined ? calibration.oovWeight : Math.min(1, Math.max(0.05, Math.log(rank + 2) / Math.log(calibration.fullWeightRank)));
    const shared = apis.length > 1 ? apis.filter((api) => api.stems.has(term.stem)).length / apis.length : 0;
    const identifier = fromIdentifiers.has(term.word) && !apis.some((api) => api.stems.has(term.stem)) ? calibration.identifierFactor : 1;
    return { term, plain: base * identifier, weight: base * identifier * (1 - calibration.sharedTermDiscount * shared) };
  });
  // Every term in every API (a full discount leaves nothing): none tells the APIs apart, so all of them count.
  const discounted = weighed.some((w) => w.weight > 0);
  return weighed.map((w) => ({ ...w.term, weight: discounted ? w.weight : w.plain }));
}

/** The evidence one API gives for one sub-request, before any calibrated weighting. */
export interface ApiEvidence {
  /** Weighted share of the request's terms the API accounts for, 0..1. */
  coverage: number;
  /** How well the request's first content word (its action) matches the API's name or first description word, 0..1. */
  action: number;
  /** 1 when a request term names the API (same stem as a part of its name). */
  named: number;
  /** Weighted share of the request's terms matched (same stem) by parameter names or annotated types, 0..1. */
  signature: number;
  /** Share of the parts of the API's name that the request's words account for (same stem, near spelling or a verb synonym): an API whose name says more than was asked is likely a look-alike. */
  nameShare: number;
  /** Match (0..1) of each term. */
  matches: number[];
}

/** Evidence of `api` for the weighted terms. O(terms × API words × dimensions). */
export function apiEvidence(terms: WeightedTerm[], api: IndexedApi, vectors: WordVectors, calibration: Calibration): ApiEvidence {
  const total = terms.reduce((sum, t) => sum + t.weight, 0);
  const matches = terms.map((term) => matchTerm(term, api, vectors, calibration));
  if (total === 0) return { coverage: 0, action: 0, named: 0, signature: 0, nameShare: 0, matches };
  const coverage = terms.reduce((sum, t, i) => sum + t.weight * matches[i]!, 0) / total;
  // The request's first content word is usually its action ("clone", "repeat", "read"): credit the API whose name or own first word says it.
  const lead = terms[0];
  const action = lead
    ? Math.max(
        matchTerm(lead, { ...api, stems: new Set(api.action.map((w) => stemWord(w.word))), words: api.action }, vectors, calibration),
        synonymMatch(lead, api.action, calibration),
      )
    : 0;
  const named = terms.some((t) => api.nameStems.has(t.stem)) ? 1 : 0;
  const signature = terms.reduce((sum, t) => sum + (api.signatureStems.has(t.stem) ? t.weight : 0), 0) / total;
  const nameShare =
    api.headStems.length === 0
      ? 0
      : api.headStems.filter((stem) =>
          terms.some((t) => t.stem === stem || isNearSpelling(t.stem, stem) || verbSynonyms(t.word).some((v) => stemWord(v) === stem)),
        ).length / api.headStems.length;
  return { coverage, action, named, signature, nameShare, matches };
}

/** An API's score for a sub-request: coverage plus the calibrated credit for action, name and signature evidence, at most 1. */
export function apiScore(evidence: ApiEvidence, calibration: Calibration): number {
  return Math.min(
    1,
    evidence.coverage +
      calibration.actionBonus * evidence.action +
      calibration.nameBonus * evidence.named +
      calibration.signatureBonus * evidence.signature +
      calibration.nameShareBonus * evidence.nameShare,
  );
}

/** Scores the sub-request against every API and keeps the best. O(APIs × terms × API words × dimensions). */
export function scoreCoverage(terms: WeightedTerm[], apis: IndexedApi[], vectors: WordVectors, calibration: Calibration): CoverageResult {
  let best: CoverageResult = { best: -1, score: 0, matches: terms.map(() => 0), terms };
  apis.forEach((api, index) => {
    const evidence = apiEvidence(terms, api, vectors, calibration);
    const score = apiScore(evidence, calibration);
    if (best.best < 0 || score > best.score) best = { best: index, score, matches: evidence.matches, terms };
  });
  return best;
}

/** How well one API accounts for one term, 0..1. */
export function matchTerm(term: Term, api: IndexedApi, vectors: WordVectors, calibration: Calibration): number {
  if (api.stems.has(term.stem)) return 1;
  let match = 0;
  // A short part of the API's name that begins the word is the word abbreviated, as identifiers do (`sub` for substitute, `dir` for directory).
  for (const part of api.headWords)
    if (part.length >= 3 && part.length <= 4 && term.word.length >= part.length + 3 && term.word.startsWith(part))
      match = calibration.fuzzyMatch;
  const vector = vectors.vector(term.word);
  for (const { word, vector: other } of api.words) {
    // Two words the vocabulary knows are two words ("matches" / "watches"), not a typo: only a shared stem-like prefix counts then.
    if (match < calibration.fuzzyMatch && isNearSpelling(term.word, word, vector !== undefined && other !== undefined))
      match = calibration.fuzzyMatch;
    if (vector && other) {
      const cos = cosine(vector, other);
      if (cos > calibration.semanticLow) {
        const credit =
          calibration.semanticMax * Math.min(1, (cos - calibration.semanticLow) / (calibration.semanticHigh - calibration.semanticLow));
        if (credit > match) match = credit;
      }
    }
  }
  return match;
}

/** `synonymMatch` when the term is a verb the API's action words name by a synonym (`fetch` for `get`, `remove` for `delete`), else 0. */
export function synonymMatch(term: Term, action: IndexedApi['words'], calibration: Calibration): number {
  if (calibration.synonymMatch <= 0) return 0;
  const synonyms = verbSynonyms(term.word);
  return action.some((w) => synonyms.includes(w.word)) ? calibration.synonymMatch : 0;
}

/**
 * One edit apart (two for long words), or sharing a prefix of five or more letters. With `bothKnown` (both are
 * words of the vocabulary, so neither is a typo) only the shared prefix counts.
 */
export function isNearSpelling(a: string, b: string, bothKnown = false): boolean {
  const shorter = Math.min(a.length, b.length);
  if (
    shorter >= 5 &&
    a.slice(0, 5) === b.slice(0, 5) &&
    (a.startsWith(b) || b.startsWith(a) || (shorter >= 6 && a.slice(0, 6) === b.slice(0, 6)))
  )
    return true;
  if (bothKnown || shorter < 4 || Math.abs(a.length - b.length) > 2) return false;
  return editDistance(a, b) <= (shorter >= 8 ? 2 : 1);
}

/**
 * Lower-cased parts of identifiers the user wrote (snake_case, camelCase, with digits) and of quoted or
 * back-ticked values (`my_list`, 'aas30dsa20', "10MB"): likely variable names and literals, not needs.
 */
function identifierWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const quoted of text.matchAll(/`([^`]{1,80})`|(?<![A-Za-z])'([^']{1,80})'(?![A-Za-z])|"([^"]{1,80})"/g)) {
    for (const word of (quoted[1] ?? quoted[2] ?? quoted[3] ?? '').matchAll(/[A-Za-z][A-Za-z0-9_]*/g))
      for (const part of splitIdentifier(word[0])) words.add(part);
  }
  for (const match of text.matchAll(/[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]*)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+\d+[A-Za-z0-9]*/g)) {
    const parts = splitIdentifier(match[0]);
    for (const part of parts) words.add(part);
    words.add(parts.join(''));
  }
  return words;
}
