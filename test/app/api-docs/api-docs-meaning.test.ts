import { describe, expect, it } from 'vitest';

import { loadApiDocsMeaning, meaningFromVectors } from '../../../src/app/api-docs/api-docs-meaning.js';
import { decodeWordVectors, encodeWordVectors } from '../../../src/engines/answerability/index.js';
import { tempDir } from '../../fixtures/api-docs-sources.js';

describe('word meaning for API-docs retrieval', () => {
  it('is absent, without building anything, while the cache directory has no word-vector table', async () => {
    const home = tempDir();
    expect(await loadApiDocsMeaning({ home, env: {} })).toBeUndefined();
  });

  it('is the cosine of two words’ vectors, 0 for a word the table lacks', () => {
    const table = decodeWordVectors(
      encodeWordVectors(
        [
          { word: 'server', rank: 0, vector: [1, 0, 0] },
          { word: 'instance', rank: 1, vector: [0.8, 0.6, 0] },
          { word: 'bucket', rank: 2, vector: [0, 0, 1] },
        ],
        3,
        { test: 1 },
      ),
    )!;
    const meaning = meaningFromVectors(table);
    expect(meaning.similarity('server', 'instance')).toBeCloseTo(0.8, 1);
    expect(meaning.similarity('server', 'bucket')).toBeCloseTo(0, 5);
    expect(meaning.similarity('server', 'unheard')).toBe(0);
  });
});
