import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  buildTokenTrie,
  feedBytes,
  PackageIntervenor,
  readGgufHeader,
  readVocabulary,
  stateAfter,
} from '../../../src/engines/decoding/index.js';
import { buildSmallAutomaton } from '../../../src/engines/package-names/index.js';
import { syntheticVocabulary, vocabPath } from './model-fixtures.js';

const PYPI = ['requests', 'numpy', 'flask', 'flask-login', 'typing-extensions', 'django', 'pandas', 'scikit-learn'];
const automata = { pypi: buildSmallAutomaton(PYPI), npm: buildSmallAutomaton(['lodash', 'express', '@types/node']) };
const encoder = new TextEncoder();

const PREFIXES = [
  '```bash\npip install ',
  '```bash\npip install',
  '```bash\npip install req',
  '```bash\npip install requests',
  '```bash\npip install flask',
  '```bash\npip install flask_',
  '```bash\npip install "requests[',
  '```bash\npip install numpy==',
  '```bash\nnpm i @types',
  'Some prose, then ',
];

function bruteForce(intervenor: PackageIntervenor, prefix: string): number[] {
  const state = stateAfter(encoder.encode(prefix), intervenor.walker);
  const allowed: number[] = [];
  for (let t = 0; t < intervenor.vocabulary.bytes.length; t++) if (intervenor.tryToken(state, t)) allowed.push(t);
  return allowed;
}

describe('package intervenor', () => {
  for (const [label, load] of [
    ['synthetic vocabulary', syntheticVocabulary],
    ['Qwen2 151k vocabulary', () => readVocabulary(readGgufHeader(new Uint8Array(readFileSync(vocabPath('qwen2')))).metadata)],
  ] as const) {
    it(`masks equal the brute-force set of allowed tokens (${label})`, () => {
      const vocabulary = load();
      const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
      for (const prefix of PREFIXES) {
        const state = stateAfter(encoder.encode(prefix), intervenor.walker);
        const mask = [...intervenor.allowedTokens(state)].sort((a, b) => a - b);
        expect(mask, prefix).toEqual(bruteForce(intervenor, prefix));
        // Served from the cache the second time, same content.
        expect([...intervenor.allowedTokens(state)].sort((a, b) => a - b)).toEqual(mask);
      }
      expect(intervenor.stats.hits).toBeGreaterThanOrEqual(PREFIXES.length);
    });
  }

  it('masks inside a requirement tail equal the brute-force set at every length of tail, up to its bound (Qwen2: long tokens)', () => {
    const vocabulary = readVocabulary(readGgufHeader(new Uint8Array(readFileSync(vocabPath('qwen2')))).metadata);
    const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
    // The tail is read in strict mode (as generated), so the parser counts its bytes.
    const tails = [
      ['```bash\npip install requests', '==1.'],
      ['```bash\npip install "requests', '; python_version'],
      ['```bash\npip install "flask', '[a'],
    ] as const;
    let checked = 0;
    for (const [prompt, tail] of tails) {
      for (const extra of [0, 8, 30, 50, 60, 64, 66, 68, 70, 72, 74]) {
        const state = stateAfter(encoder.encode(prompt), intervenor.walker);
        const bytes = encoder.encode(tail + '1'.repeat(extra));
        if (!feedBytes(state, bytes, intervenor.walker, true)) continue; // past the bound: nothing more to check
        expect(state.inTail).toBe(true);
        const mask = [...intervenor.allowedTokens(state)].sort((a, b) => a - b);
        const brute: number[] = [];
        for (let t = 0; t < vocabulary.bytes.length; t++) if (intervenor.tryToken(state, t)) brute.push(t);
        expect(mask, `${prompt}${tail} + ${extra}`).toEqual(brute);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('allows end-of-generation only where the name is whole', () => {
    const vocabulary = syntheticVocabulary();
    const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
    const eos = [...vocabulary.eog][0]!;
    expect(intervenor.tryToken(stateAfter(encoder.encode('```bash\npip install flask'), intervenor.walker), eos)).toBeDefined();
    expect(intervenor.tryToken(stateAfter(encoder.encode('```bash\npip install flas'), intervenor.walker), eos)).toBeUndefined();
    expect(intervenor.tryToken(stateAfter(encoder.encode('```bash\npip install numpy=='), intervenor.walker), eos)).toBeUndefined();
  });

  it('reaches case and separator variants of PyPI names', () => {
    const vocabulary = syntheticVocabulary();
    const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
    const id = (text: string): number => vocabulary.bytes.findIndex((b) => Buffer.from(b).toString() === text);
    const start = stateAfter(encoder.encode('```bash\npip install'), intervenor.walker);
    expect(intervenor.tryToken(start, id(' Flask'))).toBeDefined();
    expect(intervenor.tryToken(start, id(' reqeusts'))).toBeUndefined();
    const typing = intervenor.tryToken(start, id(' typing'))!;
    expect(intervenor.tryToken(typing, id('_extensions'))).toBeDefined();
    expect(intervenor.tryToken(typing, id('-extensions'))).toBeDefined();
  });
});

describe('prompts that end inside a name', () => {
  it('leave a name the prompt wrote off the list free, so generation can go on', () => {
    const vocabulary = syntheticVocabulary();
    const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
    const state = stateAfter(encoder.encode('```bash\npip install reqx'), intervenor.walker);
    expect(intervenor.allowedTokens(state).length).toBeGreaterThan(0);
    const space = vocabulary.bytes.findIndex((b) => b.length === 1 && b[0] === 0x20);
    expect(intervenor.tryToken(state, space)).toBeDefined();
    // A prefix still on a path stays constrained.
    const live = stateAfter(encoder.encode('```bash\npip install req'), intervenor.walker);
    expect(intervenor.tryToken(live, space)).toBeUndefined();
  });
});
