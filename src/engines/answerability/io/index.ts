/** The answerability engine's I/O: the word-vector cache and the RaCGEval sample reader, the LLM judges. */
export {
  DEFAULT_MAX_RANK,
  defaultEmbeddingSource,
  loadWordVectors,
  wordVectorCachePath,
  type LoadWordVectorsOptions,
} from './embedding-cache.js';
export { readEmbeddingJson, type EmbeddingEntry } from './read-embedding-json.js';
export { readRacgEvalSamples, type AnswerabilitySample } from './read-racgeval.js';
export { firstTokenLogprobs, type OpenAiJudgeOptions } from './openai-judge.js';
export {
  closeJudgeModels,
  DEFAULT_JUDGE_CONTEXT,
  fitToContext,
  ggufFirstTokenLogprobs,
  type GgufJudgeModel,
  type GgufJudgeOptions,
} from './gguf-judge.js';
