import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { assessAnswerability, type RetrieveApisFn } from '../../../src/app/answerability/assess-answerability.js';
import { createServices } from '../../../src/app/services.js';
import { writeTinyEmbeddings } from '../../fixtures/tiny-embeddings.js';
import { ANSWERABLE, FILEKIT_APIS, PARTIAL } from '../../engines/answerability/cases.js';
import { judgeModelPath } from '../../engines/answerability/judge-model.js';
import { argmaxLabel, blendDistributions, evidenceDistribution } from '../../../src/engines/answerability/index.js';

const root = mkdtempSync(join(tmpdir(), 'gg-app-assess-'));
const env = { GUARD_HOME: join(root, 'home'), GUARD_EMBEDDINGS: writeTinyEmbeddings(root) };
// The process's services: the judge model loads once for the file, as under `guard mcp`.
const services = createServices({ env, cwd: root, stderr: process.stderr });
afterAll(async () => {
  await services.close();
  rmSync(root, { recursive: true, force: true });
});

describe('assessAnswerability use case', () => {
  it('assesses against the given APIs, building the word-vector cache in GUARD_HOME', async () => {
    const report = await assessAnswerability({ query: PARTIAL, apis: FILEKIT_APIS }, { env });
    expect(report).toMatchObject({ label: 'partially_answerable', source: 'given', apis: ['read_csv', 'download', 'cycle'] });
    expect(readdirSync(join(env.GUARD_HOME, 'answerability')).some((f) => f.startsWith('word-vectors-'))).toBe(true);
  });

  it('retrieves top_k APIs for the library when none are given', async () => {
    const calls: unknown[] = [];
    const retrieveApis: RetrieveApisFn = async (request) => {
      calls.push(request);
      return [
        {
          name: 'download',
          signature: '(url: str, timeout: float = 10)',
          description: 'Downloads the content at an HTTP URL.',
          required: ['url'],
          optional: ['timeout'],
        },
      ];
    };
    const report = await assessAnswerability({ query: ANSWERABLE, library: 'filekit', topK: 5 }, { env, retrieveApis });
    expect(calls).toEqual([{ query: ANSWERABLE, topK: 5, library: 'filekit' }]);
    expect(report).toMatchObject({ label: 'answerable', source: 'index', apis: ['download'] });
  });

  it('reports INDEX_MISSING when retrieval finds nothing', async () => {
    await expect(assessAnswerability({ query: ANSWERABLE, library: 'nolib' }, { env, retrieveApis: async () => [] })).rejects.toMatchObject(
      {
        code: 'INDEX_MISSING',
        message: expect.stringContaining('"nolib"'),
      },
    );
  });

  it('passes retrieval faults through (no index built yet)', async () => {
    const { GuardError } = await import('../../../src/shared/errors.js');
    const retrieveApis: RetrieveApisFn = async () => {
      throw new GuardError('INDEX_MISSING', 'no API index at /x/api-index.sqlite');
    };
    await expect(assessAnswerability({ query: ANSWERABLE }, { env, retrieveApis })).rejects.toMatchObject({ code: 'INDEX_MISSING' });
  });

  it.each([0, 21, 2.5])('refuses top_k %s with INPUT_INVALID', async (topK) => {
    await expect(assessAnswerability({ query: ANSWERABLE, topK }, { env, retrieveApis: async () => [] })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
    });
  });

  it('refuses an empty query before retrieving anything', async () => {
    let called = false;
    await expect(assessAnswerability({ query: ' ' }, { env, retrieveApis: async () => ((called = true), []) })).rejects.toMatchObject({
      code: 'INPUT_INVALID',
    });
    expect(called).toBe(false);
  });

  it('names a missing embeddings file', async () => {
    await expect(
      assessAnswerability({ query: ANSWERABLE, apis: FILEKIT_APIS }, { env: { ...env, GUARD_EMBEDDINGS: join(root, 'missing.json') } }),
    ).rejects.toMatchObject({
      code: 'IO_FAILED',
    });
  });
});

