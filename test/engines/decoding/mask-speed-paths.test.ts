/**
 * The fast paths behind the speed targets, each checked against the plain definition it replaces:
 * `cursorSteps` against `stepCursor` byte by byte, bitset masks against the brute-force set of
 * tokens `tryToken` accepts (in states the fast name walk and its cached "leave" parts cover), and
 * the redo that samples again from the same logits against the model's own logits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTokenTrie,
  openLlamaModel,
  PackageIntervenor,
  readGgufHeader,
  readVocabulary,
  stateAfter,
  type LoadedModel,
  type Vocabulary,
} from '../../../src/engines/decoding/index.js';
import {
  buildSmallAutomaton,
  cursorSteps,
  startCursor,
  stepCursor,
  type Ecosystem,
  type NameAutomaton,
} from '../../../src/engines/package-names/index.js';
import { readFileSync } from 'node:fs';

import { syntheticModelPath, syntheticVocabulary, vocabPath } from './model-fixtures.js';

const encoder = new TextEncoder();
const PYPI = ['requests', 'requests-oauthlib', 'numpy', 'flask', 'flask-login', 'typing-extensions', 'django', 'pandas', 'a', 'ab', 'a-b', 'zope.interface'];
const NPM = ['lodash', 'lodash.merge', 'express', '@types/node', 'react', 'react-dom', 'A-Upper'];
const CONDA = ['numpy', 'r-base', 'python_abi', 'libgcc-ng', 'ca-certificates'];

describe('cursorSteps', () => {
  for (const [ecosystem, names] of [['pypi', PYPI], ['npm', NPM], ['conda', CONDA]] as const) {
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
          const next = stepCursor(automaton as NameAutomaton, ecosystem as Ecosystem, cursor, b);
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
    for (const prefix of ['```bash\npip install a', '```bash\npip install requests', '```bash\npip install "flask', 'Run `pip install django', '```bash\nnpm i lodash']) {
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
        for (const end of ['', ' ', '\n', '==', '>=1', '[x]', ' n', ' -U', '"', "'", '`', ';', '@1', ' && ']) texts.push(head + end, head.slice(1) + end);
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

describe('redo from the same logits (llama.cpp)', () => {
  let model: LoadedModel;

  beforeAll(async () => {
    model = await openLlamaModel(syntheticModelPath(), 256);
  }, 300_000);

  afterAll(async () => {
    await model?.dispose();
  });

  it('greedy redo is the argmax over the allowed tokens of the logits the first sample saw, with no new evaluation', async () => {
    const prompt = model.tokenize('```bash\npip install ');
    const size = model.vocabulary.bytes.length;
    // The model's next-token distribution at this position, read once by a plain evaluation (the
    // argmax over any token set is the same on probabilities as on logits).
    const sequence = (model as unknown as { sequence: { controlledEvaluate(input: unknown[]): Promise<Array<{ next: { probabilities: Map<number, number> } } | undefined>>; nextTokenIndex: number } }).sequence;
    await model.reset();
    const read = await sequence.controlledEvaluate([...prompt.slice(0, -1), [prompt.at(-1), { generateNext: { probabilities: true } }]]);
    const logits = read[prompt.length - 1]!.next.probabilities;
    const ranked = [...logits.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    expect(ranked.length).toBe(size);

    await model.reset();
    const first = await model.next(prompt, { temperature: 0, seed: 1 });
    expect(first).toBe(ranked[0]);
    const evaluated = sequence.nextTokenIndex;
    for (const allowed of [ranked.slice(1, 4), ranked.slice(5, 6), [ranked[size - 1]!, ranked[40]!]]) {
      const keep = new Set(allowed);
      const banned = Int32Array.from({ length: size }, (_, t) => t).filter((t) => !keep.has(t));
      const redo = await model.resample(banned, { temperature: 0, seed: 2 });
      expect(redo).toBe(allowed.reduce((best, t) => (logits.get(t)! > logits.get(best)! ? t : best)));
      // At a temperature the redo still only draws allowed tokens.
      for (const seed of [3, 4, 5]) expect(keep.has(await model.resample(banned, { temperature: 1.5, seed }))).toBe(true);
    }
    // Nothing was evaluated again, and generation goes on from the same context.
    expect(sequence.nextTokenIndex).toBe(evaluated);
    await model.next([ranked[1]!], { temperature: 0, seed: 6 });
    expect(sequence.nextTokenIndex).toBe(evaluated + 1);
  }, 300_000);

  it('redoes with the same seed to the same token (fresh sampler state each time)', async () => {
    await model.reset();
    await model.next(model.tokenize('```bash\nnpm i '), { temperature: 1, seed: 9 });
    const banned = Int32Array.from({ length: 100 }, (_, i) => i);
    const a = await model.resample(banned, { temperature: 1, seed: 77 });
    const b = await model.resample(banned, { temperature: 1, seed: 77 });
    expect(a).toBe(b);
  }, 300_000);
});
