import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { npmTarballUrl, quickVetPackument, scanObjectMembers, vetPackument, type Packument } from '../../../src/engines/registry-gate/index.js';

describe('scanObjectMembers', () => {
  it('finds every top-level member of any JSON object, spaced or not, and each slice parses to the member (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.constantFrom(undefined, 2), (object, space) => {
        const text = JSON.stringify(object, null, space);
        const members = scanObjectMembers(text)!;
        expect([...members.keys()]).toEqual(Object.keys(object));
        for (const [key, range] of members) expect(JSON.parse(text.slice(...range))).toEqual(JSON.parse(JSON.stringify(object[key])));
      }),
    );
  });

  it('is undefined for text that is not an object', () => {
    expect(scanObjectMembers('[1,2]')).toBeUndefined();
    expect(scanObjectMembers('{"a":"unterminated}')).toBeUndefined();
  });
});

describe('quickVetPackument', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const upstream = 'https://registry.npmjs.org';
  const gate = 'http://127.0.0.1:1';
  const doc = (ages: Record<string, number>, extra: Record<string, unknown> = {}): Packument => ({
    _id: 'pkg',
    name: 'pkg',
    'dist-tags': { latest: Object.keys(ages).at(-1)! },
    versions: Object.fromEntries(Object.keys(ages).map((v) => [v, { name: 'pkg', version: v, readme: 'a "tarball": "http://evil/x.tgz" mention', dist: { tarball: `${upstream}/pkg/-/pkg-${v}.tgz` }, ...extra }])),
    time: Object.fromEntries(Object.entries(ages).map(([v, h]) => [v, new Date(now.getTime() - h * 3_600_000).toISOString()])),
  });

  it('gives the same facts and the same served document as the full vet when nothing is held back', () => {
    const packument = doc({ '1.0.0': 900, '1.1.0': 100 }, { deprecated: 'use "other-pkg" instead' });
    const text = JSON.stringify(packument);
    const quick = quickVetPackument(text, 48 * 3_600_000, now, upstream, gate)!;
    const full = vetPackument(packument, 48 * 3_600_000, now, (url) => npmTarballUrl(gate, upstream, 'pkg', url));
    expect(quick.facts).toEqual(full.facts);
    expect(JSON.parse(quick.body)).toEqual(full.doc);
    expect(quick.tarballs).toHaveLength(2);
  });

  it('declines when a version is too young or a tarball lives elsewhere (the full vet decides)', () => {
    expect(quickVetPackument(JSON.stringify(doc({ '1.0.0': 900, '2.0.0': 1 })), 48 * 3_600_000, now, upstream, gate)).toBeUndefined();
    const elsewhere = doc({ '1.0.0': 900 });
    (elsewhere.versions!['1.0.0']!.dist as { tarball: string }).tarball = 'https://cdn.example/pkg.tgz';
    expect(quickVetPackument(JSON.stringify(elsewhere), 48 * 3_600_000, now, upstream, gate)).toBeUndefined();
  });
});
