/**
 * The per-constraint refusal counts the llama.cpp adapter chooses its draw by: a plain draw until at
 * least 1 in `share` plain draws of the same kind was refused, counted apart at temperature 0 and above.
 */
import { describe, expect, it } from 'vitest';

import { RefusalCounts } from '../../../../src/engines/decoding/io/refusal-counts.js';
import { TokenConstraint } from '../../../../src/engines/decoding/index.js';

const constraint = (): TokenConstraint => new TokenConstraint(new Uint32Array([0b1011]), 32);

describe('refusal counts', () => {
  it('draws plain until 1 in `share` plain draws was refused, then under the mask', () => {
    const counts = new RefusalCounts();
    const c = constraint();
    // Seven plain draws kept, then one refused: 1 in 8.
    for (let i = 0; i < 7; i++) expect(counts.oftenRefused(c, false, 4)).toBe(false);
    expect(counts.oftenRefused(c, false, 4)).toBe(false);
    counts.refused(c, false);
    // 1 refused of 8 plain: below 1 in 4, so plain again (now 9 counted), and again after a second refusal (2 of 9).
    expect(counts.oftenRefused(c, false, 4)).toBe(false);
    counts.refused(c, false);
    expect(counts.oftenRefused(c, false, 4)).toBe(false);
    counts.refused(c, false);
    // 3 of 10: under the mask from now on, and asking counts nothing more.
    expect(counts.oftenRefused(c, false, 4)).toBe(true);
    expect(counts.oftenRefused(c, false, 4)).toBe(true);
  });

  it('keeps temperature 0 and temperature draws apart, and constraints apart', () => {
    const counts = new RefusalCounts();
    const a = constraint();
    const b = constraint();
    expect(counts.oftenRefused(a, true, 8)).toBe(false);
    counts.refused(a, true);
    expect(counts.oftenRefused(a, true, 8)).toBe(true);
    expect(counts.oftenRefused(a, false, 8)).toBe(false);
    expect(counts.oftenRefused(b, true, 8)).toBe(false);
  });

  it('counts constraints of one shape together (the states inside names of one line context), others apart', () => {
    const counts = new RefusalCounts();
    const shaped = (shape: string): TokenConstraint => new TokenConstraint(new Uint32Array([0b1011]), 32, shape);
    const first = shaped('name|fenced#1');
    // Refused under one state of the shape: the next state of the same shape, met for the first time, draws under the mask.
    expect(counts.oftenRefused(first, false, 4)).toBe(false);
    counts.refused(first, false);
    expect(counts.oftenRefused(shaped('name|fenced#1'), false, 4)).toBe(true);
    expect(counts.oftenRefused(shaped('name|fenced#0'), false, 4)).toBe(false);
    expect(counts.oftenRefused(constraint(), false, 4)).toBe(false);
    // A new generation forgets them at a temperature.
    counts.forgetWarm();
    expect(counts.oftenRefused(shaped('name|fenced#1'), false, 4)).toBe(false);
  });

  it('a new generation forgets the counts at a temperature and keeps those at temperature 0', () => {
    const counts = new RefusalCounts();
    const c = constraint();
    counts.refused(c, true);
    counts.refused(c, false);
    counts.forgetWarm();
    expect(counts.oftenRefused(c, true, 8)).toBe(true);
    expect(counts.oftenRefused(c, false, 8)).toBe(false);
  });

  it('after a refusal, says whether plain draws were rarely refused before it', () => {
    const counts = new RefusalCounts();
    const c = constraint();
    for (let i = 0; i < 4; i++) counts.oftenRefused(c, false, 4);
    counts.refused(c, false);
    // 0 of 4 before this one.
    expect(counts.rarelyRefused(c, false, 4)).toBe(true);
    counts.refused(c, false);
    // 1 of 4 before this one: not rarely.
    expect(counts.rarelyRefused(c, false, 4)).toBe(false);
  });

  it('a refusal with no plain draw counted counts one plain draw', () => {
    const counts = new RefusalCounts();
    const c = constraint();
    counts.refused(c, false);
    expect(counts.oftenRefused(c, false, 1)).toBe(true);
    const d = constraint();
    counts.refused(d, false);
    // 1 of 1 refused: under the mask at any share.
    expect(counts.oftenRefused(d, false, 100)).toBe(true);
  });
});
