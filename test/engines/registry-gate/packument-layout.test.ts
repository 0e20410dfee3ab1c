import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  npmTarballUrl,
  quickVetPackument,
  replaceBytes,
  scanPackumentLayout,
  vetPackument,
  type ByteRange,
  type Packument,
} from '../../../src/engines/registry-gate/index.js';

const parse = (bytes: Buffer, range: ByteRange): unknown => JSON.parse(bytes.subarray(...range).toString('utf8'));

describe('scanPackumentLayout', () => {
  it('finds every top-level member and every version of any JSON object, spaced or not; each range parses to the member (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.constantFrom(undefined, 1, 2),
        (object, versions, space) => {
          const doc: Record<string, unknown> = { ...object, versions };
          const bytes = Buffer.from(JSON.stringify(doc, null, space), 'utf8');
          const layout = scanPackumentLayout(bytes)!;
          expect([...layout.members.keys()]).toEqual(Object.keys(doc));
          for (const [key, range] of layout.members) expect(parse(bytes, range)).toEqual(JSON.parse(JSON.stringify(doc[key])));
          expect([...layout.versions.keys()]).toEqual(Object.keys(versions));
          for (const [key, range] of layout.versions) expect(parse(bytes, range)).toEqual(JSON.parse(JSON.stringify(versions[key])));
        },
      ),
    );
  });

  it('ends strings exactly whatever their length and escapes: backslash and quote runs, braces and commas inside strings (property)', () => {
    const tricky = fc.string({ unit: fc.constantFrom('\\', '"', 'a', '{', '}', '[', ']', ',', ':', 'é'), maxLength: 80 });
    fc.assert(
      fc.property(fc.dictionary(tricky, tricky), fc.dictionary(tricky, fc.dictionary(tricky, tricky)), (object, versions) => {
        const doc: Record<string, unknown> = { ...object, versions };
        const bytes = Buffer.from(JSON.stringify(doc), 'utf8');
        const layout = scanPackumentLayout(bytes)!;
        expect([...layout.members.keys()]).toEqual(Object.keys(doc));
        for (const [key, range] of layout.members) expect(parse(bytes, range)).toEqual(doc[key]);
        expect([...layout.versions.keys()]).toEqual(Object.keys(versions));
        // A string cut short anywhere is never taken for a complete document.
        expect(scanPackumentLayout(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
      }),
    );
  });

  it('never takes a nested "time" or "versions" (an author\'s own package.json keys) for the registry\'s', () => {
    const doc = {
      name: 'x',
      versions: { '1.0.0': { time: { '1.0.0': '2000-01-01T00:00:00Z' }, versions: { '9.9.9': {} } } },
      time: { '1.0.0': '2026-11-20T00:00:00Z' },
    };
    const bytes = Buffer.from(JSON.stringify(doc));
    const layout = scanPackumentLayout(bytes)!;
    expect(parse(bytes, layout.members.get('time')!)).toEqual(doc.time);
    expect([...layout.versions.keys()]).toEqual(['1.0.0']);
  });

  it.each([['[1,2]'], ['{"a":"unterminated}'], ['{"a":{"b":1}'], ['{"a":1} trailing'], ['']])(
    'is undefined for %j (not one complete object)',
    (text) => {
      expect(scanPackumentLayout(Buffer.from(text))).toBeUndefined();
    },
  );
});

describe('replaceBytes', () => {
  it('equals String.replaceAll on the decoded text, the replacement taken literally (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '"', 'é', '/') }),
        fc.string({ unit: fc.constantFrom('a', 'b', '"'), minLength: 1, maxLength: 3 }),
        fc.string(),
        (text, from, to) => {
          expect(replaceBytes(Buffer.from(text), Buffer.from(from), Buffer.from(to)).toString('utf8')).toBe(
            // A function replacer: a string one would read `$$`, `$&` … as patterns, not text.
            text.replaceAll(from, () => to),
          );
        },
      ),
    );
  });
});

