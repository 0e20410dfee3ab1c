import { describe, expect, it } from 'vitest';
import { minReleaseAgeMs, npmTarballUrl, tarballVersion, vetPackument, type Packument } from '../../../src/engines/registry-gate/index.js';
import { DEFAULT_POLICY } from '../../../src/engines/policy/index.js';

const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const manifest = (name: string, version: string, extra: Record<string, unknown> = {}) => ({
  name,
  version,
  dist: { tarball: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz` },
  ...extra,
});

function packument(
  name: string,
  versions: Array<[string, number]>,
  tags: Record<string, string>,
  extra: Record<string, Record<string, unknown>> = {},
): Packument {
  return {
    name,
    'dist-tags': tags,
    versions: Object.fromEntries(versions.map(([v]) => [v, manifest(name, v, extra[v])])),
    time: { created: hoursAgo(5000), modified: hoursAgo(1), ...Object.fromEntries(versions.map(([v, h]) => [v, hoursAgo(h)])) },
  };
}

const MIN = 48 * 3_600_000;
const gateUrl = (url: string) => npmTarballUrl('http://127.0.0.1:1', 'https://registry.npmjs.org', 'x', url);

describe('vetPackument', () => {
  it('drops too-young versions and moves latest back to the newest kept stable release', () => {
    const doc = packument(
      'lodash',
      [
        ['4.17.20', 900],
        ['4.17.21', 800],
        ['4.18.0-beta.1', 10],
        ['4.18.0', 3],
      ],
      { latest: '4.18.0', beta: '4.18.0-beta.1' },
    );
    const vetted = vetPackument(doc, MIN, now, gateUrl);
    expect(Object.keys(vetted.doc.versions!)).toEqual(['4.17.20', '4.17.21']);
    expect(vetted.doc['dist-tags']).toEqual({ latest: '4.17.21' });
    expect([...vetted.held.keys()]).toEqual(['4.18.0-beta.1', '4.18.0']);
    expect(vetted.held.get('4.18.0')!.message).toMatch(/published 3 h ago, under the minimum release age of 48 h/);
  });

  it('rewrites tarball URLs through the gate and leaves the input unchanged', () => {
    const doc = packument('@scope/pkg', [['1.0.0', 900]], { latest: '1.0.0' });
    const vetted = vetPackument(doc, MIN, now, (url) =>
      npmTarballUrl('http://127.0.0.1:1', 'https://registry.npmjs.org', '@scope/pkg', url),
    );
    expect((vetted.doc.versions!['1.0.0']!.dist as { tarball: string }).tarball).toBe('http://127.0.0.1:1/npm/@scope/pkg/-/pkg-1.0.0.tgz');
    expect((doc.versions!['1.0.0']!.dist as { tarball: string }).tarball).toBe('https://registry.npmjs.org/@scope/pkg/-/pkg-1.0.0.tgz');
  });

  it('keeps everything with the rule off (0), and reports the first release', () => {
    const vetted = vetPackument(
      packument(
        'a',
        [
          ['1.0.0', 900],
          ['2.0.0', 1],
        ],
        { latest: '2.0.0' },
      ),
      0,
      now,
      gateUrl,
    );
    expect(vetted.doc['dist-tags']).toEqual({ latest: '2.0.0' });
    expect(vetted.facts).toMatchObject({ exists: true, timesKnown: true, firstRelease: Date.parse(hoursAgo(900)) });
  });

  it('recognises a security holding package and a deprecation that names the replacement', () => {
    expect(
      vetPackument(packument('evil', [['0.0.1-security', 900]], { latest: '0.0.1-security' }), MIN, now, gateUrl).facts.placeholder,
    ).toBe(true);
    const deprecated = packument(
      'request',
      [['2.88.2', 900]],
      { latest: '2.88.2' },
      { '2.88.2': { deprecated: 'request has been deprecated, see https://github.com/request/request/issues/3142; use "got" instead' } },
    );
    expect(vetPackument(deprecated, MIN, now, gateUrl).facts.deprecated?.replacement).toBe('got');
  });

  it('says when versions have no times', () => {
    const doc = packument('a', [['1.0.0', 900]], { latest: '1.0.0' });
    delete (doc.time as Record<string, unknown>)['1.0.0'];
    expect(vetPackument(doc, MIN, now, gateUrl).facts.timesKnown).toBe(false);
  });
});

describe('tarballVersion', () => {
  it.each([
    ['lodash-4.17.21.tgz', 'lodash', '4.17.21'],
    ['pkg-1.0.0-beta.1.tgz', '@scope/pkg', '1.0.0-beta.1'],
    ['other-1.0.0.tgz', 'pkg', undefined],
  ])('%s of %s', (file, name, version) => {
    expect(tarballVersion(file, name)).toBe(version);
  });
});

describe('minReleaseAgeMs', () => {
  it('applies the hours unless the name is excluded (globs, per ecosystem, expiry honoured)', () => {
    const rules = {
      hours: 48,
      exclude: [
        { ecosystem: 'npm' as const, name: '@acme/*' },
        { ecosystem: 'pypi' as const, name: 'old-*', expires: '2026-01-01' },
      ],
    };
    expect(minReleaseAgeMs(rules, 'npm', '@acme/tool', now)).toBe(0);
    expect(minReleaseAgeMs(rules, 'npm', 'lodash', now)).toBe(MIN);
    expect(minReleaseAgeMs(rules, 'pypi', 'old-thing', now)).toBe(MIN);
    expect(minReleaseAgeMs(DEFAULT_POLICY.min_release_age, 'pypi', 'x', now)).toBe(MIN);
    expect(minReleaseAgeMs({ hours: 0, exclude: [] }, 'pypi', 'x', now)).toBe(0);
  });
});
