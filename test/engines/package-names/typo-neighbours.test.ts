import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildTypoNeighbours,
  isPopularName,
  popularNeighbours,
  withinOneEdit,
} from '../../../src/engines/package-names/typo-neighbours.js';

const popular = ['requests', 'numpy', 'express', 'react', 'lodash', 'six', 'pandas'];
const neighbours = buildTypoNeighbours(popular);

/** Brute-force optimal string alignment distance. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('typo neighbours', () => {
  it.each([
    ['reqeusts', ['requests']],
    ['requestss', ['requests']],
    ['requets', ['requests']],
    ['expresss', ['express']],
    ['lodahs', ['lodash']],
    ['reacts', ['react']],
    ['requests', []],
    ['flask', []],
  ])('%s → %j', (query, expected) => {
    expect(popularNeighbours(neighbours, query).sort()).toEqual(expected);
  });

  it('knows which names are popular', () => {
    expect(isPopularName(neighbours, 'numpy')).toBe(true);
    expect(isPopularName(neighbours, 'numpi')).toBe(false);
    expect(isPopularName(neighbours, 'nump')).toBe(false);
  });

  it('finds exactly the popular names within one edit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 9, unit: fc.constantFrom('r', 'e', 'q', 'u', 's', 't', 'x', 'a', 'n', 'd', 'i', 'p') }),
        (query) => {
          const expected = popular.filter((p) => p !== query && osa(query, p) <= 1).sort();
          expect(popularNeighbours(neighbours, query).sort()).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('withinOneEdit agrees with the full distance', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', 'c') }),
        fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', 'c') }),
        (a, b) => {
          expect(withinOneEdit(a, b)).toBe(osa(a, b) <= 1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
