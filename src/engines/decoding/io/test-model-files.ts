/**
 * Making the project's test models on disk: a real tokenizer vocabulary taken from the llama.cpp
 * sources that node-llama-cpp ships as a git bundle (`models/ggml-vocab-*.gguf`, extracted with
 * git, never committed), then a random-weights llama model around it, written atomically.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { GuardError } from '../../../shared/errors.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';
import {
  buildTinyLlama,
  DEFAULT_SHAPE,
  syntheticTokenizer,
  SYNTHETIC_WORDS,
  tokenizerEntries,
  type TinyModelShape,
} from '../test-models.js';
import { readGgufFileHeader } from './gguf-file.js';

/** The vocab-only GGUFs of llama.cpp's `models/` (gemma-4's is left out: this llama.cpp build aborts on it). */
export type BundledVocab =
  | 'qwen2'
  | 'qwen35'
  | 'llama-bpe'
  | 'llama-spm'
  | 'gpt-2'
  | 'gpt-neox'
  | 'mpt'
  | 'falcon'
  | 'starcoder'
  | 'refact'
  | 'deepseek-coder'
  | 'deepseek-llm'
  | 'command-r'
  | 'aquila'
  | 'baichuan'
  | 'phi-3'
  | 'bert-bge'
  | 'nomic-bert-moe';

/** Where node-llama-cpp keeps llama.cpp's sources as a git bundle. */
export function llamaSourceBundle(): string {
  const entry = fileURLToPath(import.meta.resolve('node-llama-cpp'));
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'llama', 'gitRelease.bundle'))) {
    const up = dirname(dir);
    if (up === dir)
      throw new GuardError('IO_FAILED', 'node-llama-cpp ships no llama/gitRelease.bundle', { hint: 'reinstall node-llama-cpp' });
    dir = up;
  }
  return join(dir, 'llama', 'gitRelease.bundle');
}

/** Extracts `models/ggml-vocab-<name>.gguf` into `dir` (kept: later calls reuse it). */
export function extractBundledVocab(name: BundledVocab, dir: string): string {
  const target = join(dir, `ggml-vocab-${name}.gguf`);
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'groundguard-llama-src-'));
  try {
    execFileSync('git', ['clone', '--quiet', '--no-checkout', llamaSourceBundle(), join(work, 'src')], { stdio: 'ignore' });
    const bytes = execFileSync('git', ['--git-dir', join(work, 'src', '.git'), 'show', `HEAD:models/ggml-vocab-${name}.gguf`], {
      maxBuffer: 256 * 1024 * 1024,
    });
    writeAtomic(target, [bytes]);
    return target;
  } catch (error) {
    if (error instanceof GuardError) throw error;
    throw new GuardError(
      'IO_FAILED',
      `could not extract ggml-vocab-${name}.gguf from node-llama-cpp's llama.cpp bundle: ${(error as Error).message}`,
      {
        hint: 'git must be installed',
        cause: error,
      },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes a random llama model with the vocabulary of `vocabPath` (unless `target` exists). */
export function makeRealVocabModel(vocabPath: string, target: string, shape: TinyModelShape = DEFAULT_SHAPE): string {
  if (existsSync(target)) return target;
  const header = readGgufFileHeader(vocabPath);
  writeAtomic(target, buildTinyLlama(tokenizerEntries(header.metadata), shape, 'groundguard-random-real-vocab'));
  return target;
}

/** Writes the small synthetic-vocabulary random model (unless `target` exists). */
export function makeSyntheticModel(target: string, shape: TinyModelShape = DEFAULT_SHAPE): string {
  if (existsSync(target)) return target;
  writeAtomic(target, buildTinyLlama(syntheticTokenizer(SYNTHETIC_WORDS), shape, 'groundguard-random-synthetic'));
  return target;
}

function writeAtomic(target: string, parts: readonly Uint8Array[]): void {
  mkdirSync(dirname(target), { recursive: true });
  writeFileAtomic(target, parts);
}
