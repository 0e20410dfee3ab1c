/**
 * From evidence to a label with the calibration's decision constants. Scores are normalised per API
 * set (the best API's lead over its look-alikes adds `liftWeight` times that lead) and per request (a
 * sub-request far below the request's best sub-request counts as missed, `relativeMiss`), so that the
 * thresholds do not hinge on how wordy one library's documentation is.
 */
import type { Calibration } from './calibration.js';
import type { PartEvidence } from './evidence.js';
import { apiScore } from './score-coverage.js';
import type { AnswerabilityLabel } from './types.js';

export interface PartDecision {
  /** Index of the best API, -1 when the sub-request has no content terms. */
  best: number;
  /** The normalised score, 0..1. */
  score: number;
  covered: boolean;
}

export function decidePart(part: PartEvidence, calibration: Calibration): PartDecision {
  if (part.terms.length === 0 || part.apis.length === 0) return { best: -1, score: 0, covered: false };
  const scores = part.apis.map((api) => apiScore(api, calibration));
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  const others = scores.filter((_, i) => i !== best);
  const lift = others.length === 0 ? 0 : scores[best]! - others.reduce((a, b) => a + b, 0) / others.length;
  const score = Math.min(1, Math.max(0, scores[best]! + calibration.liftWeight * lift));
  const matches = part.apis[best]!.matches;
  const keys = part.terms
    .map((_, i) => i)
    .sort((a, b) => part.terms[b]!.weight - part.terms[a]!.weight)
    .slice(0, calibration.keyTerms);
  const covered = score >= calibration.threshold && keys.every((i) => matches[i]! >= calibration.keyMatch);
  return { best, score, covered };
}

/**
 * None covered: unanswerable. Several sub-requests, one covered and another clearly below the best
 * (under missThreshold, or under relativeMiss × the best score): partially answerable. Otherwise
 * answerable. missThreshold may exceed threshold: a weak part next to a strong one is then read as missed.
 */
export function labelParts(decisions: readonly PartDecision[], calibration: Calibration): AnswerabilityLabel {
  if (!decisions.some((d) => d.covered)) return 'unanswerable';
  if (decisions.length < 2) return 'answerable';
  const top = Math.max(...decisions.map((d) => d.score));
  const missed = decisions.some((d) => d.score < top && (d.score < calibration.missThreshold || d.score < calibration.relativeMiss * top));
  return missed ? 'partially_answerable' : 'answerable';
}

/** The label of gathered evidence under `calibration`. */
export function labelEvidence(parts: readonly PartEvidence[], calibration: Calibration): AnswerabilityLabel {
  return labelParts(
    parts.map((part) => decidePart(part, calibration)),
    calibration,
  );
}
