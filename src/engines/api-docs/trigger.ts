/**
 * The DAG++ trigger: retrieve documentation only when a checked call names an API that does not
 * exist or uses one wrongly, or when the model's confidence in the API name is below the
 * threshold (0.8 in the paper); `always` and `never` override it.
 */
import type { InvocationCheck, TriggerMode } from './types.js';

export const DEFAULT_CONFIDENCE_THRESHOLD = 0.8;

export interface TriggerDecision {
  triggered: boolean;
  reason: string;
}

/** Decides whether to retrieve, and says why in one line. */
export function decideTrigger(input: {
  mode: TriggerMode;
  checks: readonly InvocationCheck[];
  confidence?: number;
  threshold?: number;
  hasQuery: boolean;
  hasCode: boolean;
}): TriggerDecision {
  const threshold = input.threshold ?? DEFAULT_CONFIDENCE_THRESHOLD;
  if (input.mode === 'never') return { triggered: false, reason: 'mode "never": retrieval disabled' };
  if (input.mode === 'always') return { triggered: true, reason: 'mode "always": retrieval forced' };
  const unknown = input.checks.filter((check) => !check.exists);
  if (unknown.length > 0) return { triggered: true, reason: `unknown API: ${unknown.map((c) => c.api).join(', ')}` };
  const invalid = input.checks.filter((check) => !check.valid);
  if (invalid.length > 0) return { triggered: true, reason: `invalid usage: ${invalid.map((c) => c.api).join(', ')}` };
  if (input.confidence !== undefined && input.confidence < threshold) {
    return { triggered: true, reason: `confidence ${input.confidence} below threshold ${threshold}` };
  }
  if (!input.hasCode && input.hasQuery && input.confidence === undefined) {
    return { triggered: true, reason: 'query without code: retrieving for the query' };
  }
  if (input.checks.length === 0) {
    const why = input.hasCode ? 'no call into an indexed library found' : 'nothing to check';
    return {
      triggered: false,
      reason: `${why}${input.confidence === undefined ? '' : ` and confidence ${input.confidence} ≥ ${threshold}`}`,
    };
  }
  const confidence = input.confidence === undefined ? '' : `, confidence ${input.confidence} ≥ ${threshold}`;
  return { triggered: false, reason: `all ${input.checks.length} call(s) exist and fit their signatures${confidence}` };
}

/** The model's probability for the token that wrote a span of the checked code: [start, end) in characters. */
export interface TokenProbability {
  start: number;
  end: number;
  probability: number;
}

/**
 * API-invocation confidence (the paper's definition): the minimum probability over the tokens
 * that wrote the API name; undefined when no token overlaps the name (the name came from the prompt).
 */
export function invocationConfidence(nameSpan: readonly [number, number], tokens: readonly TokenProbability[]): number | undefined {
  let min: number | undefined;
  for (const token of tokens) {
    if (token.end <= nameSpan[0] || token.start >= nameSpan[1]) continue;
    min = min === undefined ? token.probability : Math.min(min, token.probability);
  }
  return min;
}
