/**
 * Fitting the calibration's decision constants on labelled samples and measuring it on libraries it
 * never saw. The matching constants (how words match and weigh) stay at CALIBRATION_START, set by hand
 * before looking at any data; the evidence is gathered once per sample with them, and coordinate descent
 * over DECISION_GRID then costs only the decisions (milliseconds per candidate). The objective is
 * macro-F1 + accuracy/2 averaged over the training libraries, so that no one library (TorchData has
 * most samples) decides alone. Held-out figures come from leave-one-library-out: each library is
 * labelled by a calibration fitted on the others only.
 */
import { assessAnswerability, LIMITS } from './assess.js';
import { CALIBRATION_BASE, type Calibration } from './calibration.js';
import { labelEvidence } from './decide.js';
import { gatherEvidence, type PartEvidence } from './evidence.js';
import { scoreLabels, type LabelMetrics } from './metrics.js';
import { parseApiUnit } from './parse-api-unit.js';
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

/** Hand-set before looking at any data; the matching constants of every fitted calibration. */
export const CALIBRATION_START: Calibration = CALIBRATION_BASE;

/** The decision constants and the values each may take; the matching constants are not fitted. */
export const DECISION_GRID: Partial<Record<keyof Calibration, number[]>> = {
  threshold: range(0, 0.8, 0.025),
  missThreshold: range(0, 0.6, 0.025),
  actionBonus: range(0, 0.6, 0.1),
  nameBonus: range(0, 0.5, 0.1),
  signatureBonus: range(0, 0.6, 0.1),
  nameShareBonus: range(0, 0.6, 0.1),
  liftWeight: [0, 0.25, 0.5, 1, 1.5, 2, 3],
  relativeMiss: [0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9],
  keyTerms: [0, 1, 2],
  keyMatch: range(0.3, 0.9, 0.2),
};

export interface GatheredSample {
  sample: LabelledSample;
  parts: PartEvidence[];
}

/** The evidence of every sample under `matching`'s matching constants. O(samples × assessment). */
export function gatherSamples(
  samples: readonly LabelledSample[],
  vectors: WordVectors,
  matching: Calibration = CALIBRATION_START,
): GatheredSample[] {
  return samples.map((sample) => ({
    sample,
    parts: gatherEvidence(sample.query, sample.apis.map(parseApiUnit), vectors, matching, LIMITS.subRequests),
  }));
}

/** Labels gathered samples with `calibration`'s decision constants and scores the result. */
export function evaluateGathered(gathered: readonly GatheredSample[], calibration: Calibration): LabelMetrics {
  return scoreLabels(
    gathered.map((g) => g.sample.label),
    gathered.map((g) => labelEvidence(g.parts, calibration)),
  );
}

/** Labels every sample through the full assessment with `calibration` and scores the result. */
export function evaluateCalibration(samples: readonly LabelledSample[], vectors: WordVectors, calibration: Calibration): LabelMetrics {
  const predicted = samples.map((s) => assessAnswerability(s.query, s.apis, { vectors, calibration }).label);
  return scoreLabels(
    samples.map((s) => s.label),
    predicted,
  );
}

/** Mean over libraries of macro-F1 + accuracy/2. */
function objective(byLibrary: GatheredSample[][], calibration: Calibration): number {
  let sum = 0;
  for (const group of byLibrary) {
    const m = evaluateGathered(group, calibration);
    sum += m.macroF1 + 0.5 * m.accuracy;
  }
  return sum / byLibrary.length;
}

/**
 * Fits the decision constants on gathered samples: a joint search over threshold × liftWeight (they
 * trade off), then coordinate descent over DECISION_GRID, `passes` rounds. Deterministic.
 */
export function fitDecision(gathered: readonly GatheredSample[], start: Calibration = CALIBRATION_START, passes = 2): Calibration {
  const byLibrary = [...new Set(gathered.map((g) => g.sample.library))]
    .sort()
    .map((library) => gathered.filter((g) => g.sample.library === library));
  let best = { ...start };
  let bestScore = objective(byLibrary, best);
  const consider = (candidate: Calibration): void => {
    const score = objective(byLibrary, candidate);
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = candidate;
    }
  };
  for (const threshold of DECISION_GRID.threshold!)
    for (const liftWeight of DECISION_GRID.liftWeight!) consider({ ...best, threshold, liftWeight });
  for (let pass = 0; pass < passes; pass++) {
    for (const [key, values] of Object.entries(DECISION_GRID) as Array<[keyof Calibration, number[]]>)
      for (const value of values) consider({ ...best, [key]: value });
  }
  return best;
}

/** Gathers and fits in one step (see fitDecision). */
export function fitCalibration(
  samples: readonly LabelledSample[],
  vectors: WordVectors,
  start: Calibration = CALIBRATION_START,
  passes = 2,
): Calibration {
  return fitDecision(gatherSamples(samples, vectors, start), start, passes);
}

export interface HeldOutLibrary {
  library: string;
  test: LabelMetrics;
  /** Fitted on every other library. */
  calibration: Calibration;
}

export interface LeaveOneLibraryOut {
  libraries: HeldOutLibrary[];
  /** All held-out predictions pooled. */
  pooled: LabelMetrics;
}

/** Leave-one-library-out: each library labelled by a calibration fitted on the others only. */
export function leaveOneLibraryOut(
  gathered: readonly GatheredSample[],
  start: Calibration = CALIBRATION_START,
  passes = 2,
): LeaveOneLibraryOut {
  const libraries = [...new Set(gathered.map((g) => g.sample.library))];
  const gold: AnswerabilityLabel[] = [];
  const predicted: AnswerabilityLabel[] = [];
  const results: HeldOutLibrary[] = [];
  for (const library of libraries) {
    const train = gathered.filter((g) => g.sample.library !== library);
    const test = gathered.filter((g) => g.sample.library === library);
    const calibration = fitDecision(train, start, passes);
    for (const g of test) {
      gold.push(g.sample.label);
      predicted.push(labelEvidence(g.parts, calibration));
    }
    results.push({ library, test: evaluateGathered(test, calibration), calibration });
  }
  return { libraries: results, pooled: scoreLabels(gold, predicted) };
}
