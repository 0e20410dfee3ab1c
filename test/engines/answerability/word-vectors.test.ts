import { describe, expect, it } from 'vitest';

import { decodeWordVectors, encodeWordVectors } from '../../../src/engines/answerability/index.js';

const ENTRIES = [
  { word: 'repeat', rank: 7, vector: [1, 0, 0, 0.1] },
  { word: 'cycle', rank: 3, vector: [0.9, 0.1, 0, 0] },
  { word: 'fork', rank: 11, vector: [0, 0, 1, 0] },
];

describe('word-vector table', () => {
  it('round-trips words, ranks and (quantised) directions', () => {
    const table = decodeWordVectors(encodeWordVectors(ENTRIES, 4, { path: 'test' }))!;
    expect(table.size).toBe(3);
    expect(table.dimensions).toBe(4);
    expect(table.rank('cycle')).toBe(3);
    expect(table.rank('missing')).toBeUndefined();
    expect(table.vector('missing')).toBeUndefined();
    const repeat = table.vector('repeat')!;
    const norm = Math.hypot(1, 0, 0, 0.1);
    expect(repeat[0]).toBeCloseTo(1 / norm, 2);
    expect(repeat[3]).toBeCloseTo(0.1 / norm, 2);
    expect(Math.hypot(...repeat)).toBeCloseTo(1, 5);
  });

  it('decodes from an unaligned byte offset', () => {
    const bytes = encodeWordVectors(ENTRIES, 4, {});
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(decodeWordVectors(shifted.subarray(1))?.rank('fork')).toBe(11);
  });

  it('refuses foreign or truncated bytes', () => {
    const bytes = encodeWordVectors(ENTRIES, 4, {});
    expect(decodeWordVectors(new TextEncoder().encode('not a table at all'))).toBeUndefined();
    expect(decodeWordVectors(bytes.subarray(0, bytes.length - 5))).toBeUndefined();
  });
});
