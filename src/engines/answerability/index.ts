/** The answerability engine's door: can this request be coded from these API docs? (RaCGEval's task.) */
export { assessAnswerability, LIMITS, type AssessOptions } from './assess.js';
export { DEFAULT_CALIBRATION, type Calibration } from './calibration.js';
export {
  argmaxLabel,
  blendDistributions,
  buildJudgePrompt,
  distributionFromLogprobs,
  evidenceDistribution,
  type LabelDistribution,
} from './judge.js';
export { scoreLabels, labelFromRacgEval, type LabelMetrics } from './metrics.js';
export { parseApiUnit, parseParams } from './parse-api-unit.js';
export { splitRequest, type SubRequest } from './split-request.js';
export { extractTerms, splitIdentifier, stemWord, type Term } from './tokenize.js';
export {
  ANSWERABILITY_LABELS,
  type AnswerabilityLabel,
  type ApiInput,
  type ApiUnit,
  type Assessment,
  type SubRequestEvidence,
} from './types.js';
export { decodeWordVectors, encodeWordVectors, NO_WORD_VECTORS, type WordVectorEntry, type WordVectors } from './word-vectors.js';
export type { GgufJudgeModel } from './io/gguf-judge.js';

/** Loads the I/O side (file reads, the embeddings cache) on demand. */
export function loadAnswerabilityIo(): Promise<typeof import('./io/index.js')> {
  return import('./io/index.js');
}
