/** The decoding engine: PackMonitor-style package-name monitoring inside local generation. */
export { ParserState, feedByte, feedBytes, type NameWalker } from './context-parser.js';
export { checkGgufMagic, readGgufHeader, writeGguf, type GgufEntry, type GgufHeader, type GgufValue } from './gguf.js';
export { buildTokenTrie, type TokenTrie } from './token-trie.js';
export { gpt2ByteTable, readVocabulary, silenceTokens, type Vocabulary } from './token-bytes.js';
export { createNameWalker, PackageIntervenor, stateAfter, type IntervenorStats } from './intervenor.js';
export { MaskCache } from './mask-cache.js';
export { SNAPSHOT_FORMAT, type SnapshotKeys } from './intervenor-snapshot.js';
export { TokenConstraint } from './token-sets.js';
export { createRandom, stepSeed } from './random.js';
export {
  generate,
  joinBytes,
  type ChatMessage,
  type DecodingModel,
  type GenerateRequest,
  type GenerateResult,
  type GenerateStep,
  type MaskRequest,
} from './generate.js';
export { findPackageZones, type PackageZone } from './package-zones.js';
export {
  buildTinyLlama,
  DEFAULT_SHAPE,
  syntheticTokenizer,
  SYNTHETIC_WORDS,
  tokenizerEntries,
  type TinyModelShape,
} from './test-models.js';
export { readGgufFileHeader } from './io/gguf-file.js';
export { openIntervenor, snapshotKeys, snapshotPath, type OpenedIntervenor } from './io/intervenor-cache.js';
export { openLlamaModel, type LoadedModel } from './io/llama-model.js';
export { sharedLlama } from './io/llama-runtime.js';
export { DrawCosts, type DrawKind } from './io/draw-costs.js';
export {
  extractBundledVocab,
  llamaSourceBundle,
  makeRealVocabModel,
  makeSyntheticModel,
  type BundledVocab,
} from './io/test-model-files.js';
export type { Llama, LlamaContext, LlamaContextSequence, LlamaModel, LlamaModule, Token } from './io/llama-types.js';
