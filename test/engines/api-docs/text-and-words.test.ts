import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { firstSentences, htmlToText, numberVariants, splitIdentifier, verbSynonyms } from '../../../src/engines/api-docs/index.js';

describe('splitIdentifier', () => {
  it.each([
    ['list_objects_v2', ['list', 'objects', 'v2']],
    ['listObjectsV2', ['list', 'objects', 'v2']],
    ['ListObjectsV2', ['list', 'objects', 'v2']],
    ['DBInstances', ['db', 'instances']],
    ['describeDBInstances', ['describe', 'db', 'instances']],
    ['s3', ['s3']],
    ['get-item', ['get', 'item']],
    ['__init__', ['init']],
  ])('%s → %j', (name, words) => {
    expect(splitIdentifier(name)).toEqual(words);
  });

  it('makes snake_case and camelCase spellings of the same words agree', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{2,8}$/), { minLength: 1, maxLength: 4 }), (words) => {
        const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
        expect(splitIdentifier(words.join('_'))).toEqual(words);
        expect(splitIdentifier(camel)).toEqual(words);
      }),
    );
  });
});

describe('verb synonyms and number variants', () => {
  it('knows the verbs code models swap', () => {
    expect(verbSynonyms('fetch')).toContain('get');
    expect(verbSynonyms('get')).toEqual(expect.arrayContaining(['fetch', 'describe', 'retrieve']));
    expect(verbSynonyms('remove')).toContain('delete');
    expect(verbSynonyms('make')).toContain('create');
    expect(verbSynonyms('bucket')).toEqual([]);
  });

  it.each([
    ['bucket', ['buckets']],
    ['buckets', ['bucket']],
    ['policies', ['policy']],
    ['policy', ['policies']],
    ['addresses', ['address']],
    ['address', ['addresses']],
  ])('%s ↔ %j', (word, variants) => {
    expect(numberVariants(word)).toEqual(variants);
  });
});

describe('documentation text', () => {
  it('strips HTML and decodes entities', () => {
    expect(htmlToText('<p>Returns <code>a &amp; b</code> &lt;x&gt;.</p><p>More.</p>')).toBe('Returns a & b <x>.\nMore.');
  });

  it('keeps the first sentence, adding more while it is short, and does not cut at e.g.', () => {
    expect(firstSentences('Deletes the bucket. All objects in the bucket must be deleted before it goes. Then more.')).toBe(
      'Deletes the bucket. All objects in the bucket must be deleted before it goes.',
    );
    expect(firstSentences('Reads options, e.g. the region, from the environment and the config file. Second one.')).toBe(
      'Reads options, e.g. the region, from the environment and the config file.',
    );
    expect(firstSentences('')).toBe('');
    expect(firstSentences('word '.repeat(200)).length).toBeLessThanOrEqual(321);
  });
});
