import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSmallAutomaton } from '../../../src/engines/package-names/small-automaton.js';
import { findNearNames } from '../../../src/engines/package-names/near-names.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const words = ['requests', 'request', 'requests-oauthlib', 'numpy', 'pandas', 'panda', 'flask', 'django', 'six'];
const automaton = buildSmallAutomaton(words);

function near(query: string, max: number): Array<[string, number]> {
  return findNearNames(automaton, encoder.encode(query), max).map((n) => [decoder.decode(n.bytes), n.distance]);
}

/** Optimal string alignment distance, the reference the walk must agree with. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('findNearNames', () => {
  it.each([
    ['reqeusts', 1, [['requests', 1]]],
    ['requets', 1, [['request', 1], ['requests', 1]]],
    ['nupmy', 1, [['numpy', 1]]],
    ['djnago', 1, [['django', 1]]],
    ['pandass', 1, [['pandas', 1]]],
    ['flask', 0, [['flask', 0]]],
    ['zzzzzz', 2, []],
  ] as const)('%s within %i', (query, max, expected) => {
    expect(near(query, max)).toEqual(expected);
  });

  it('orders by distance', () => {
    const found = near('pands', 2).map(([, d]) => d);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    expect(near('pands', 2)[0]).toEqual(['panda', 1]);
  });

  it('finds exactly the words within the distance (property, against a brute-force scan)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10, unit: fc.constantFrom('a', 'e', 'n', 'p', 'd', 's', 'q', 'u', 'r', 't') }), fc.integer({ min: 0, max: 2 }), (query, max) => {
        const expected = words.filter((w) => osa(query, w) <= max).sort();
        const found = near(query, max);
        expect(found.map(([w]) => w).sort()).toEqual(expected);
        for (const [w, d] of found) expect(d).toBe(osa(query, w));
      }),
      { numRuns: 500 },
    );
  });
});
