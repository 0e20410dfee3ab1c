import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AutomatonBuilder } from '../../../src/engines/package-names/automaton-builder.js';
import { compileAutomaton } from '../../../src/engines/package-names/automaton-compiler.js';
import { accepts, enumerateWords, rankOf } from '../../../src/engines/package-names/automaton.js';
import { buildSmallAutomaton } from '../../../src/engines/package-names/small-automaton.js';
import { loadBundledPypi, readBundledManifest } from '../../../src/engines/package-names/io/bundled-sources.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function build(words: string[]) {
  const sorted = [...new Set(words)].map((w) => encoder.encode(w)).sort(Buffer.compare);
  const builder = new AutomatonBuilder();
  for (const w of sorted) if (w.length > 0) builder.add(w);
  const tables = builder.finish();
  return { tables, automaton: compileAutomaton(tables) };
}

describe('automaton', () => {
  it('accepts exactly the words it was built from', () => {
    const { automaton } = build(['flask', 'flask-login', 'flasks', 'requests', 'request']);
    expect(accepts(automaton, encoder.encode('flask'))).toBe(true);
    expect(accepts(automaton, encoder.encode('request'))).toBe(true);
    expect(accepts(automaton, encoder.encode('flask-'))).toBe(false);
    expect(accepts(automaton, encoder.encode('flas'))).toBe(false);
    expect(accepts(automaton, encoder.encode('requestss'))).toBe(false);
    expect(accepts(automaton, encoder.encode(''))).toBe(false);
  });

  it('ranks words densely in byte order', () => {
    const words = ['b', 'a', 'ab', 'abc', 'z', 'zz'];
    const { automaton } = build(words);
    const sorted = [...words].sort();
    sorted.forEach((w, i) => expect(rankOf(automaton, encoder.encode(w))).toBe(i));
    expect(rankOf(automaton, encoder.encode('abd'))).toBe(-1);
  });

  it('is minimal: shared suffixes become shared states', () => {
    const { tables } = build(['tap', 'taps', 'top', 'tops']);
    // t, {a,o}, p, s: 4 non-final states + final after p + final sink = 5 states in the minimal DFA
    expect(tables.stateFinal.length).toBe(5);
  });

  it('rejects out-of-order input with INPUT_INVALID', () => {
    const builder = new AutomatonBuilder();
    builder.add(encoder.encode('b'));
    expect(() => builder.add(encoder.encode('a'))).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
  });

  it('handles non-ASCII bytes and long names', () => {
    const long = 'x'.repeat(300);
    const { automaton } = build(['naïve', 'ñ', long, 'ü-ber']);
    expect(accepts(automaton, encoder.encode('naïve'))).toBe(true);
    expect(accepts(automaton, encoder.encode(long))).toBe(true);
    expect(accepts(automaton, encoder.encode('naive'))).toBe(false);
    expect([...enumerateWords(automaton)].map((w) => decoder.decode(w))).toEqual(
      ['naïve', 'ñ', long, 'ü-ber'].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );
  });

  it('matches a plain Set on arbitrary word lists (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'b', 'c', '-', 'é') }), { maxLength: 60 }),
        fc.array(fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'b', 'c', '-', 'é') }), { maxLength: 30 }),
        (words, probes) => {
          const set = new Set(words);
          const { automaton } = build(words);
          for (const probe of [...words, ...probes]) expect(accepts(automaton, encoder.encode(probe))).toBe(set.has(probe));
          expect([...enumerateWords(automaton)].length).toBe(set.size);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('builds small unsorted lists', () => {
    const automaton = buildSmallAutomaton(['zeta', 'alpha', 'alpha', 'mu']);
    expect(automaton.wordCount).toBe(3);
    expect(accepts(automaton, encoder.encode('mu'))).toBe(true);
  });
});

describe('automaton over the whole shipped PyPI snapshot', () => {
  it('agrees with a Set on every name and on near misses', () => {
    const input = loadBundledPypi(readBundledManifest());
    const names = decoder.decode(input.names).split('\n').filter(Boolean);
    const set = new Set(names);
    const builder = new AutomatonBuilder();
    let start = 0;
    for (let i = 0; i < input.names.length; i++) {
      if (input.names[i] === 10) {
        builder.add(input.names, start, i);
        start = i + 1;
      }
    }
    const automaton = compileAutomaton(builder.finish());
    expect(automaton.wordCount).toBe(set.size);
    let mismatches = 0;
    names.forEach((name, i) => {
      if (rankOf(automaton, encoder.encode(name)) !== i) mismatches++;
      if (i % 7 === 0) {
        for (const probe of [name + 'x', name.slice(0, -1), 'x' + name]) {
          if (accepts(automaton, encoder.encode(probe)) !== set.has(probe)) mismatches++;
        }
      }
    });
    expect(mismatches).toBe(0);
  });
});
