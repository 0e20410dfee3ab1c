/**
 * The fast paths behind the speed targets, each checked against the plain definition it replaces:
 * `cursorSteps` against `stepCursor` byte by byte, bitset masks against the brute-force set of
 * tokens `tryToken` accepts (in states the fast name walk and its cached "leave" parts cover).
 */
import { describe, expect, it } from 'vitest';

import {
  buildTokenTrie,
  PackageIntervenor,
  readGgufHeader,
  readVocabulary,
  stateAfter,
  type Vocabulary,
} from '../../../src/engines/decoding/index.js';
import { buildSmallAutomaton, cursorSteps, startCursor, stepCursor } from '../../../src/engines/package-names/index.js';
import { readFileSync } from 'node:fs';

import { syntheticVocabulary, vocabPath } from './model-fixtures.js';

const encoder = new TextEncoder();
const PYPI = [
  'requests',
  'requests-oauthlib',
  'numpy',
  'flask',
  'flask-login',
  'typing-extensions',
  'django',
  'pandas',
  'a',
  'ab',
  'a-b',
  'zope.interface',
];
const NPM = ['lodash', 'lodash.merge', 'express', '@types/node', 'react', 'react-dom', 'A-Upper'];
const CONDA = ['numpy', 'r-base', 'python_abi', 'libgcc-ng', 'ca-certificates'];

describe('cursorSteps', () => {
  for (const [ecosystem, names] of [
    ['pypi', PYPI],
    ['npm', NPM],
    ['conda', CONDA],
  ] as const) {
    it(`lists exactly the bytes stepCursor accepts, with the same cursors (${ecosystem})`, () => {
      const automaton = buildSmallAutomaton(names);
      const bytes = new Uint8Array(256);
      const cursors = new Float64Array(256);
      // Every cursor reachable from the start (breadth first over all bytes), separators included.
      const seen = new Set<number>();
      const queue = [startCursor(automaton)];
      let checked = 0;
      while (queue.length > 0) {
        const cursor = queue.shift()!;
        if (seen.has(cursor)) continue;
        seen.add(cursor);
        const expected = new Map<number, number>();
        for (let b = 0; b < 256; b++) {
          const next = stepCursor(automaton, ecosystem, cursor, b);
          if (next >= 0) expected.set(b, next);
        }
        const count = cursorSteps(automaton, ecosystem, cursor, bytes, cursors);
        const actual = new Map<number, number>();
        for (let i = 0; i < count; i++) actual.set(bytes[i]!, cursors[i]!);
        expect(actual).toEqual(expected);
        for (const next of expected.values()) queue.push(next);
        checked++;
      }
      expect(checked).toBeGreaterThan(names.length);
    });
  }
});

const PREFIXES = [
  '```bash\npip install ',
  '```bash\npip install r',
  '```bash\npip install requests',
  '```bash\npip install requests-',
  '```bash\npip install flask flask-',
  '```bash\npip install "flask',
  "```bash\npip install 'numpy",
  '```bash\npip install -U a',
  '```bash\npip install ab',
  '```bash\npip install numpy>=1',
  '```bash\npip install "requests[socks]',
  '```bash\nnpm i @types/',
  '```bash\nnpm i lodash',
  '```bash\nconda install -c conda-forge r-',
  '```bash\nconda install python_',
  'Run `pip install typing_',
  'Run `pip install django',
  '```dockerfile\nRUN pip install --no-cache-dir pandas',
  '```bash\npip install flask && npm i react',
];

describe('bitset masks', () => {
  const vocabulary = syntheticVocabulary();
  const automata = { pypi: buildSmallAutomaton(PYPI), npm: buildSmallAutomaton(NPM), conda: buildSmallAutomaton(CONDA) };

  it('equal the brute-force set of allowed tokens, and refused tokens are the exact complement', () => {
    const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
    for (const prefix of PREFIXES) {
      const state = stateAfter(encoder.encode(prefix), intervenor.walker);
      const expected: number[] = [];
      const refused: number[] = [];
      for (let t = 0; t < vocabulary.bytes.length; t++) (intervenor.tryToken(state, t) ? expected : refused).push(t);
      expect([...intervenor.allowedTokens(state)], prefix).toEqual(expected);
      expect([...intervenor.refusedTokens(state)], prefix).toEqual(refused);
      const mask = intervenor.allowedMask(state);
      for (let t = 0; t < vocabulary.bytes.length; t++) expect(((mask[t >>> 5]! >>> (t & 31)) & 1) === 1).toBe(expected.includes(t));
    }
  });

  it('equal the brute-force set on the 151k-token Qwen2 vocabulary (wide trie nodes, whole names that go on)', () => {
    const qwen = readVocabulary(readGgufHeader(new Uint8Array(readFileSync(vocabPath('qwen2')))).metadata);
    const intervenor = new PackageIntervenor(qwen, buildTokenTrie(qwen.bytes), automata);
    for (const prefix of [
      '```bash\npip install a',
      '```bash\npip install requests',
      '```bash\npip install "flask',
      'Run `pip install django',
      '```bash\nnpm i lodash',
    ]) {
      const state = stateAfter(encoder.encode(prefix), intervenor.walker);
      const expected: number[] = [];
      for (let t = 0; t < qwen.bytes.length; t++) if (intervenor.tryToken(state, t)) expected.push(t);
      expect([...intervenor.allowedTokens(state)], prefix).toEqual(expected);
    }
  }, 60_000);

  it('equal the brute-force set on a vocabulary of wide nodes whose names end and go on inside one token', () => {
    // Every single byte, plus tokens that run a name on, end it and start the next argument or tail.
    const texts: string[] = [];
    for (let b = 0; b < 256; b++) texts.push(String.fromCharCode(b));
    for (const name of [...PYPI, ...NPM, ...CONDA]) {
      for (let cut = 1; cut <= name.length; cut++) {
        const head = name.slice(0, cut);
        for (const end of ['', ' ', '\n', '==', '>=1', '[x]', ' n', ' -U', '"', "'", '`', ';', '@1', ' && '])
          texts.push(head + end, head.slice(1) + end);
      }
    }
    const bytes = [...new Set(texts)].map((text) => encoder.encode(text));
    bytes.push(new Uint8Array(0));
    const wide: Vocabulary = { bytes, eog: new Set([bytes.length - 1]), control: new Set([bytes.length - 1]), model: 'gpt2' };
    const intervenor = new PackageIntervenor(wide, buildTokenTrie(wide.bytes), automata);
    for (const prefix of PREFIXES) {
      const state = stateAfter(encoder.encode(prefix), intervenor.walker);
      const expected: number[] = [];
      for (let t = 0; t < wide.bytes.length; t++) if (intervenor.tryToken(state, t)) expected.push(t);
      expect([...intervenor.allowedTokens(state)], prefix).toEqual(expected);
    }
  });

  it('stay exact when the caches are tiny and evict constantly', () => {
    const intervenor = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata, { cacheBudget: 64 });
    for (const prefix of [...PREFIXES, ...PREFIXES]) {
      const state = stateAfter(encoder.encode(prefix), intervenor.walker);
      const expected: number[] = [];
      for (let t = 0; t < vocabulary.bytes.length; t++) if (intervenor.tryToken(state, t)) expected.push(t);
      expect([...intervenor.allowedTokens(state)], prefix).toEqual(expected);
    }
  });
});
