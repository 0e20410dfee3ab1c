/**
 * The answerability verdict: split the request, score every sub-request against every API, call
 * a sub-request covered when its best API clears the calibrated threshold (and, when configured,
 * its key terms are matched), then label: all covered → answerable, some → partially_answerable,
 * none → unanswerable. Confidence comes from the margins to the threshold.
 */
import { GuardError } from '../../shared/errors.js';
import { DEFAULT_CALIBRATION, type Calibration } from './calibration.js';
import { decidePart, labelParts, type PartDecision } from './decide.js';
import { gatherEvidence, type PartEvidence } from './evidence.js';
import { parseApiUnit } from './parse-api-unit.js';
import type { ApiInput, ApiUnit, Assessment, SubRequestEvidence } from './types.js';
import { NO_WORD_VECTORS, type WordVectors } from './word-vectors.js';

/** Inputs past these are refused (request, API count) or cut (API text, sub-requests): the answer stays bounded. */
export const LIMITS = {
  requestChars: 20_000,
  apis: 100,
  apiChars: 100_000,
  /** Characters of one API's text that are scored. */
  scoredApiChars: 4_000,
  subRequests: 40,
  missingTerms: 6,
} as const;

export interface AssessOptions {
  vectors?: WordVectors;
  calibration?: Calibration;
}

/**
 * Assesses whether `request` can be coded from `apis`. Throws GuardError INPUT_INVALID for an
 * empty request, no APIs, or inputs over LIMITS. Pure; about 1 ms for 3 APIs with word vectors.
 */
export function assessAnswerability(request: string, apis: readonly ApiInput[], options: AssessOptions = {}): Assessment {
  const vectors = options.vectors ?? NO_WORD_VECTORS;
  const calibration = options.calibration ?? DEFAULT_CALIBRATION;
  validate(request, apis);
  const units = apis.map((api) => boundUnit(parseApiUnit(api)));
  const parts = gatherEvidence(request, units, vectors, calibration, LIMITS.subRequests);
  const decisions = parts.map((part) => decidePart(part, calibration));
  const evidence = parts.map((part, i) => toEvidence(part, decisions[i]!, units));
  return { label: labelParts(decisions, calibration), confidence: confidenceOf(evidence, calibration), requests: evidence };
}

function validate(request: string, apis: readonly ApiInput[]): void {
  if (typeof request !== 'string' || request.trim().length === 0) {
    throw new GuardError('INPUT_INVALID', 'the request (query) is empty', {
      hint: 'pass the user request to assess, e.g. "read a CSV file and batch its rows"',
    });
  }
  if (request.length > LIMITS.requestChars) {
    throw new GuardError('INPUT_INVALID', `the request is ${request.length} characters long; at most ${LIMITS.requestChars} are accepted`, {
      hint: 'assess one task at a time',
    });
  }
  if (apis.length === 0) {
    throw new GuardError('INPUT_INVALID', 'no API descriptions were given to assess the request against', {
      hint: 'pass the retrieved APIs as "name(signature): description" strings or {name, signature, description} objects',
    });
  }
  if (apis.length > LIMITS.apis) {
    throw new GuardError('INPUT_INVALID', `${apis.length} API descriptions were given; at most ${LIMITS.apis} are accepted`, {
      hint: 'pass the top-k retrieved APIs (typically 3 to 10)',
    });
  }
  apis.forEach((api, i) => {
    const text = typeof api === 'string' ? api : `${api.name}${api.signature ?? ''}${api.description}`;
    if (text.trim().length === 0)
      throw new GuardError('INPUT_INVALID', `API #${i + 1} is empty`, { hint: 'drop it or give its name and description' });
    if (text.length > LIMITS.apiChars) {
      throw new GuardError('INPUT_INVALID', `API #${i + 1} is ${text.length} characters long; at most ${LIMITS.apiChars} are accepted`, {
        hint: 'pass the API summary, not whole documentation pages',
      });
    }
  });
}

function boundUnit(unit: ApiUnit): ApiUnit {
  if (unit.description.length <= LIMITS.scoredApiChars) return unit;
  return { ...unit, description: unit.description.slice(0, LIMITS.scoredApiChars) };
}

function toEvidence(part: PartEvidence, decision: PartDecision, units: ApiUnit[]): SubRequestEvidence {
  const { terms } = part;
  const matches = decision.best >= 0 ? part.apis[decision.best]!.matches : terms.map(() => 0);
  const order = terms.map((_, i) => i).sort((a, b) => terms[b]!.weight - terms[a]!.weight);
  const missing = order
    .filter((i) => matches[i]! < 0.5)
    .slice(0, LIMITS.missingTerms)
    .map((i) => terms[i]!.word);
  const unit = units[decision.best];
  const evidence: SubRequestEvidence = {
    text: part.text,
    covered: decision.covered,
    score: round(decision.score),
    ...(unit && decision.score > 0 ? { best_api: apiLabel(unit) } : {}),
  };
  if (missing.length > 0) evidence.missing = missing;
  return evidence;
}

function apiLabel(unit: ApiUnit): string {
  if (unit.name) return unit.name;
  const words = unit.description.split(/\s+/).slice(0, 8).join(' ');
  return words.length < unit.description.length ? `${words}…` : words;
}

/**
 * 1/3 at a decision boundary, towards 1 as the deciding scores move away from it: the best part's
 * distance to the threshold, and for a partial answer also the weakest part's distance to the
 * miss threshold.
 */
function confidenceOf(evidence: SubRequestEvidence[], calibration: Calibration): number {
  const scores = evidence.map((e) => e.score);
  const best = Math.max(...scores);
  const worst = Math.min(...scores);
  let margin = Math.abs(best - calibration.threshold);
  if (evidence.length > 1 && best >= calibration.threshold) margin = Math.min(margin, Math.abs(worst - calibration.missThreshold));
  return round(1 / 3 + (2 / 3) * (1 - Math.exp(-margin / 0.1)));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
