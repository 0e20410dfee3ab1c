import { describe, expect, it } from 'vitest';

import { DEFAULT_CALIBRATION, NO_WORD_VECTORS, parseApiUnit } from '../../../src/engines/answerability/index.js';
import { decidePart, labelParts, type PartDecision } from '../../../src/engines/answerability/decide.js';
import { gatherEvidence, type PartEvidence } from '../../../src/engines/answerability/evidence.js';
import { apiEvidence, indexApi, weighTerms } from '../../../src/engines/answerability/score-coverage.js';
import type { ApiEvidence } from '../../../src/engines/answerability/score-coverage.js';

const calibration = {
  ...DEFAULT_CALIBRATION,
  threshold: 0.3,
  missThreshold: 0.2,
  actionBonus: 0,
  nameBonus: 0,
  signatureBonus: 0,
  liftWeight: 0,
  relativeMiss: 0,
  keyTerms: 0,
};
const api = (coverage: number, extra: Partial<ApiEvidence> = {}): ApiEvidence => ({
  coverage,
  action: 0,
  named: 0,
  signature: 0,
  nameShare: 0,
  matches: [coverage],
  ...extra,
});
const part = (...apis: ApiEvidence[]): PartEvidence => ({ text: 'x', terms: [{ word: 'x', stem: 'x', weight: 1 }], apis });
const decision = (score: number, covered = score >= calibration.threshold): PartDecision => ({ best: 0, score, covered });

describe('decidePart', () => {
  it('takes the best API, covered at the threshold', () => {
    expect(decidePart(part(api(0.1), api(0.35), api(0.2)), calibration)).toEqual({ best: 1, score: 0.35, covered: true });
    expect(decidePart(part(api(0.29)), calibration).covered).toBe(false);
  });

  it('per API set: an API that stands out from its look-alikes gains liftWeight × its lead', () => {
    const lifted = { ...calibration, liftWeight: 1 };
    const standsOut = decidePart(part(api(0.25), api(0.05), api(0.05)), lifted);
    const crowd = decidePart(part(api(0.25), api(0.24), api(0.24)), lifted);
    expect(standsOut.score).toBeCloseTo(0.45);
    expect(standsOut.covered).toBe(true);
    expect(crowd.covered).toBe(false);
  });

  it('adds the calibrated credit for action, name and signature evidence, capped at 1', () => {
    const withBonuses = { ...calibration, actionBonus: 0.2, nameBonus: 0.1, signatureBonus: 0.5 };
    expect(decidePart(part(api(0.1, { action: 1, named: 1, signature: 0.4 })), withBonuses).score).toBeCloseTo(0.6);
    expect(decidePart(part(api(0.9, { action: 1, named: 1, signature: 1 })), withBonuses).score).toBe(1);
  });

  it('a sub-request without content terms is never covered', () => {
    expect(decidePart({ text: '?', terms: [], apis: [api(1)] }, calibration)).toEqual({ best: -1, score: 0, covered: false });
  });
});

describe('labelParts', () => {
  it('unanswerable when nothing is covered, answerable for one covered part', () => {
    expect(labelParts([decision(0.1)], calibration)).toBe('unanswerable');
    expect(labelParts([decision(0.5)], calibration)).toBe('answerable');
  });

  it('partially answerable when a part falls under missThreshold beside a covered one', () => {
    expect(labelParts([decision(0.5), decision(0.1)], calibration)).toBe('partially_answerable');
    expect(labelParts([decision(0.5), decision(0.45)], calibration)).toBe('answerable');
  });

  it('per request: a part far below the best part counts as missed with relativeMiss, whatever the scale', () => {
    const relative = { ...calibration, relativeMiss: 0.5 };
    expect(labelParts([decision(0.9), decision(0.4)], relative)).toBe('partially_answerable');
    expect(labelParts([decision(0.9), decision(0.4)], calibration)).toBe('answerable');
    expect(labelParts([decision(0.9), decision(0.8)], relative)).toBe('answerable');
  });
});

describe('signature evidence', () => {
  it('credits request words found in parameter names and annotated return types', () => {
    const unit = indexApi(parseApiUnit('post(url: str, data=None, files=None, headers=None) -> Response'), NO_WORD_VECTORS);
    const terms = weighTerms('send the files with these headers', [unit], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(terms, unit, NO_WORD_VECTORS, DEFAULT_CALIBRATION).signature).toBeGreaterThan(0.4);
    const returns = weighTerms('give me the response', [unit], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(returns, unit, NO_WORD_VECTORS, DEFAULT_CALIBRATION).signature).toBeGreaterThan(0);
    const unrelated = weighTerms('sort the numbers', [unit], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    expect(apiEvidence(unrelated, unit, NO_WORD_VECTORS, DEFAULT_CALIBRATION).signature).toBe(0);
  });

  it("weighs the user's quoted values and back-ticked variables less than the words of the need", () => {
    const unit = indexApi(
      parseApiUnit('sub(pattern, repl, string): Return the string obtained by replacing occurrences of pattern.'),
      NO_WORD_VECTORS,
    );
    const terms = weighTerms("replace 'hello' with `greeting` in the text", [unit], NO_WORD_VECTORS, DEFAULT_CALIBRATION);
    const weight = (word: string): number => terms.find((t) => t.word === word)!.weight;
    expect(weight('hello')).toBeLessThan(weight('replace'));
    expect(weight('greeting')).toBeLessThan(weight('replace'));
  });

  it('gathers one evidence entry per API for every sub-request', () => {
    const units = ['download(url): Downloads a page.', 'cycle(source): Repeats items.'].map((t) => parseApiUnit(t));
    const parts = gatherEvidence('Download the page. Then, encrypt it.', units, NO_WORD_VECTORS, DEFAULT_CALIBRATION, 40);
    expect(parts).toHaveLength(2);
    for (const p of parts) expect(p.apis).toHaveLength(2);
  });
});
