import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  npmTarballUrl,
  PackumentScanner,
  quickVetPackument,
  scanPackumentLayout,
  servePackument,
  vetPackument,
  type Packument,
  type PackumentLayout,
} from '../../../src/engines/registry-gate/index.js';

/**
 * Feeds `bytes` as a socket delivers it: chunks ending at `cuts` copied into a buffer whose
 * unused tail holds bytes that look like JSON (quotes, backslashes, braces), grown (copied into a
 * larger one) now and then, the scanner given a view of what has arrived after each chunk.
 */
function scanInChunks(bytes: Buffer, cuts: number[], grows: boolean[] = []): PackumentLayout | undefined {
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const scanner = new PackumentScanner();
  let buffer = Buffer.alloc(Math.max(1, bytes.length >> 2), '"\\{}:,');
  let size = 0;
  for (const [k, end] of [...ends, bytes.length].entries()) {
    if (end > buffer.length || grows[k] === true) {
      const larger = Buffer.alloc(Math.max(end, buffer.length * 2), '\\"]:');
      buffer.copy(larger, 0, 0, size);
      buffer = larger;
    }
    size += bytes.copy(buffer, size, size, end);
    scanner.feed(buffer.subarray(0, size));
  }
  return scanner.finish(buffer.subarray(0, size));
}

/** Strings with escapes, quotes, structural bytes and multi-byte UTF-8 (2, 3 and 4 bytes) at any place. */
const tricky = fc.string({
  unit: fc.constantFrom('\\', '"', 'a', '{', '}', '[', ']', ',', ':', 'é', '€', '😀', '\n', '\u0001'),
  maxLength: 40,
});
const value = fc.oneof(tricky, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null));
const upstream = 'https://registry.npmjs.org';
const gate = 'http://127.0.0.1:1';
const now = new Date('2026-11-20T12:00:00Z');
const MIN = 48 * 3_600_000;

/** A packument with tricky manifests, any spacing. */
const packuments = fc
  .tuple(
    fc.dictionary(fc.constantFrom('1.0.0', '1.1.0', '2.0.0-rc.1', '0.1.0', '1.0.0-é'), fc.dictionary(tricky, value), { minKeys: 1 }),
    fc.dictionary(tricky, fc.oneof(value, fc.jsonValue())),
    fc.constantFrom(undefined, 1, 2),
  )
  .map(([manifests, top, space]) => {
    const versions = Object.fromEntries(
      Object.entries(manifests).map(([v, extra]) => [
        v,
        { ...extra, name: 'pkg', version: v, dist: { tarball: `${upstream}/pkg/-/pkg-${v}.tgz`, shasum: 'ab' } },
      ]),
    );
    const time = Object.fromEntries(Object.keys(manifests).map((v) => [v, new Date(now.getTime() - 900 * 3_600_000).toISOString()]));
    const doc = { ...top, name: 'pkg', 'dist-tags': { latest: Object.keys(manifests)[0]! }, versions, time };
    return Buffer.from(JSON.stringify(doc, null, space), 'utf8');
  });