describe('assessAnswerability with an LLM judge', () => {
  it('blends the judge into the label when GUARD_JUDGE_URL is set (loopback OpenAI-compatible server)', async () => {
    const { createServer } = await import('node:http');
    let prompt = '';
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        prompt = (JSON.parse(body) as { prompt: string }).prompt;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ choices: [{ logprobs: { top_logprobs: [{ ' U': -0.01, ' A': -6, ' P': -6 }] } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const judged = { ...env, GUARD_JUDGE_URL: `http://127.0.0.1:${port}/v1`, GUARD_JUDGE_MODEL: 'tiny', GUARD_JUDGE_WEIGHT: '0.9' };
      const report = await assessAnswerability({ query: ANSWERABLE, apis: FILEKIT_APIS }, { env: judged });
      expect(prompt).toContain(ANSWERABLE);
      expect(prompt).toContain('download(url: str, timeout: float = 10.0)');
      expect(report.judge!.unanswerable).toBeGreaterThan(0.9);
      expect(report.label).toBe('unanswerable');
      // Weight 0: the evidence alone decides, the judge's view is still reported.
      const evidenceOnly = await assessAnswerability(
        { query: ANSWERABLE, apis: FILEKIT_APIS },
        { env: { ...judged, GUARD_JUDGE_WEIGHT: '0' } },
      );
      expect(evidenceOnly.label).toBe('answerable');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a judge URL without a model, and a bad weight, with CONFIG_INVALID', async () => {
    await expect(
      assessAnswerability({ query: ANSWERABLE, apis: FILEKIT_APIS }, { env: { ...env, GUARD_JUDGE_URL: 'http://127.0.0.1:9/v1' } }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(
      assessAnswerability({ query: ANSWERABLE, apis: FILEKIT_APIS }, { env, judge: async () => ({ ' A': -0.1 }) }),
    ).resolves.toMatchObject({ label: 'answerable' });
    await expect(
      assessAnswerability(
        { query: ANSWERABLE, apis: FILEKIT_APIS },
        { env: { ...env, GUARD_JUDGE_WEIGHT: '2' }, judge: async () => ({ ' A': -0.1 }) },
      ),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});

describe('assessAnswerability with a local GGUF judge (GUARD_JUDGE_GGUF)', () => {
  it("reports the model's distribution as `judge` and blends it with the evidence", async () => {
    const evidence = await assessAnswerability({ query: PARTIAL, apis: FILEKIT_APIS }, { env });
    expect(evidence.judge).toBeUndefined();
    for (const weight of ['0.3', '1']) {
      const report = await assessAnswerability(
        { query: PARTIAL, apis: FILEKIT_APIS },
        { env: { ...env, GUARD_JUDGE_GGUF: judgeModelPath(), GUARD_JUDGE_WEIGHT: weight }, answerability: services.answerability },
      );
      const judge = report.judge!;
      expect(Object.keys(judge).sort()).toEqual(['answerable', 'partially_answerable', 'unanswerable']);
      expect(judge.answerable + judge.partially_answerable + judge.unanswerable).toBeCloseTo(1, 9);
      const blended = blendDistributions(evidenceDistribution(evidence), judge, Number(weight));
      expect(report.label).toBe(argmaxLabel(blended));
      expect(report.confidence).toBeCloseTo(blended[report.label], 3);
      expect(report.requests).toEqual(evidence.requests);
      if (weight === '1') expect(report.label).toBe(argmaxLabel(judge));
    }
  });

  it('refuses GUARD_JUDGE_GGUF together with GUARD_JUDGE_URL (CONFIG_INVALID) before loading anything', async () => {
    let loadedVectors = false;
    const both = { ...env, GUARD_JUDGE_GGUF: judgeModelPath(), GUARD_JUDGE_URL: 'http://127.0.0.1:9/v1', GUARD_JUDGE_MODEL: 'm' };
    const loadVectors = async () => {
      loadedVectors = true;
      throw new Error('must not be reached');
    };
    await expect(assessAnswerability({ query: ANSWERABLE, apis: FILEKIT_APIS }, { env: both, loadVectors })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/GUARD_JUDGE_GGUF.*GUARD_JUDGE_URL/),
      hint: expect.stringContaining('unset'),
    });
    expect(loadedVectors).toBe(false);
  });

  it('reports a missing or non-GGUF judge model as MODEL_UNAVAILABLE with a hint', async () => {
    const { writeFileSync } = await import('node:fs');
    const notModel = join(root, 'judge.gguf');
    writeFileSync(notModel, '{"not": "a model"}');
    for (const path of [join(root, 'no-such-model.gguf'), notModel]) {
      await expect(
        assessAnswerability({ query: ANSWERABLE, apis: FILEKIT_APIS }, { env: { ...env, GUARD_JUDGE_GGUF: path } }),
      ).rejects.toMatchObject({
        code: 'MODEL_UNAVAILABLE',
        message: expect.stringContaining(path),
        hint: expect.stringContaining('GUARD_JUDGE_GGUF'),
      });
    }
  });
});
