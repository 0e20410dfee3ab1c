import { describe, expect, it } from 'vitest';

import { buildSmallAutomaton, unionAutomaton } from '../../../src/engines/package-names/index.js';
import { accepts, enumerateWords } from '../../../src/engines/package-names/automaton.js';
import { createRandom } from '../../../src/shared/random.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const words = (automaton: Parameters<typeof enumerateWords>[0]) => [...enumerateWords(automaton)].map((w) => dec.decode(w));

function randomNames(random: () => number, count: number): string[] {
  const alphabet = 'abc-1';
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(random() * 5) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
  );
}

describe('unionAutomaton', () => {
  it('accepts exactly the kept words of every list (against sets, over random lists)', () => {
    const random = createRandom(20261121);
    for (let round = 0; round < 60; round++) {
      const lists = Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomNames(random, Math.floor(random() * 40)));
      const drop = (list: number) => (word: string) => list === 0 && word.startsWith('a');
      const union = unionAutomaton(
        lists.map((names, i) => ({
          automaton: buildSmallAutomaton(names.length > 0 ? names : ['zz']),
          keep: (w: Uint8Array) => !drop(i)(dec.decode(w)),
        })),
      );
      const expected = new Set<string>();
      lists.forEach((names, i) => (names.length > 0 ? names : ['zz']).filter((n) => !drop(i)(n)).forEach((n) => expected.add(n)));
      expect(words(union)).toEqual([...expected].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
      for (const probe of randomNames(random, 30)) expect(accepts(union, enc.encode(probe)), probe).toBe(expected.has(probe));
    }
  });

  it('keeps a word any list keeps, even when another list holding it drops it', () => {
    const union = unionAutomaton([
      { automaton: buildSmallAutomaton(['acme-tools', 'requests']), keep: (w) => !dec.decode(w).startsWith('acme') },
      { automaton: buildSmallAutomaton(['acme-tools', 'acme-private']) },
    ]);
    expect(words(union)).toEqual(['acme-private', 'acme-tools', 'requests']);
  });
});
