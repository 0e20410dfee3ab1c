import { describe, expect, it } from 'vitest';

import { labelFromRacgEval, scoreLabels } from '../../../src/engines/answerability/index.js';

describe('scoreLabels', () => {
  it('computes accuracy, per-class recall and macro-F1', () => {
    const m = scoreLabels(
      ['answerable', 'answerable', 'unanswerable', 'partially_answerable'],
      ['answerable', 'unanswerable', 'unanswerable', 'unanswerable'],
    );
    expect(m.accuracy).toBe(0.5);
    expect(m.recall).toEqual({ answerable: 0.5, partially_answerable: 0, unanswerable: 1 });
    // F1: answerable 2/3, partial 0, unanswerable 2·(1/3·1)/(4/3) = 0.5
    expect(m.macroF1).toBeCloseTo((2 / 3 + 0 + 0.5) / 3, 6);
  });

  it('always "unanswerable" scores the share of unanswerable samples', () => {
    const gold = ['unanswerable', 'answerable', 'partially_answerable', 'unanswerable'] as const;
    expect(
      scoreLabels(
        gold,
        gold.map(() => 'unanswerable' as const),
      ).accuracy,
    ).toBe(0.5);
  });
});

describe('labelFromRacgEval', () => {
  it.each([
    ['Answerable', 'answerable'],
    ['Partially answerable', 'partially_answerable'],
    ['Unanswerable', 'unanswerable'],
    ['maybe', undefined],
  ])('%s', (label, expected) => {
    expect(labelFromRacgEval(label)).toBe(expected);
  });
});
