/** The project's random-weights test models, made once per machine in the temp dir (never committed). */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  extractBundledVocab,
  makeRealVocabModel,
  makeSyntheticModel,
  readVocabulary,
  SYNTHETIC_WORDS,
  syntheticTokenizer,
  type BundledVocab,
  type Vocabulary,
} from '../../../src/engines/decoding/index.js';

// Bump when the model builders change, so stale files are not reused.
const DIR = join(tmpdir(), 'groundguard-test-models-v2');

/** The tiny llama model with the synthetic byte-level BPE vocabulary (~500 tokens). */
export function syntheticModelPath(): string {
  return makeSyntheticModel(join(DIR, 'synthetic-random.gguf'));
}

/** The tiny llama model with Qwen2's real 151k-token vocabulary. */
export function qwen2ModelPath(): string {
  return makeRealVocabModel(extractBundledVocab('qwen2', DIR), join(DIR, 'qwen2-vocab-random.gguf'));
}

/** A vocab-only GGUF from llama.cpp's sources. */
export function vocabPath(name: BundledVocab): string {
  return extractBundledVocab(name, DIR);
}

/** The tiny random-weights llama model around a real vocabulary of llama.cpp's sources. */
export function realVocabModelPath(name: BundledVocab): string {
  return makeRealVocabModel(extractBundledVocab(name, DIR), join(DIR, `${name}-vocab-random.gguf`));
}

/** The synthetic test vocabulary, read the way a GGUF's token list is. */
export function syntheticVocabulary(): Vocabulary {
  const entries = new Map(syntheticTokenizer(SYNTHETIC_WORDS).map(([key, entry]) => [key, entry.value as never]));
  return readVocabulary(entries);
}
