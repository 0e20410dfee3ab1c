/**
 * The decoding benches' models: random-weights llama bodies around each vocabulary. By default
 * every vocabulary gets a body of the same size as the Qwen2 row's model (that row's model is the
 * project's test model, 32 wide and 2 layers around 151,936 tokens: about 4.9M weights, nearly all
 * in the embedding the output shares), so the per-token work matches and a ratio on a 600-token
 * vocabulary is not taken on a model whose whole step is 0.1 ms of call overhead: the width is the
 * smallest multiple of 32 at which the body (2 layers, feed-forward twice the width) and the
 * embedding reach that size; a vocabulary whose 32-wide model is already that size (Qwen2 itself,
 * Unigram 250k) keeps the test model. The embedding's scale shrinks with the width (×√(32/width)),
 * so the logits spread as the test model's do. GUARD_BENCH_DECODING_BODY=test gives every
 * vocabulary the 32-wide test model (the figures before this choice).
 */
import { join } from 'node:path';

import {
  DEFAULT_SHAPE,
  extractBundledVocab,
  makeRealVocabModel,
  makeSyntheticModel,
  readGgufFileHeader,
  syntheticTokenizer,
  SYNTHETIC_WORDS,
  type BundledVocab,
  type TinyModelShape,
} from '../src/engines/decoding/index.js';

/** Weights of a body (2 layers here) of width `e` with feed-forward `ff`, embedding (shared with the output) of `vocab` rows. */
function weightsOf(vocab: number, e: number, ff: number, layers: number): number {
  return vocab * e + layers * (4 * e * e + 3 * e * ff);
}

const QWEN2_TOKENS = 151_936;

/** The body of the Qwen2 row's size for a vocabulary of `vocab` tokens (the test model itself where that is already as large). */
export function equalSizeShape(vocab: number): TinyModelShape {
  const target = weightsOf(QWEN2_TOKENS, DEFAULT_SHAPE.embedding, DEFAULT_SHAPE.feedForward, DEFAULT_SHAPE.layers);
  let e = DEFAULT_SHAPE.embedding;
  while (weightsOf(vocab, e, 2 * e, DEFAULT_SHAPE.layers) < target * 0.95) e += 32;
  if (e === DEFAULT_SHAPE.embedding) return DEFAULT_SHAPE;
  return {
    ...DEFAULT_SHAPE,
    embedding: e,
    feedForward: 2 * e,
    heads: Math.max(DEFAULT_SHAPE.heads, e / 32),
    embeddingScale: DEFAULT_SHAPE.embeddingScale * Math.sqrt(DEFAULT_SHAPE.embedding / e),
  };
}

function describeShape(shape: TinyModelShape, vocab: number): string {
  const weights = weightsOf(vocab, shape.embedding, shape.feedForward, shape.layers);
  return `${shape.layers}×${shape.embedding} wide, ${(weights / 1e6).toFixed(1)}M weights`;
}

/** The bench's model file for `name` and what body it has. */
export function benchModelPath(dir: string, name: BundledVocab | 'synthetic'): { path: string; shape: string } {
  const testBodies = process.env.GUARD_BENCH_DECODING_BODY === 'test';
  if (name === 'synthetic') {
    const vocab = (syntheticTokenizer(SYNTHETIC_WORDS).find(([key]) => key === 'tokenizer.ggml.tokens')![1].value as string[]).length;
    const shape = testBodies ? DEFAULT_SHAPE : equalSizeShape(vocab);
    const file = shape === DEFAULT_SHAPE ? 'synthetic-random.gguf' : `synthetic-random-${shape.embedding}.gguf`;
    return { path: makeSyntheticModel(join(dir, file), shape), shape: describeShape(shape, vocab) };
  }
  const vocabPath = extractBundledVocab(name, dir);
  const tokens = readGgufFileHeader(vocabPath).metadata.get('tokenizer.ggml.tokens');
  const vocab = Array.isArray(tokens) ? tokens.length : 0;
  const shape = testBodies || name === 'qwen2' ? DEFAULT_SHAPE : equalSizeShape(vocab);
  const file = shape === DEFAULT_SHAPE ? `${name}-vocab-random.gguf` : `${name}-vocab-random-${shape.embedding}.gguf`;
  return { path: makeRealVocabModel(vocabPath, join(dir, file), shape), shape: describeShape(shape, vocab) };
}
