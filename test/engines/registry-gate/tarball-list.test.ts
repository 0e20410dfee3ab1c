/** The tarball list: membership is exact (no prefix, suffix or joined match), and its URLs come back in order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ByteRange } from '../../../src/engines/registry-gate/index.js';
import { TarballList } from '../../../src/engines/registry-gate/tarball-list.js';

function rangesOf(urls: string[]): { bytes: Buffer; ranges: ByteRange[] } {
  const parts = urls.map((url) => `"${url}",`);
  const ranges: ByteRange[] = [];
  let at = 0;
  for (const url of urls) {
    const length = Buffer.byteLength(url);
    ranges.push([at + 1, at + 1 + length]);
    at += length + 3;
  }
  return { bytes: Buffer.from(parts.join('')), ranges };
}

describe('TarballList', () => {
  it('has exactly the URLs it was made from, by either maker (property)', () => {
    const url = fc.stringMatching(/^[a-z0-9/:.é-]{1,30}$/);
    fc.assert(
      fc.property(fc.array(url, { maxLength: 12 }), url, (urls, other) => {
        const fromRanges = rangesOf(urls);
        for (const list of [TarballList.fromRanges(fromRanges.bytes, fromRanges.ranges)!, TarballList.of(urls)!]) {
          expect(list.urls()).toEqual(urls);
          expect(list.size).toBe(urls.length);
          for (const u of urls) expect(list.has(u)).toBe(true);
          expect(list.has(other)).toBe(urls.includes(other));
        }
      }),
    );
  });

  it('never matches two neighbours joined, a part of one, or the empty string', () => {
    const list = TarballList.of(['http://a/x.tgz', 'http://a/y.tgz'])!;
    expect(list.has('http://a/x.tgz\nhttp://a/y.tgz')).toBe(false);
    expect(list.has('http://a/x')).toBe(false);
    expect(list.has('a/x.tgz')).toBe(false);
    expect(list.has('')).toBe(false);
  });

  it('declines escaped URLs and raw newlines (the full vet reads those)', () => {
    const escaped = rangesOf(['http://a/x\\u002e.tgz']);
    expect(TarballList.fromRanges(escaped.bytes, escaped.ranges)).toBeUndefined();
    const split = rangesOf(['http://a/x\n.tgz']);
    expect(TarballList.fromRanges(split.bytes, split.ranges)).toBeUndefined();
    expect(TarballList.of(['http://a/x\n.tgz'])).toBeUndefined();
  });
});
