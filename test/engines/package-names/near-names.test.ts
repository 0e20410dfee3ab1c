import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSmallAutomaton } from '../../../src/engines/package-names/small-automaton.js';
import { findNearNames } from '../../../src/engines/package-names/near-names.js';
import { ARC_NEXT, ARC_OUTPUT, ARC_SINK, SINK, type NameAutomaton } from '../../../src/engines/package-names/automaton.js';

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
    [
      'requets',
      1,
      [
        ['request', 1],
        ['requests', 1],
      ],
    ],
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
      fc.property(
        fc.string({ minLength: 1, maxLength: 10, unit: fc.constantFrom('a', 'e', 'n', 'p', 'd', 's', 'q', 'u', 'r', 't') }),
        fc.integer({ min: 0, max: 3 }),
        (query, max) => {
          const expected = words.filter((w) => osa(query, w) <= max).sort();
          const found = near(query, max);
          expect(found.map(([w]) => w).sort()).toEqual(expected);
          for (const [w, d] of found) expect(d).toBe(osa(query, w));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with the brute force on random automata: words, distances, order and limit', () => {
    const pool = fc.array(fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'b', 'c', '-') }), {
      minLength: 1,
      maxLength: 60,
    });
    const query = fc.string({ minLength: 0, maxLength: 10, unit: fc.constantFrom('a', 'b', 'c', '-', 'd') });
    fc.assert(
      fc.property(pool, query, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 8 }), (list, q, max, limit) => {
        expectSameAsBruteForce(list, q, max, limit);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the brute force for long queries, including ones over 31 bytes', () => {
    // Names are a few long seeds and their edits, queries are further edits: many hits at 0–4 edits.
    const seed = fc.string({ minLength: 12, maxLength: 45, unit: fc.constantFrom('a', 'b', 'c', '-', 'x', 'y') });
    const edits = fc.array(
      fc.tuple(fc.constantFrom('insert', 'delete', 'substitute', 'transpose'), fc.nat(), fc.constantFrom('a', 'b', 'z')),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(
        fc.array(seed, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), edits), { maxLength: 40 }),
        fc.tuple(fc.nat(), edits),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 12 }),
        (seeds, variants, [from, queryEdits], max, limit) => {
          const list = [...seeds, ...variants.map(([i, e]) => mutate(seeds[i % seeds.length]!, e))];
          const q = mutate(seeds[from % seeds.length]!, queryEdits);
          expectSameAsBruteForce(list, q, max, limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads four-byte addresses the same as three-byte ones', () => {
    const list = ['requests', 'request', 'requests-oauthlib', 'requests-toolbelt', 'reqests', 'numpy', 'nump', 'pandas'];
    const narrow = buildSmallAutomaton(list);
    const wide = widen(narrow);
    expect(wide.addressWidth).toBe(4);
    for (const q of ['reqeusts', 'requests-oatuhlib', 'numpy', 'panda', 'x']) {
      for (const max of [0, 1, 2, 3]) {
        const found = findNearNames(wide, encoder.encode(q), max);
        expect(found.map((n) => [decoder.decode(n.bytes), n.distance, n.rank])).toEqual(bruteForce(list, q, max, 256));
      }
    }
  });
});

/** The words of `list` within `max` of `query`, closest then lowest rank first, as [word, distance, rank]. */
function bruteForce(list: readonly string[], query: string, max: number, limit: number): Array<[string, number, number]> {
  const sorted = [...new Set(list)].filter((w) => w.length > 0).sort();
  return sorted
    .map((w, rank): [string, number, number] => [w, osa(query, w), rank])
    .filter(([, d]) => d <= max)
    .sort((a, b) => a[1] - b[1] || a[2] - b[2])
    .slice(0, limit);
}

function expectSameAsBruteForce(list: readonly string[], query: string, max: number, limit: number): void {
  const found = findNearNames(buildSmallAutomaton(list), encoder.encode(query), max, limit);
  expect(found.map((n) => [decoder.decode(n.bytes), n.distance, n.rank])).toEqual(bruteForce(list, query, max, limit));
}

type Edit = [kind: 'insert' | 'delete' | 'substitute' | 'transpose', at: number, char: string];

function mutate(word: string, edits: readonly Edit[]): string {
  let w = word;
  for (const [kind, at, char] of edits) {
    const i = w.length === 0 ? 0 : at % w.length;
    if (kind === 'insert') w = w.slice(0, i) + char + w.slice(i);
    else if (kind === 'delete') w = w.slice(0, i) + w.slice(i + 1);
    else if (kind === 'substitute') w = w.slice(0, i) + char + w.slice(i + 1);
    else if (i + 1 < w.length) w = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  }
  return w;
}

/** The same automaton re-encoded with four-byte addresses (the layout of lists over 16 MiB). */
function widen(automaton: NameAutomaton): NameAutomaton {
  const { code } = automaton;
  // Arc boundaries in order, and where each arc moves to once every address before it grows a byte.
  const moved = new Map<number, number>();
  const arcs: Array<{ at: number; end: number; address: number }> = [];
  let shift = 0;
  for (let pos = 0; pos < code.length;) {
    moved.set(pos, pos + shift);
    const head = code[pos]!;
    if (head < 0x80) {
      arcs.push({ at: pos, end: pos + 1, address: -1 });
      pos += 1;
      continue;
    }
    let p = pos + 2;
    if (head & ARC_OUTPUT) while (code[p++]! & 0x80);
    const addressed = !(head & ARC_SINK) && !(head & ARC_NEXT);
    arcs.push({ at: pos, end: p, address: addressed ? code[p]! | (code[p + 1]! << 8) | (code[p + 2]! << 16) : -1 });
    if (addressed) shift++;
    pos = addressed ? p + 3 : p;
  }
  moved.set(code.length, code.length + shift);
  const out = new Uint8Array(code.length + shift);
  for (const arc of arcs) {
    let p = moved.get(arc.at)!;
    out.set(code.subarray(arc.at, arc.end), p);
    p += arc.end - arc.at;
    if (arc.address >= 0) {
      const address = moved.get(arc.address)!;
      out.set([address & 0xff, (address >>> 8) & 0xff, (address >>> 16) & 0xff, address >>> 24], p);
    }
  }
  return { ...automaton, code: out, root: automaton.root === SINK ? SINK : moved.get(automaton.root)!, addressWidth: 4 };
}
