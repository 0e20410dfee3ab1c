import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { splitRequest } from '../../../src/engines/answerability/index.js';

describe('splitRequest', () => {
  it.each([
    ['Read the CSV file.', ['Read the CSV file.']],
    ['Read the CSV file. Then, batch its rows by four.', ['Read the CSV file.', 'batch its rows by four.']],
    ['Read the CSV file then batch its rows by four', ['Read the CSV file', 'batch its rows by four']],
    ['Read the CSV file, and then batch its rows by four', ['Read the CSV file', 'batch its rows by four']],
    ['Open the archive Then, list its members', ['Open the archive', 'list its members']],
    ['Load the table. Also, drop empty rows.', ['Load the table.', 'drop empty rows.']],
    ['Steps: 1. download the page 2. parse the links', ['Steps: download the page', 'parse the links']],
    ['Get the head 2 elements Second make the stream tensor-like', ['Get the head 2 elements', 'make the stream tensor-like']],
    ['Merge the two tables on the key. How to do this?', ['Merge the two tables on the key. How to do this?']],
    ['Use e.g. the gzip codec to compress the file.', ['Use e.g. the gzip codec to compress the file.']],
  ])('%s', (request, expected) => {
    expect(splitRequest(request).map((part) => part.text)).toEqual(expected);
  });

  it('marks how each part was separated', () => {
    expect(splitRequest('Read the file. Then, sort the rows and then print them').map((p) => p.boundary)).toEqual([
      'start',
      'sentence',
      'connective',
    ]);
  });

  it('returns nothing for a blank request', () => {
    expect(splitRequest('   \n ')).toEqual([]);
  });

  it('never loses a content word and never returns empty parts (property)', () => {
    const word = fc.constantFrom(
      'read',
      'file',
      'then',
      'Then,',
      'also',
      'batch',
      'rows',
      '1.',
      '-',
      'and',
      'the',
      'zip',
      'sort.',
      'How?',
      'e.g.',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 25 }), (words) => {
        const request = words.join(' ');
        const parts = splitRequest(request);
        if (request.trim().length === 0) return;
        expect(parts.length).toBeGreaterThan(0);
        for (const part of parts) expect(part.text.trim().length).toBeGreaterThan(0);
        const joined = parts.map((p) => p.text).join(' ');
        for (const content of ['read', 'file', 'batch', 'rows', 'zip']) {
          if ((words as string[]).includes(content)) expect(joined).toContain(content);
        }
      }),
    );
  });
});
