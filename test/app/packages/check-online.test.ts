/** `guard check --online` against a loopback npm registry and PyPI index: names newer than the snapshot, too-young names, placeholders, deprecations, an unreachable upstream. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackagesOnline } from '../../../src/app/packages/check-online.js';
import { checkPackages } from '../../../src/app/packages/check-packages.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';
import { startPackageUpstream, type PackageUpstream } from '../../fixtures/package-upstream.js';

let home: GuardHome;
let upstream: PackageUpstream;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { npm: ['old-pkg', 'held-pkg', 'request-like', 'lodash', 'lodas', 'lodah'], pypi: ['requests'] } });
  cwd = home.project('repo');
  upstream = await startPackageUpstream(
    [{ name: 'newpy', version: '1.0', ageHours: 500 }],
    [
      { name: 'old-pkg', version: '1.0.0', ageHours: 900 },
      { name: 'new-old-enough', version: '1.0.0', ageHours: 100 },
      { name: 'new-too-young', version: '1.0.0', ageHours: 5 },
      { name: 'held-pkg', version: '0.0.1-security', ageHours: 900 },
      { name: 'request-like', version: '2.0.0', ageHours: 900, deprecated: 'this package has been renamed to better-request' },
      { name: 'lodas', version: '1.0.0', ageHours: 9000, deprecated: 'no longer maintained, use lodash instead' },
      { name: 'lodah', version: '1.0.0', ageHours: 9000 },
    ],
  );
}, 120_000);

afterAll(async () => {
  await upstream?.close();
  home?.cleanup();
});

describe('checkPackagesOnline', () => {
  it('allows a name newer than the snapshot that is old enough, and remembers it offline', async () => {
    const report = await checkPackagesOnline(
      { ecosystem: 'npm', packages: ['new-old-enough'] },
      { cwd, env: home.env, upstreams: { npm: upstream.npm } },
    );
    expect(report.verdict).toBe('allow');
    expect(report.online[0]).toMatchObject({ code: 'fresh', verdict: 'allow' });
    expect((await checkPackages({ ecosystem: 'npm', packages: ['new-old-enough'] }, { env: home.env })).verdict).toBe('allow');
  });

  it('blocks a new name younger than the minimum age, and one the upstream does not have', async () => {
    const report = await checkPackagesOnline(
      { ecosystem: 'npm', packages: ['new-too-young', 'nowhere-pkg'] },
      { cwd, env: home.env, upstreams: { npm: upstream.npm } },
    );
    expect(report.verdict).toBe('block');
    expect(report.online.map((f) => f.code)).toEqual(['new_name_too_young', 'not_found_upstream']);
  });

  it('reports a security holding package and a deprecation with its replacement', async () => {
    const report = await checkPackagesOnline(
      { ecosystem: 'npm', packages: ['held-pkg', 'request-like', 'old-pkg'] },
      { cwd, env: home.env, upstreams: { npm: upstream.npm } },
    );
    expect(report.online.map((f) => [f.input, f.code])).toEqual([
      ['held-pkg', 'security_placeholder'],
      ['request-like', 'deprecated'],
    ]);
    expect(report.online[1]!.message).toContain('use "better-request" instead');
    expect(report.results.map((r) => r.verdict)).toEqual(['block', 'warn', 'allow']);
  });

  it('says "deprecated" with the replacement instead of the typosquat warning; an undeprecated neighbour keeps it', async () => {
    // With the shipped usage figures, "lodas" and "lodah" are little used and one edit from "lodash".
    const offline = await checkPackages({ ecosystem: 'npm', packages: ['lodas', 'lodah'] }, { env: home.env });
    expect(offline.results.map((r) => r.reasons.map((q) => q.code))).toEqual([['suspected_typosquat'], ['suspected_typosquat']]);
    const report = await checkPackagesOnline(
      { ecosystem: 'npm', packages: ['lodas', 'lodah'] },
      { cwd, env: home.env, upstreams: { npm: upstream.npm } },
    );
    const [lodas, lodah] = report.results;
    expect(lodas).toMatchObject({ verdict: 'warn', reasons: [{ code: 'deprecated' }], suggestions: [{ name: 'lodash' }] });
    expect(lodas!.reasons[0]!.message).toBe(
      'npm package "lodas" is deprecated; use "lodash" instead: no longer maintained, use lodash instead',
    );
    expect(lodah).toMatchObject({ verdict: 'warn', reasons: [{ code: 'suspected_typosquat' }] });
  });

  it('asks a PyPI index with PEP 700 times about a name missing from the snapshot', async () => {
    const report = await checkPackagesOnline(
      { ecosystem: 'pypi', packages: ['newpy'] },
      { cwd, env: home.env, upstreams: { pypi: upstream.pypi } },
    );
    expect(report.verdict).toBe('allow');
  });

  it('keeps the offline verdict when the upstream is unreachable, and says so', async () => {
    const report = await checkPackagesOnline(
      { ecosystem: 'npm', packages: ['gone-pkg'] },
      { cwd, env: home.env, upstreams: { npm: 'http://127.0.0.1:9' }, timeoutMs: 2000 },
    );
    expect(report.verdict).toBe('block');
    expect(report.online[0]).toMatchObject({ code: 'upstream_failed' });
  });
});
