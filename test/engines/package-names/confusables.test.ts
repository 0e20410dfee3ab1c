/** Tests for finding look-alike characters in names and reducing names to their ASCII skeleton. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFUSABLE_ASCII, asciiSkeleton, findConfusables } from '../../../src/engines/package-names/confusables.js';

describe('asciiSkeleton', () => {
  it.each<[string, string, string | null]>([
    ['Greek upsilon', 'req\u03C5ests', 'requests'],
    ['Cyrillic er', '\u0440andas', 'pandas'],
    ['zero-width joiner', 'num\u200Dpy', 'numpy'],
    ['zero-width space and BOM', '\uFEFFlo\u200Bdash', 'lodash'],
    ['Cyrillic a, e, o, c', 'f\u0430k\u0435r-\u043E\u0441', 'faker-oc'],
    ['fullwidth letters via NFKC', '\uFF52\uFF45\uFF51\uFF55\uFF45\uFF53\uFF54\uFF53', 'requests'],
    ['dotless i', 'p\u0131p', 'pip'],
    ['Latin small capitals', '\u1D04\u029F\u026A\u1D04\u1D0B', 'click'],
    ['en dash and minus sign', 'python\u2013dateutil\u2212x', 'python-dateutil-x'],
    ['script g and Cyrillic d', '\u0261\u0501', 'gd'],
    ['Cyrillic capitals (EN reads as H)', '\u0420\u0423\u0422\u041D\u041EN', 'PYTHON'],
    ['ASCII stays as it is', 'scikit-learn_1.0', 'scikit-learn_1.0'],
    ['ligature via NFKC', '\uFB01lelock', 'filelock'],
    ['unmappable CJK', '\u6570\u636E', null],
    ['one unmappable letter among mapped ones', '\u0440\u00E9quests', null],
    ['empty name', '', ''],
  ])('%s: %j -> %j', (_label, name, expected) => {
    expect(asciiSkeleton(name)).toBe(expected);
  });

  it('covers at least 60 confusables, each mapping to ASCII', () => {
    const entries = Object.entries(CONFUSABLE_ASCII);
    expect(entries.length).toBeGreaterThanOrEqual(60);
    for (const [char, ascii] of entries) {
      expect(char.codePointAt(0)).toBeGreaterThan(0x7f);
      expect(ascii).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('returns ASCII or null for any input, and leaves ASCII input alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const skeleton = asciiSkeleton(name);
        if (skeleton !== null) expect(skeleton).toMatch(/^[\x00-\x7f]*$/);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (name) => {
        expect(asciiSkeleton(name)).toBe(name.normalize('NFKC'));
      }),
    );
  });
});

describe('findConfusables', () => {
  it('lists each non-ASCII character once, with its code point and lookalike', () => {
    expect(findConfusables('r\u0435q\u03C5\u0435sts')).toEqual([
      { char: '\u0435', codePoint: 'U+0435', lookalike: 'e' },
      { char: '\u03C5', codePoint: 'U+03C5', lookalike: 'u' },
    ]);
  });

  it.each<[string, string, string | undefined]>([
    ['\u0430', 'U+0430', 'a'],
    ['\u200D', 'U+200D', ''],
    ['\uFF41', 'U+FF41', 'a'],
    ['\u2014', 'U+2014', '-'],
    ['\u6570', 'U+6570', undefined],
    ['\u00E9', 'U+00E9', undefined],
    ['\u{1D41A}', 'U+1D41A', 'a'],
    ['\u{1F600}', 'U+1F600', undefined],
  ])('%j is %s, looks like %j', (char, codePoint, lookalike) => {
    const [found] = findConfusables(`x${char}y`);
    expect(found?.char).toBe(char);
    expect(found?.codePoint).toBe(codePoint);
    expect(found?.lookalike).toBe(lookalike);
  });

  it('finds nothing in an ASCII name', () => {
    expect(findConfusables('requests-toolbelt_2.0')).toEqual([]);
  });

  it('finds a character exactly when the name is not ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (name) => {
        const ascii = /^[\x00-\x7f]*$/.test(name);
        expect(findConfusables(name).length === 0).toBe(ascii);
      }),
    );
  });
});