describe('quickVetPackument', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const upstream = 'https://registry.npmjs.org';
  const gate = 'http://127.0.0.1:1';
  const MIN = 48 * 3_600_000;
  const doc = (ages: Record<string, number>, extra: Record<string, unknown> = {}): Packument => ({
    _id: 'pkg',
    name: 'pkg',
    'dist-tags': { latest: Object.keys(ages).at(-1)! },
    versions: Object.fromEntries(
      Object.keys(ages).map((v) => [
        v,
        {
          name: 'pkg',
          version: v,
          readme: 'a "tarball": "http://evil/x.tgz" mention',
          dist: { tarball: `${upstream}/pkg/-/pkg-${v}.tgz` },
          ...extra,
        },
      ]),
    ),
    time: Object.fromEntries(Object.entries(ages).map(([v, h]) => [v, new Date(now.getTime() - h * 3_600_000).toISOString()])),
  });
  const bytes = (value: unknown, space?: number): Buffer => Buffer.from(JSON.stringify(value, null, space));

  it.each([[undefined], [2]])(
    'gives the same facts and the same served document as the full vet when nothing is held back (indent %s)',
    (space) => {
      const packument = doc({ '1.0.0': 900, '1.1.0': 100 }, { deprecated: 'use "other-pkg" instead' });
      const quick = quickVetPackument(bytes(packument, space), MIN, now, upstream, gate)!;
      const full = vetPackument(packument, MIN, now, (url) => npmTarballUrl(gate, upstream, 'pkg', url));
      expect(quick.facts).toEqual(full.facts);
      expect(JSON.parse(quick.body.toString('utf8'))).toEqual(full.doc);
      expect(quick.tarballs.size).toBe(2);
    },
  );

  it('declines when a version is too young, a tarball lives elsewhere, is escaped, missing or not a string (the full vet decides)', () => {
    expect(quickVetPackument(bytes(doc({ '1.0.0': 900, '2.0.0': 1 })), MIN, now, upstream, gate)).toBeUndefined();
    const tarballOf = (value: unknown): Packument => {
      const packument = doc({ '1.0.0': 900, '1.1.0': 800 });
      (packument.versions!['1.0.0']!.dist as { tarball: unknown }).tarball = value;
      return packument;
    };
    for (const value of ['https://cdn.example/pkg.tgz', undefined, 42, `${upstream}/pkg/-/pkg\\-1.0.0.tgz`])
      expect(quickVetPackument(bytes(tarballOf(value)), MIN, now, upstream, gate)).toBeUndefined();
    const escaped = bytes(doc({ '1.0.0': 900 }))
      .toString('utf8')
      .replace('/pkg/-/pkg-1.0.0.tgz', '\\u002fpkg/-/pkg-1.0.0.tgz');
    expect(quickVetPackument(Buffer.from(escaped), MIN, now, upstream, gate)).toBeUndefined();
  });

  it('rewrites only dist.tarball, as the full vet does: an author\'s own "tarball" keys and a readme mention stay as they are', () => {
    const packument = doc({ '1.0.0': 900 }, { extra: { tarball: `${upstream}/pkg/-/pkg-1.0.0.tgz` }, homepage: `${upstream}/pkg` });
    const quick = quickVetPackument(bytes(packument, 1), MIN, now, upstream, gate)!;
    const full = vetPackument(packument, MIN, now, (url) => npmTarballUrl(gate, upstream, 'pkg', url));
    expect(JSON.parse(quick.body.toString('utf8'))).toEqual(full.doc);
    expect(quick.tarballs.urls()).toEqual([`${upstream}/pkg/-/pkg-1.0.0.tgz`]);
    expect(quick.tarballs.has(`${upstream}/pkg/-/pkg-1.0.0.tgz`)).toBe(true);
    expect(quick.tarballs.has(`${upstream}/pkg/-/pkg-1.0.0.tg`)).toBe(false);
  });

  it('served bytes and facts equal the full vet for any manifests and any spacing (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('1.0.0', '1.1.0', '2.0.0-rc.1', '0.1.0'), fc.dictionary(fc.string(), fc.jsonValue()), { minKeys: 1 }),
        fc.constantFrom(undefined, 1, 2),
        (manifests, space) => {
          const packument = doc(Object.fromEntries(Object.keys(manifests).map((v) => [v, 900])));
          for (const [v, extra] of Object.entries(manifests))
            Object.assign(packument.versions![v]!, extra, { dist: { tarball: `${upstream}/pkg/-/pkg-${v}.tgz` } });
          const served = bytes(packument, space);
          const quick = quickVetPackument(served, MIN, now, upstream, gate);
          // The full vet reads the same bytes the upstream sent (JSON has no -0: it arrives as 0).
          const listed: string[] = [];
          const full = vetPackument(JSON.parse(served.toString('utf8')) as typeof packument, MIN, now, (url) => {
            listed.push(url);
            return npmTarballUrl(gate, upstream, 'pkg', url);
          });
          expect(quick).toBeDefined();
          expect(JSON.parse(quick!.body.toString('utf8'))).toEqual(full.doc);
          expect(quick!.facts).toEqual(full.facts);
          // The tarballs the gate will fetch are exactly those the full vet saw.
          expect(quick!.tarballs.urls().sort()).toEqual(listed.sort());
          for (const url of listed) expect(quick!.tarballs.has(url)).toBe(true);
          expect(quick!.tarballs.has(`${upstream}/pkg/-/pkg-9.9.9.tgz`)).toBe(false);
        },
      ),
    );
  });

  it('is not fooled by an author\'s nested "time" claiming an old date for a young version', () => {
    const young = doc({ '1.0.0': 900, '2.0.0': 1 });
    (young.versions!['2.0.0'] as Record<string, unknown>).time = { '2.0.0': '2001-01-01T00:00:00Z' };
    expect(quickVetPackument(bytes(young), MIN, now, upstream, gate)).toBeUndefined();
  });

  it('judges an abbreviated packument by its last modification: old enough passes with a bound on the first release, recent declines', () => {
    const { time, ...rest } = doc({ '1.0.0': 900 });
    void time;
    const abbreviated = (hours: number) => bytes({ ...rest, modified: new Date(now.getTime() - hours * 3_600_000).toISOString() });
    expect(quickVetPackument(abbreviated(100), MIN, now, upstream, gate)!.facts).toEqual({
      exists: true,
      timesKnown: true,
      firstRelease: now.getTime() - 100 * 3_600_000,
      firstReleaseBound: true,
    });
    expect(quickVetPackument(abbreviated(10), MIN, now, upstream, gate)).toBeUndefined();
    expect(quickVetPackument(abbreviated(10), 0, now, upstream, gate)).toBeDefined();
    expect(quickVetPackument(bytes(rest), MIN, now, upstream, gate)).toBeUndefined();
  });
});
