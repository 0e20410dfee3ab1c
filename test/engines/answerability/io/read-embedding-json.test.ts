import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { loadAnswerabilityIo, type WordVectorEntry } from '../../../../src/engines/answerability/index.js';
import { TINY_CLUSTERS, TINY_DIMENSIONS, writeTinyEmbeddings } from '../../../fixtures/tiny-embeddings.js';

const dir = mkdtempSync(join(tmpdir(), 'gg-embjson-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(chunkBytes: number, maxRank = Infinity): Promise<{ entries: WordVectorEntry[]; progress: number[] }> {
  const { readEmbeddingJson } = await loadAnswerabilityIo();
  const entries: WordVectorEntry[] = [];
  const progress: number[] = [];
  const header = await readEmbeddingJson(
    writeTinyEmbeddings(dir),
    { maxRank, chunkBytes, onProgress: (done) => progress.push(done) },
    (e) => entries.push(e),
  );
  expect(header).toEqual({ dimensions: TINY_DIMENSIONS, wordIndex: TINY_DIMENSIONS + 1 });
  return { entries, progress };
}

describe('readEmbeddingJson', () => {
  it('streams every vector with its rank, the same whatever the read size (entries straddle reads)', async () => {
    const whole = await readAll(1 << 20);
    expect(whole.entries).toHaveLength(TINY_CLUSTERS.flat().length);
    expect(whole.entries[0]).toMatchObject({ word: 'repeat', rank: 0 });
    expect(whole.entries[0]!.vector).toHaveLength(TINY_DIMENSIONS);
    for (const size of [7, 64, 333]) {
      const small = await readAll(size);
      expect(small.entries).toEqual(whole.entries);
      expect(small.progress.length).toBeGreaterThan(whole.progress.length);
    }
  });

  it('keeps only ranks below the limit and skips the unknown-word vector', async () => {
    const { entries } = await readAll(50, 5);
    expect(entries.map((e) => e.rank).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    expect(entries.some((e) => e.word === 'unkVector')).toBe(false);
  });
});
