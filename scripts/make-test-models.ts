/**
 * Makes the project's test models (never committed): a tiny random-weights llama model with
 * Qwen2's real 151k-token vocabulary (taken from llama.cpp's sources inside node-llama-cpp) and a
 * tiny one with a synthetic vocabulary. Usage: `npx tsx scripts/make-test-models.ts [--dir DIR]`
 * (default: the cache dir's test-models/). Prints the paths; use one as GUARD_MODEL.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { extractBundledVocab, makeRealVocabModel, makeSyntheticModel } from '../src/engines/decoding/index.js';
import { resolveCacheDir } from '../src/shared/paths.js';

const { values } = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  process.stdout.write('Usage: npx tsx scripts/make-test-models.ts [--dir DIR]\n');
  process.exit(0);
}
const dir = values.dir ?? join(resolveCacheDir(), 'test-models');
const vocab = extractBundledVocab('qwen2', dir);
const real = makeRealVocabModel(vocab, join(dir, 'qwen2-vocab-random.gguf'));
const synthetic = makeSyntheticModel(join(dir, 'synthetic-random.gguf'));
process.stdout.write(`${real}\n${synthetic}\n`);