describe('PackumentScanner', () => {
  it('fed in chunks cut anywhere (escapes, keys, multi-byte characters, numbers), equals one scan of the whole (property)', () => {
    fc.assert(
      fc.property(packuments, fc.array(fc.nat(), { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }), (bytes, cuts, grows) => {
        const whole = scanPackumentLayout(bytes);
        expect(whole).toBeDefined();
        expect(scanInChunks(bytes, cuts, grows)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('fed one byte at a time equals one scan of the whole, for every cut of a document full of escapes and multi-byte characters', () => {
    const doc = {
      _id: 'p\\"k"g',
      name: 'pkg',
      'dist-tags': { latest: '1.0.0' },
      versions: {
        '1.0.0': { description: 'é€😀 \\\\" } ] , : {', n: -12.5e-3, dist: { tarball: `${upstream}/pkg/-/pkg-1.0.0.tgz` } },
        'x\\"y': { dist: { integrity: 'sha512-=="', tarball: `${upstream}/pkg/-/pkg-x.tgz` }, big: 123456789012345 },
      },
      time: { '1.0.0': '2020-01-01T00:00:00.000Z' },
      readme: `${'\\'.repeat(7)}"${'😀'.repeat(20)}`,
    };
    for (const space of [undefined, 2]) {
      const bytes = Buffer.from(JSON.stringify(doc, null, space), 'utf8');
      const whole = scanPackumentLayout(bytes)!;
      expect(whole.versions.size).toBe(2);
      expect(whole.tarballs).toHaveLength(2);
      const scanner = new PackumentScanner();
      for (let end = 0; end < bytes.length; end++) scanner.feed(bytes.subarray(0, end));
      expect(scanner.finish(bytes)).toEqual(whole);
      // Cut at one point each: before and after every byte.
      for (let cut = 0; cut <= bytes.length; cut++) expect(scanInChunks(bytes, [cut])).toEqual(whole);
    }
  });

  it('a document cut short or spoiled is undefined however it arrived (property)', () => {
    fc.assert(
      fc.property(packuments, fc.nat(), fc.array(fc.nat(), { maxLength: 10 }), (bytes, at, cuts) => {
        const short = bytes.subarray(0, at % bytes.length);
        expect(scanInChunks(short, cuts)).toBeUndefined();
        const trailing = Buffer.concat([bytes, Buffer.from(' x')]);
        expect(scanInChunks(trailing, cuts)).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });

  it('a key with an escape JSON does not have is not a document (no throw)', () => {
    expect(scanPackumentLayout(Buffer.from('{"a\\x":1}'))).toBeUndefined();
    expect(scanInChunks(Buffer.from('{"versions":{"\\q":{}}}'), [3, 15])).toBeUndefined();
  });

  it('the fast path on a layout scanned in chunks serves what the full vet serves (property)', () => {
    fc.assert(
      fc.property(packuments, fc.array(fc.nat(), { maxLength: 30 }), (bytes, cuts) => {
        const layout = scanInChunks(bytes, cuts);
        const quick = quickVetPackument(bytes, MIN, now, upstream, gate, undefined, layout);
        const listed: string[] = [];
        const full = vetPackument(JSON.parse(bytes.toString('utf8')) as Packument, MIN, now, (url) => {
          listed.push(url);
          return npmTarballUrl(gate, upstream, 'pkg', url);
        });
        expect(quick).toBeDefined();
        expect(JSON.parse(quick!.body.toString('utf8'))).toEqual(full.doc);
        expect(quick!.facts).toEqual(full.facts);
        expect(quick!.tarballs.urls().sort()).toEqual(listed.sort());
      }),
      { numRuns: 200 },
    );
  });

  it('serves again from stored ranges what the fast path served, and refuses ranges that do not fit the document (property)', () => {
    fc.assert(
      fc.property(packuments, (bytes) => {
        const quick = quickVetPackument(bytes, MIN, now, upstream, gate)!;
        const again = servePackument(bytes, quick.ranges, upstream, gate, (size) => Buffer.alloc(size))!;
        expect(again.body.equals(quick.body)).toBe(true);
        expect(again.tarballs.urls()).toEqual(quick.tarballs.urls());
        const [first] = quick.ranges;
        const alloc = (): Buffer => {
          throw new Error('no buffer is taken for ranges that do not fit');
        };
        expect(servePackument(bytes, [...quick.ranges].reverse().concat([first!, first!]), upstream, gate, alloc)).toBeUndefined();
        expect(servePackument(bytes, [[first![0] + 1, first![1]]], upstream, gate, alloc)).toBeUndefined();
        expect(servePackument(bytes, [[bytes.length - 2, bytes.length + 40]], upstream, gate, alloc)).toBeUndefined();
        expect(servePackument(bytes, quick.ranges, 'https://elsewhere.example', gate, alloc)).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
