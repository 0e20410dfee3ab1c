import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { loadAnswerabilityIo } from '../../../../src/engines/answerability/index.js';
import { GuardError } from '../../../../src/shared/errors.js';
import { TINY_CLUSTERS, writeTinyEmbeddings } from '../../../fixtures/tiny-embeddings.js';

const dir = mkdtempSync(join(tmpdir(), 'gg-emb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('word-vector cache', () => {
  it('builds a binary table from the JSON once, atomically, and reads it back', async () => {
    const { loadWordVectors, wordVectorCachePath } = await loadAnswerabilityIo();
    const source = writeTinyEmbeddings(dir);
    const cacheDir = join(dir, 'cache-a');
    const vectors = await loadWordVectors({ source, cacheDir });
    expect(vectors.size).toBe(TINY_CLUSTERS.flat().length);
    expect(vectors.rank('repeat')).toBe(0);
    const cachePath = wordVectorCachePath(source, cacheDir);
    expect(statSync(cachePath).size).toBeGreaterThan(0);
    expect(readdirSync(join(cacheDir, 'answerability')).filter((f) => f.includes('.tmp-'))).toEqual([]);
    // Same words, close in meaning within a cluster, unrelated across clusters.
    const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, v, i) => s + v * b[i]!, 0);
    expect(dot(vectors.vector('clone')!, vectors.vector('copy')!)).toBeGreaterThan(0.9);
    expect(dot(vectors.vector('clone')!, vectors.vector('download')!)).toBeLessThan(0.3);
  });

  it('keeps only the most frequent words when asked', async () => {
    const { loadWordVectors } = await loadAnswerabilityIo();
    const vectors = await loadWordVectors({ source: writeTinyEmbeddings(dir), cacheDir: join(dir, 'cache-b'), maxRank: 8 });
    expect(vectors.size).toBe(8);
    expect(vectors.rank('repeat')).toBe(0);
    expect(vectors.rank('loop')).toBeUndefined();
  });

  it('rebuilds over a damaged cache file instead of trusting it', async () => {
    const { loadWordVectors, wordVectorCachePath } = await loadAnswerabilityIo();
    const source = writeTinyEmbeddings(dir);
    const cacheDir = join(dir, 'cache-c');
    const path = wordVectorCachePath(source, cacheDir, 1000);
    mkdirSync(join(cacheDir, 'answerability'), { recursive: true });
    writeFileSync(path, 'garbage left by a crashed writer');
    const vectors = await loadWordVectors({ source, cacheDir, maxRank: 1000 });
    expect(vectors.rank('clone')).toBeDefined();
    expect(readFileSync(path, 'utf8').startsWith('GGEMB002')).toBe(true);
  });

  it('names a missing source and a malformed one with their codes', async () => {
    const { loadWordVectors } = await loadAnswerabilityIo();
    await expect(loadWordVectors({ source: join(dir, 'nope.json'), cacheDir: dir })).rejects.toMatchObject({ code: 'IO_FAILED' });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ hello: 'world' }));
    const error = await loadWordVectors({ source: bad, cacheDir: join(dir, 'cache-d') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardError);
    expect((error as GuardError).code).toBe('MODEL_UNAVAILABLE');
    expect((error as GuardError).message).toContain(bad);
  });
});
