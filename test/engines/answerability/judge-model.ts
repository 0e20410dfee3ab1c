/**
 * A random-weights GGUF judge model for the tests: the decoding engine's tiny llama around its
 * synthetic byte-level vocabulary plus the answer tokens " A", " P", " U" (written once per machine).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  buildTinyLlama,
  DEFAULT_SHAPE,
  extractBundledVocab,
  makeRealVocabModel,
  syntheticTokenizer,
  SYNTHETIC_WORDS,
} from '../../../src/engines/decoding/index.js';

// Bump when the model changes, so a stale file is not reused.
const DIR = join(tmpdir(), 'groundguard-test-models-v1');

/** Path of the judge test model (synthetic vocabulary with " A", " P", " U" as single tokens). */
export function judgeModelPath(): string {
  const target = join(DIR, 'judge-letters-random.gguf');
  if (existsSync(target)) return target;
  mkdirSync(DIR, { recursive: true });
  const parts = buildTinyLlama(
    syntheticTokenizer([...SYNTHETIC_WORDS, ' A', ' P', ' U', ' Answer', 'Answer', ' API']),
    DEFAULT_SHAPE,
    'groundguard-random-judge',
  );
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, Buffer.concat(parts));
  renameSync(temp, target);
  return target;
}

/** A random-weights model around a real tokenizer vocabulary from llama.cpp's sources (SentencePiece or BPE). */
export function realVocabJudgeModelPath(vocab: 'llama-spm' | 'qwen2'): string {
  return makeRealVocabModel(extractBundledVocab(vocab, DIR), join(DIR, `${vocab}-vocab-random.gguf`));
}
