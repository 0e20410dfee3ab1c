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
    const counts = new RefusalCounts({ first: Infinity, redo: Infinity });
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

  it('weighs a kind against a state by KIND_WEIGHT draws: 0 per state, Infinity per kind, between a prior', () => {
    const shaped = (): TokenConstraint => new TokenConstraint(new Uint32Array([0b1011]), 32, 'name|fenced#1');
    const perState = new RefusalCounts({ first: 0, redo: 0 });
    const perKind = new RefusalCounts({ first: Infinity, redo: Infinity });
    const blended = new RefusalCounts({ first: 2, redo: 2 });
    for (const counts of [perState, perKind, blended]) {
      const first = shaped();
      expect(counts.oftenRefused(first, false, 4)).toBe(false);
      counts.refused(first, false);
    }
    // A new state of a kind refused 1 in 1: per state it draws plain, per kind or with the prior under the mask.
    expect(perState.oftenRefused(shaped(), false, 4)).toBe(false);
    expect(perKind.oftenRefused(shaped(), false, 4)).toBe(true);
    expect(blended.oftenRefused(shaped(), false, 4)).toBe(true);
    const quiet = new RefusalCounts({ first: 2, redo: 2 });
    const mostlyKept = shaped();
    for (let i = 0; i < 8; i++) expect(quiet.oftenRefused(mostlyKept, false, 4)).toBe(false);
    // 8 plain, none refused (kind share 0): plain again, and after one refusal in 9 still plain.
    quiet.refused(mostlyKept, false);
    expect(quiet.oftenRefused(mostlyKept, false, 4)).toBe(false);
    expect(quiet.rarelyRefused(mostlyKept, false, 4)).toBe(true);
  });

  it('by default the first draw goes by the state, the choice after a refusal by the kind', () => {
    const counts = new RefusalCounts();
    const shaped = (): TokenConstraint => new TokenConstraint(new Uint32Array([0b1011]), 32, 'name|fenced#1');
    for (let i = 0; i < 3; i++) {
      const state = shaped();
      expect(counts.oftenRefused(state, false, 4)).toBe(false);
      counts.refused(state, false);
    }
    // A new state of a kind refused 3 in 3: its first draw is plain (its own counts are empty) …
    const state = shaped();
    expect(counts.oftenRefused(state, false, 4)).toBe(false);
    counts.refused(state, false);
    // … and once refused, the kind says another plain draw would likely be refused too.
    expect(counts.rarelyRefused(state, false, 4)).toBe(false);
    // Per state it would try one more plain draw.
    const perState = new RefusalCounts({ first: 0, redo: 0 });
    const lone = shaped();
    perState.oftenRefused(lone, false, 4);
    perState.refused(lone, false);
    expect(perState.rarelyRefused(lone, false, 4)).toBe(true);
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
