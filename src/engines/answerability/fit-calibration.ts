/**
 * Fitting the calibration on labelled samples (coordinate descent over a fixed grid, objective
 * macro-F1 + accuracy/2) and estimating held-out performance by grouped k-fold cross-validation:
 * by library when the samples span several, else by base query, so that the variants of one task
 * (answerable, swapped APIs, concatenated) never sit on both sides of a split.
 */
import { assessAnswerability } from './assess.js';
import type { Calibration } from './calibration.js';
import { scoreLabels, type LabelMetrics } from './metrics.js';
import { splitRequest } from './split-request.js';
import type { AnswerabilityLabel, ApiInput } from './types.js';
import type { WordVectors } from './word-vectors.js';

export interface LabelledSample {
  query: string;
  apis: ApiInput[];
  label: AnswerabilityLabel;
  library: string;
}

const range = (from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 1000) / 1000);
  return out;
};

/**
 * Where fitting starts: hand-set values chosen before looking at any data. Cross-validation starts
 * here too, so that no fold's held-out samples have shaped its starting point.
 */
export const CALIBRATION_START: Calibration = {
  threshold: 0.55,
  missThreshold: 0.35,
  semanticLow: 0.45,
  semanticHigh: 0.8,
  semanticMax: 0.8,
  fuzzyMatch: 0.85,
  sharedTermDiscount: 0.5,
  oovWeight: 0.8,
  identifierFactor: 0.6,
  fullWeightRank: 20_000,
  actionBonus: 0,
  nameBonus: 0,
  keyTerms: 0,
  keyMatch: 0.5,
};

/** The values each constant may take. */
export const CALIBRATION_GRID: Partial<Record<keyof Calibration, number[]>> = {
  threshold: range(0.3, 0.8, 0.025),
  missThreshold: range(0.05, 0.6, 0.025),
  semanticLow: range(0.25, 0.7, 0.05),
  semanticHigh: range(0.55, 1.0, 0.05),
  semanticMax: range(0.4, 1.0, 0.1),
  fuzzyMatch: range(0.5, 1.0, 0.1),
  sharedTermDiscount: range(0, 1, 0.1),
  oovWeight: range(0.2, 1.6, 0.2),
  identifierFactor: range(0, 1, 0.2),
  fullWeightRank: [1000, 3000, 10_000, 20_000, 50_000, 150_000],
  actionBonus: range(0, 0.6, 0.05),
  nameBonus: range(0, 0.6, 0.05),
  keyTerms: [0, 1, 2, 3],
  keyMatch: range(0.2, 0.9, 0.1),
};

/** Labels every sample with `calibration` and scores the result. */
export function evaluateCalibration(samples: readonly LabelledSample[], vectors: WordVectors, calibration: Calibration): LabelMetrics {
  const predicted = samples.map((s) => assessAnswerability(s.query, s.apis, { vectors, calibration }).label);
  return scoreLabels(samples.map((s) => s.label), predicted);
}

const objective = (m: LabelMetrics): number => m.macroF1 + 0.5 * m.accuracy;
const valid = (c: Calibration): boolean => c.missThreshold <= c.threshold && c.semanticLow < c.semanticHigh;

/** Coordinate descent from `start`: each constant in turn takes its best grid value, `passes` rounds. O(passes × grid × samples). */
export function fitCalibration(samples: readonly LabelledSample[], vectors: WordVectors, start: Calibration, passes = 2): Calibration {
  let best = { ...start };
  let bestScore = objective(evaluateCalibration(samples, vectors, best));
  for (let pass = 0; pass < passes; pass++) {
    for (const [key, values] of Object.entries(CALIBRATION_GRID) as Array<[keyof Calibration, number[]]>) {
      for (const value of values) {
        const candidate = { ...best, [key]: value };
        if (!valid(candidate)) continue;
        const score = objective(evaluateCalibration(samples, vectors, candidate));
        if (score > bestScore + 1e-9) {
          bestScore = score;
          best = candidate;
        }
      }
    }
  }
  return best;
}

export interface CrossValidation {
  groupedBy: 'library' | 'base query';
  folds: Array<{ test: LabelMetrics; calibration: Calibration }>;
  /** All held-out predictions pooled. */
  pooled: LabelMetrics;
}

/** Grouped k-fold cross-validation: fit on the other folds, label the held-out one, pool the predictions. */
export function crossValidate(samples: readonly LabelledSample[], vectors: WordVectors, start: Calibration, k = 5, passes = 2): CrossValidation {
  const byLibrary = new Set(samples.map((s) => s.library)).size > 1;
  const groupOf = (s: LabelledSample): string =>
    byLibrary ? s.library : (splitRequest(s.query)[0]?.text ?? s.query).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const groups = [...new Set(samples.map(groupOf))].sort();
  const folds = byLibrary ? groups.length : Math.min(k, groups.length);
  // Deterministic: a string hash of the group picks its fold (libraries: one fold each).
  const foldOf = new Map(groups.map((g, i) => [g, byLibrary ? i : [...g].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7) % folds]));
  const gold: AnswerabilityLabel[] = [];
  const predicted: AnswerabilityLabel[] = [];
  const results: CrossValidation['folds'] = [];
  for (let fold = 0; fold < folds; fold++) {
    const train = samples.filter((s) => foldOf.get(groupOf(s)) !== fold);
    const test = samples.filter((s) => foldOf.get(groupOf(s)) === fold);
    if (test.length === 0 || train.length === 0) continue;
    const calibration = fitCalibration(train, vectors, start, passes);
    for (const s of test) {
      gold.push(s.label);
      predicted.push(assessAnswerability(s.query, s.apis, { vectors, calibration }).label);
    }
    results.push({ test: evaluateCalibration(test, vectors, calibration), calibration });
  }
  return { groupedBy: byLibrary ? 'library' : 'base query', folds: results, pooled: scoreLabels(gold, predicted) };
}
