import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import {
  buildJudgePrompt,
  distributionFromLogprobs,
  loadAnswerabilityIo,
  parseApiUnit,
  type GgufJudgeModel,
} from '../../../../src/engines/answerability/index.js';
import { PromiseCache } from '../../../../src/shared/promise-cache.js';
import { ANSWERABLE, FILEKIT_APIS, UNANSWERABLE } from '../cases.js';
import { judgeModelPath, realVocabJudgeModelPath } from '../judge-model.js';

const io = await loadAnswerabilityIo();
// The open models, as the process's services keep them: loaded once per path and options.
const models = new PromiseCache<GgufJudgeModel>();
const root = mkdtempSync(join(tmpdir(), 'gg-gguf-judge-'));
afterAll(async () => {
  await io.closeJudgeModels(models);
  rmSync(root, { recursive: true, force: true });
});

const prompt = (query: string): string => buildJudgePrompt(query, FILEKIT_APIS.map(parseApiUnit));

describe('ggufFirstTokenLogprobs (random-weights GGUF model)', () => {
  it('returns log-probabilities of the tokens spelling " A", " P", " U" and "A", "P", "U"', async () => {
    const top = await io.ggufFirstTokenLogprobs(judgeModelPath(), prompt(ANSWERABLE), { models });
    expect(Object.keys(top).sort()).toEqual([' A', ' P', ' U', 'A', 'P', 'U']);
    for (const logprob of Object.values(top)) {
      expect(logprob).toBeLessThan(0);
      expect(Number.isFinite(logprob)).toBe(true);
    }
    // Six of ~600 tokens: far from all the mass.
    const mass = Object.values(top).reduce((sum, lp) => sum + Math.exp(lp), 0);
    expect(mass).toBeGreaterThan(0);
    expect(mass).toBeLessThan(1);
  });

  it("gives the model's exact next-token probabilities (checked against node-llama-cpp's full distribution)", async () => {
    const path = judgeModelPath();
    const text = prompt(UNANSWERABLE);
    const top = await io.ggufFirstTokenLogprobs(path, text, { models });
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false, skipDownload: true });
    const model = await llama.loadModel({ modelPath: path, gpuLayers: 0 });
    const context = await model.createContext({ contextSize: 4096, sequences: 1, threads: 1 });
    try {
      const tokens = model.tokenize(text, false);
      const last = tokens.length - 1;
      const results = await context
        .getSequence()
        .controlledEvaluate(tokens.map((t, i) => (i === last ? [t, { generateNext: { probabilities: true } }] : t)));
      const probabilities = results[last]!.next.probabilities!;
      for (const [spelled, logprob] of Object.entries(top)) {
        const [token] = model.tokenize(spelled, false);
        expect(model.tokenize(spelled, false)).toHaveLength(1);
        expect(Math.exp(logprob)).toBeCloseTo(probabilities.get(token!) ?? 0, 5);
      }
    } finally {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    }
  });

  it('reads into a distribution over the three labels that sums to 1 and is deterministic', async () => {
    const first = distributionFromLogprobs(await io.ggufFirstTokenLogprobs(judgeModelPath(), prompt(ANSWERABLE), { models }))!;
    const again = distributionFromLogprobs(await io.ggufFirstTokenLogprobs(judgeModelPath(), prompt(ANSWERABLE), { models }))!;
    expect(Object.keys(first).sort()).toEqual(['answerable', 'partially_answerable', 'unanswerable']);
    expect(first.answerable + first.partially_answerable + first.unanswerable).toBeCloseTo(1, 9);
    for (const p of Object.values(first)) expect(p).toBeGreaterThan(0);
    expect(again).toEqual(first);
    // A different prompt moves the (random) model's distribution.
    const other = distributionFromLogprobs(await io.ggufFirstTokenLogprobs(judgeModelPath(), prompt(UNANSWERABLE), { models }))!;
    expect(other).not.toEqual(first);
  });

  it('serves concurrent calls on its one sequence without mixing them up', async () => {
    const path = judgeModelPath();
    const [a, u, a2] = await Promise.all([
      io.ggufFirstTokenLogprobs(path, prompt(ANSWERABLE), { models }),
      io.ggufFirstTokenLogprobs(path, prompt(UNANSWERABLE), { models }),
      io.ggufFirstTokenLogprobs(path, prompt(ANSWERABLE), { models }),
    ]);
    expect(a2).toEqual(a);
    expect(u).toEqual(await io.ggufFirstTokenLogprobs(path, prompt(UNANSWERABLE), { models }));
  });

  it('fits a prompt longer than the context (keeps head and tail)', async () => {
    const long = buildJudgePrompt(`${'Download the page and parse the rows. '.repeat(100)}`, FILEKIT_APIS.map(parseApiUnit));
    const top = await io.ggufFirstTokenLogprobs(judgeModelPath(), long, { contextSize: 256, models });
    expect(distributionFromLogprobs(top)).toBeDefined();
    expect(io.fitToContext([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 8)).toEqual([1, 2, 5, 6, 7, 8, 9, 10]);
    expect(io.fitToContext([1, 2, 3], 8)).toEqual([1, 2, 3]);
  });

  it.each(['qwen2', 'llama-spm'] as const)('finds the answer-letter tokens of a real %s tokenizer', async (vocab) => {
    const top = await io.ggufFirstTokenLogprobs(realVocabJudgeModelPath(vocab), prompt(ANSWERABLE), { models });
    expect(new Set(Object.keys(top).map((text) => text.trim()))).toEqual(new Set(['A', 'P', 'U']));
    const dist = distributionFromLogprobs(top)!;
    expect(dist.answerable + dist.partially_answerable + dist.unanswerable).toBeCloseTo(1, 9);
  });

  it('reports a missing file, a non-GGUF file and a truncated GGUF as MODEL_UNAVAILABLE with a hint', async () => {
    await expect(io.ggufFirstTokenLogprobs(join(root, 'missing.gguf'), 'x')).rejects.toMatchObject({
      code: 'MODEL_UNAVAILABLE',
      message: expect.stringContaining('GUARD_JUDGE_GGUF'),
      hint: expect.stringContaining('GUARD_JUDGE_GGUF'),
    });
    const text = join(root, 'notes.gguf');
    writeFileSync(text, 'this is not a model\n'.repeat(10));
    await expect(io.ggufFirstTokenLogprobs(text, 'x')).rejects.toMatchObject({
      code: 'MODEL_UNAVAILABLE',
      hint: expect.stringContaining('GUARD_JUDGE_GGUF'),
    });
    const truncated = join(root, 'truncated.gguf');
    writeFileSync(truncated, readFileSync(judgeModelPath()).subarray(0, 2000));
    await expect(io.ggufFirstTokenLogprobs(truncated, 'x')).rejects.toMatchObject({ code: 'MODEL_UNAVAILABLE' });
    // A directory is not a model either.
    await expect(io.ggufFirstTokenLogprobs(root, 'x')).rejects.toMatchObject({ code: 'MODEL_UNAVAILABLE' });
  });

  it('reports a GGUF that llama.cpp cannot load (no hyperparameters) as MODEL_UNAVAILABLE', async () => {
    const { writeGguf } = await import('../../../../src/engines/decoding/index.js');
    const headerOnly = join(root, 'header-only.gguf');
    writeFileSync(headerOnly, Buffer.concat(writeGguf([['general.architecture', { type: 'string', value: 'llama' }]], [])));
    await expect(io.ggufFirstTokenLogprobs(headerOnly, 'x')).rejects.toMatchObject({
      code: 'MODEL_UNAVAILABLE',
      message: expect.stringContaining('could not load'),
    });
  });

  it('refuses a context size below 64 tokens with CONFIG_INVALID', async () => {
    await expect(io.ggufFirstTokenLogprobs(judgeModelPath(), 'x', { contextSize: 10 })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});
