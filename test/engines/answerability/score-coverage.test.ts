import { describe, expect, it } from 'vitest';

import {
  DEFAULT_CALIBRATION,
  encodeWordVectors,
  decodeWordVectors,
  NO_WORD_VECTORS,
  parseApiUnit,
} from '../../../src/engines/answerability/index.js';
import {
  apiEvidence,
  indexApi,
  isNearSpelling,
  matchTerm,
  scoreCoverage,
  weighTerms,
} from '../../../src/engines/answerability/score-coverage.js';
import { stemWord } from '../../../src/engines/answerability/tokenize.js';

const vectors = decodeWordVectors(
  encodeWordVectors(
    [
      { word: 'clone', rank: 5000, vector: [1, 0, 0] },
      { word: 'copies', rank: 3000, vector: [0.97, 0.2, 0] },
      { word: 'download', rank: 4000, vector: [0, 1, 0] },
      { word: 'items', rank: 900, vector: [0, 0, 1] },
      { word: 'watches', rank: 6000, vector: [0, 0.6, 0.8] },
      { word: 'matches', rank: 2500, vector: [0.8, 0, -0.6] },
    ],
    3,
    {},
  ),
)!;
const calibration = { ...DEFAULT_CALIBRATION, semanticLow: 0.5, semanticHigh: 0.9, semanticMax: 0.8 };
const term = (word: string) => ({ word, stem: stemWord(word) });

describe('matchTerm', () => {
  const api = indexApi(parseApiUnit('fork(num_instances: int): Creates copies of the items.'), vectors);

  it('gives full credit to the same stem, in name, parameters or description', () => {
    expect(matchTerm(term('forking'), api, vectors, calibration)).toBe(1);
    expect(matchTerm(term('instance'), api, vectors, calibration)).toBe(1);
    expect(matchTerm(term('item'), api, vectors, calibration)).toBe(1);
  });

  it('gives partial credit to near spellings and to close embeddings, none to unrelated words', () => {
    expect(matchTerm(term('instanses'), api, vectors, calibration)).toBe(calibration.fuzzyMatch);
    const semantic = matchTerm(term('clone'), api, vectors, calibration);
    expect(semantic).toBeGreaterThan(0.5);
    expect(semantic).toBeLessThanOrEqual(calibration.semanticMax);
    expect(matchTerm(term('download'), api, vectors, calibration)).toBe(0);
    expect(matchTerm(term('clone'), api, NO_WORD_VECTORS, calibration)).toBe(0);
  });

  it('does not read two words the vocabulary knows as a typo of each other', () => {
    const watcher = indexApi(parseApiUnit('watch(paths): Watches files for changes.'), vectors);
    expect(matchTerm(term('matches'), watcher, vectors, calibration)).toBe(0);
    expect(matchTerm(term('matches'), watcher, NO_WORD_VECTORS, calibration)).toBe(calibration.fuzzyMatch);
    expect(isNearSpelling('matches', 'watches', true)).toBe(false);
    expect(isNearSpelling('filenames', 'filename', true)).toBe(true);
  });

  it('reads a short part of the API name that begins a request word as its abbreviation', () => {
    const sub = indexApi(parseApiUnit('re.sub(pattern, repl, string): Return the string obtained by replacing.'), vectors);
    expect(matchTerm(term('substitute'), sub, vectors, calibration)).toBe(calibration.fuzzyMatch);
    // Too short a tail to be an abbreviation ("subt"), or the part is not in the name.
    expect(matchTerm(term('subt'), sub, vectors, calibration)).toBe(0);
    expect(matchTerm(term('subtract'), indexApi(parseApiUnit('re.split(pattern, string): Split.'), vectors), vectors, calibration)).toBe(0);
  });

  it.each([
    ['augument', 'augment', true],
    ['concat', 'concatenate', true],
    ['zipp', 'zip', false],
    ['indexs', 'index', true],
    ['map', 'max', false],
  ])('isNearSpelling(%s, %s) = %s', (a, b, expected) => {
    expect(isNearSpelling(a, b)).toBe(expected);
  });
});

describe('scoreCoverage', () => {
  const apis = ['fork(num_instances: int): Creates copies of the items.', 'download(url): Downloads the items at a URL.'].map((t) =>
    indexApi(parseApiUnit(t), vectors),
  );

  it('picks the API that covers the request best, with per-term matches', () => {
    const terms = weighTerms('clone the items', apis, vectors, calibration);
    const result = scoreCoverage(terms, apis, vectors, calibration);
    expect(result.best).toBe(0);
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.terms.map((t) => t.word)).toEqual(['clone', 'items']);
  });

  it('weighs a term found in every API less than one found in a single API', () => {
    const terms = weighTerms('download the items', apis, vectors, { ...calibration, sharedTermDiscount: 0.5 });
    const items = terms.find((t) => t.word === 'items')!;
    const plain = weighTerms('download the items', apis, vectors, { ...calibration, sharedTermDiscount: 0 }).find(
      (t) => t.word === 'items',
    )!;
    expect(items.weight).toBeCloseTo(plain.weight * 0.5, 6);
  });

  it('drops a term found in every API under a full discount, and keeps every weight when all terms are in every API', () => {
    const full = { ...calibration, sharedTermDiscount: 1 };
    expect(weighTerms('download the items', apis, vectors, full).find((t) => t.word === 'items')!.weight).toBe(0);
    const plain = weighTerms('the items', apis, vectors, { ...calibration, sharedTermDiscount: 0 });
    const allShared = weighTerms('the items', apis, vectors, full);
    expect(allShared.map((t) => t.weight)).toEqual(plain.map((t) => t.weight));
    expect(allShared[0]!.weight).toBeGreaterThan(0);
    expect(scoreCoverage(allShared, apis, vectors, full).score).toBe(1);
  });

  it('scores 0 when nothing matches', () => {
    const terms = weighTerms('encrypt a secret', apis, vectors, calibration);
    expect(scoreCoverage(terms, apis, vectors, calibration).score).toBe(0);
  });
});

describe('apiEvidence: action synonyms and the share of the name accounted for', () => {
  const deleteApi = indexApi(parseApiUnit('delete_entry(key): Deletes an entry.'), NO_WORD_VECTORS);
  const stackApi = indexApi(parseApiUnit('Table.row_stack(tup): Stacks arrays row-wise.'), NO_WORD_VECTORS);

  it('credits a request verb that the API names by a synonym (remove / delete), and nothing with synonyms off', () => {
    const terms = weighTerms('remove the entry', [deleteApi], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(terms, deleteApi, NO_WORD_VECTORS, { ...DEFAULT_CALIBRATION, synonymMatch: 0.8 }).action).toBe(0.8);
    expect(apiEvidence(terms, deleteApi, NO_WORD_VECTORS, { ...DEFAULT_CALIBRATION, synonymMatch: 0 }).action).toBe(0);
  });

  it('measures the share of the name (last segment) the request accounts for: a name that says more than was asked scores less', () => {
    const removeTerms = weighTerms('erase a cached entry', [deleteApi], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(removeTerms, deleteApi, NO_WORD_VECTORS, DEFAULT_CALIBRATION).nameShare).toBe(1);
    const rowTerms = weighTerms('sum over all rows', [stackApi], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(rowTerms, stackApi, NO_WORD_VECTORS, DEFAULT_CALIBRATION).nameShare).toBe(0.5);
    const noneTerms = weighTerms('encrypt a secret', [stackApi], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(noneTerms, stackApi, NO_WORD_VECTORS, DEFAULT_CALIBRATION).nameShare).toBe(0);
  });
});
