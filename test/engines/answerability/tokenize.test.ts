import { describe, expect, it } from 'vitest';

import { extractTerms, splitIdentifier, stemWord } from '../../../src/engines/answerability/index.js';

describe('splitIdentifier', () => {
  it.each([
    ['zip_with_iter', ['zip', 'with', 'iter']],
    ['IterDataPipe', ['iter', 'data', 'pipe']],
    ['HTTPReader', ['http', 'reader']],
    ['parse_csv_as_dict', ['parse', 'csv', 'as', 'dict']],
    ['int2tensor', ['int', 'tensor']],
    ['pandas.DataFrame.merge', ['pandas', 'data', 'frame', 'merge']],
    ['plain', ['plain']],
  ])('%s', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
  });
});

describe('extractTerms', () => {
  it('drops stop words and stems the rest', () => {
    const terms = extractTerms('How do I repeat the batches three times?');
    expect(terms.map((t) => t.word)).toEqual(['repeat', 'batches', 'times']);
    expect(terms.find((t) => t.word === 'batches')?.stem).toBe(stemWord('batch'));
  });

  it('adds joined neighbours of compound identifiers so "datapipe" meets IterDataPipe', () => {
    const words = extractTerms('IterDataPipe').map((t) => t.word);
    expect(words).toEqual(expect.arrayContaining(['iter', 'data', 'pipe', 'iterdata', 'datapipe', 'iterdatapipe']));
  });
});
