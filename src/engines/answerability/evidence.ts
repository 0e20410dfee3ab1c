/**
 * The evidence of a request against a set of APIs, before any decision: the request split into
 * sub-requests, each sub-request's weighted terms, and per API its coverage, action, name and signature
 * evidence (score-coverage.ts). Depends only on the matching constants of the calibration (how words
 * match and weigh), not on the decision constants (thresholds, bonuses), so that a calibration's
 * decision part can be fitted over evidence gathered once.
 */
import type { Calibration } from './calibration.js';
import { apiEvidence, indexApi, weighTerms, type ApiEvidence, type WeightedTerm } from './score-coverage.js';
import { splitRequest } from './split-request.js';
import type { ApiUnit } from './types.js';
import type { WordVectors } from './word-vectors.js';

export interface PartEvidence {
  text: string;
  terms: WeightedTerm[];
  /** One entry per API, in the order given. */
  apis: ApiEvidence[];
}

/** Splits `request` (at most `maxParts` sub-requests, the rest joined into the last) and gathers the evidence of every API for each. */
export function gatherEvidence(
  request: string,
  units: readonly ApiUnit[],
  vectors: WordVectors,
  calibration: Calibration,
  maxParts: number,
): PartEvidence[] {
  const indexed = units.map((unit) => indexApi(unit, vectors));
  const parts = splitRequest(request);
  const bounded =
    parts.length > maxParts
      ? [
          ...parts.slice(0, maxParts - 1),
          {
            text: parts
              .slice(maxParts - 1)
              .map((p) => p.text)
              .join(' '),
          },
        ]
      : parts;
  return bounded.map((part) => {
    const terms = weighTerms(part.text, indexed, vectors, calibration);
    return { text: part.text, terms, apis: indexed.map((api) => apiEvidence(terms, api, vectors, calibration)) };
  });
}
