import { describe, expect, it } from 'vitest';
import {
  firstSignificantChar,
  parseSimpleHtmlNames,
  readAllDocsNames,
  readNameArray,
  readPep691Names,
  readRepodataNames,
} from '../../../../src/engines/package-names/io/registry-payloads.js';

describe('parseSimpleHtmlNames', () => {
  it.each([
    ['<a href="/simple/a/">a</a><a href="/simple/b/">b</a>', ['a', 'b']],
    ['<A HREF="/simple/x/">\n  X-Y\n</A >', ['X-Y']],
    ['<a href="/simple/q/" data-requires-python="&gt;=3.8">q&#46;r&#x2e;s</a>', ['q.r.s']],
    ['<a href="/">&amp;&unknown;</a>', ['&&unknown;']],
    ['<html><body><p>no links</p></body></html>', []],
    ['<a href="/simple/empty/"></a>', []],
  ])('reads %j as %j', (html, names) => {
    expect(parseSimpleHtmlNames(html)).toEqual(names);
  });
});

describe('readPep691Names', () => {
  it.each([
    [
      { meta: { 'api-version': '1.0' }, projects: [{ name: 'a' }] },
      { ok: true, names: ['a'] },
    ],
    [
      { meta: { 'api-version': '1.4', extra: 1 }, projects: [], more: true },
      { ok: true, names: [] },
    ],
    [
      { meta: { 'api-version': '2.0' }, projects: [] },
      { ok: false, problem: expect.stringMatching(/2\.0/) },
    ],
    [{ projects: [] }, { ok: false, problem: expect.stringMatching(/^meta: /) }],
    [
      { meta: { 'api-version': '1.0' }, projects: [{ title: 'a' }] },
      { ok: false, problem: expect.stringMatching(/^projects\.0\.name: /) },
    ],
  ])('reads %j', (doc, expected) => {
    expect(readPep691Names(doc)).toEqual(expected);
  });
});

describe('readRepodataNames', () => {
  it.each([
    [
      { packages: { f1: { name: 'a' }, f2: { name: 'a' } }, 'packages.conda': { f3: { name: 'b' } } },
      { ok: true, names: ['a', 'b'] },
    ],
    [{ packages: {} }, { ok: true, names: [] }],
    [{ info: {} }, { ok: false, problem: expect.stringMatching(/neither/) }],
    [{ packages: [] }, { ok: false, problem: expect.stringMatching(/^packages: /) }],
    [{ 'packages.conda': { f: 'not a record' } }, { ok: false, problem: 'packages.conda.f.name: expected string' }],
    ['repodata', { ok: false, problem: expect.any(String) }],
  ])('reads %j', (doc, expected) => {
    expect(readRepodataNames(doc)).toEqual(expected);
  });
});

describe('readNameArray and readAllDocsNames', () => {
  it('reads arrays of strings only', () => {
    expect(readNameArray(['a', 'b'])).toEqual({ ok: true, names: ['a', 'b'] });
    expect(readNameArray(['a', 2])).toMatchObject({ ok: false, problem: expect.stringMatching(/^1: /) });
  });

  it('reads _all_docs ids without design documents', () => {
    expect(readAllDocsNames({ rows: [{ id: 'a' }, { id: '_design/x' }] })).toEqual({ ok: true, names: ['a'] });
    expect(readAllDocsNames({ rows: [{ key: 'a' }] })).toMatchObject({ ok: false });
  });
});

describe('firstSignificantChar', () => {
  it.each([
    ['  \r\n\t{', '{'],
    ['\ufeff[', '['],
    ['   ', undefined],
    ['', undefined],
  ])('finds the first character of %j', (text, char) => {
    expect(firstSignificantChar(new TextEncoder().encode(text))).toBe(char);
  });
});
