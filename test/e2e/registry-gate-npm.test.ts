/**
 * npm through the registry gate against a loopback registry stand-in serving real tarballs: a
 * denied name, a denied transitive dependency, a too-young release (npm falls back to the
 * previous one), a scoped private namespace, a name newer than the snapshot, a security holding
 * package, the upstream unreachable; and, when the public registry answers, a real package.
 * Allowed tarballs are redirected to the upstream by default (npm checks them against the
 * packument's integrity) and streamed with `streamFiles`: both modes are run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPackages } from '../../src/app/packages/check-packages.js';
import { gateSetup } from '../fixtures/gate-setup.js';
import { isolatedNpmEnv, runClient } from '../fixtures/run-client.js';

const POLICY = `version: 1
packages:
  deny:
    - { ecosystem: npm, name: evil-dep, reason: known malicious }
private:
  - { ecosystem: npm, pattern: "@acme/*", overlay: acme-npm }
`;

const setup = gateSetup({
  policy: POLICY,
  lists: { npm: ['good-pkg', 'evil-dep', 'aged-pkg', 'leaf-pkg', '@acme/tool', 'held-pkg', 'is-number', 'tampered-pkg'] },
  overlays: { 'acme-npm': { ecosystem: 'npm', names: ['@acme/other'] } },
  npm: [
    { name: 'leaf-pkg', version: '1.0.0', ageHours: 900 },
    { name: 'good-pkg', version: '1.0.0', dependencies: { 'evil-dep': '^1.0.0' }, ageHours: 900 },
    { name: 'evil-dep', version: '1.0.0', ageHours: 900 },
    { name: 'aged-pkg', version: '1.0.0', dependencies: { 'leaf-pkg': '^1.0.0' }, ageHours: 900 },
    { name: 'aged-pkg', version: '1.1.0', ageHours: 2 },
    { name: '@acme/tool', version: '1.0.0', ageHours: 900 },
    { name: 'fresh-pkg', version: '0.1.0', ageHours: 200 },
    { name: 'held-pkg', version: '0.0.1-security', ageHours: 900 },
    { name: 'tampered-pkg', version: '1.0.0', ageHours: 900, corrupt: true },
  ],
  streaming: true,
});

async function npmInstall(specs: string[], registry = setup.gate.npmRegistry) {
  const dir = mkdtempSync(join(tmpdir(), 'gg-npm-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', version: '1.0.0', private: true }));
  const env = { ...isolatedNpmEnv(dir), npm_config_registry: registry, npm_config_fetch_timeout: '20000' };
  const run = await runClient('npm', ['install', '--no-package-lock', ...specs], { cwd: dir, env });
  return {
    ...run,
    dir,
    version: (name: string): string | undefined => {
      try {
        return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      } catch {
        return undefined;
      }
    },
  };
}

describe('npm through the registry gate', () => {
  it('falls back to the previous release when the newest is younger than the minimum age, dependencies included', async () => {
    const run = await npmInstall(['aged-pkg']);
    expect(run.code, run.output).toBe(0);
    expect(run.version('aged-pkg')).toBe('1.0.0');
    expect(run.version('leaf-pkg')).toBe('1.0.0');
  });

  it('refuses a pinned too-young release with the reason', async () => {
    const run = await npmInstall(['aged-pkg@1.1.0']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/No matching version found for aged-pkg@1\.1\.0/);
    expect(run.version('aged-pkg')).toBeUndefined();
    expect(
      setup.log.some((line) => line.includes('held back npm aged-pkg 1.1.0') && line.includes('under the minimum release age of 48 h')),
    ).toBe(true);
  });

  it('refuses a denied name with the reason npm prints', async () => {
    const run = await npmInstall(['evil-dep']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403.*known malicious/);
  });

  it('refuses a denied transitive dependency', async () => {
    const run = await npmInstall(['good-pkg']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403.*evil-dep/);
    expect(run.version('good-pkg')).toBeUndefined();
  });

  it('refuses a public package in a private scope (dependency confusion)', async () => {
    const run = await npmInstall(['@acme/tool']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403.*@acme\/tool/);
  });

  it('refuses a security holding package', async () => {
    const run = await npmInstall(['held-pkg']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403.*security holding package/);
  });

  it('allows a name newer than the snapshot and remembers it for guard check', async () => {
    expect((await checkPackages({ ecosystem: 'npm', packages: ['fresh-pkg'] }, { env: setup.home.env })).verdict).toBe('block');
    const run = await npmInstall(['fresh-pkg']);
    expect(run.code, run.output).toBe(0);
    expect(run.version('fresh-pkg')).toBe('0.1.0');
    expect((await checkPackages({ ecosystem: 'npm', packages: ['fresh-pkg'] }, { env: setup.home.env })).verdict).toBe('allow');
  });

  it('answers 404 with the reason for a name the upstream does not have', async () => {
    const run = await npmInstall(['no-such-pkg-anywhere']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/404.*does not exist/);
  });

  it('fails clearly, without hanging, when the upstream is unreachable', async () => {
    const dead = await setup.startGate({ port: 0, upstreams: { npm: 'http://127.0.0.1:9' }, noCache: true });
    try {
      const run = await npmInstall(['leaf-pkg'], dead.npmRegistry);
      expect(run.code).not.toBe(0);
      expect(run.output).toMatch(/502.*upstream http:\/\/127\.0\.0\.1:9 unreachable/);
    } finally {
      await dead.close();
    }
  });
});

describe('tarballs: redirected after judging (default) or streamed (--stream-files)', () => {
  it('redirects an allowed tarball to the upstream and refuses a held-back one with the reason', async () => {
    const allowed = await fetch(`${setup.gate.npmRegistry}aged-pkg/-/aged-pkg-1.0.0.tgz`, { redirect: 'manual' });
    expect(allowed.status).toBe(307);
    expect(allowed.headers.get('location')).toBe(`${setup.upstream.npm}/aged-pkg/-/aged-pkg-1.0.0.tgz`);
    const held = await fetch(`${setup.gate.npmRegistry}aged-pkg/-/aged-pkg-1.1.0.tgz`, { redirect: 'manual' });
    expect(held.status).toBe(403);
    expect(((await held.json()) as { error: string }).error).toMatch(/under the minimum release age of 48 h/);
    const denied = await fetch(`${setup.gate.npmRegistry}evil-dep/-/evil-dep-1.0.0.tgz`, { redirect: 'manual' });
    expect(denied.status).toBe(403);
  });

  it.each([
    ['redirect', () => setup.gate],
    ['stream', () => setup.streaming],
  ])('%s: npm installs the allowed release, fetching the tarball from the upstream', async (mode, which) => {
    const before = setup.upstream.requests.filter((path) => path === '/registry/aged-pkg/-/aged-pkg-1.0.0.tgz').length;
    const run = await npmInstall(['aged-pkg'], which().npmRegistry);
    expect(run.code, run.output).toBe(0);
    expect(run.version('aged-pkg')).toBe('1.0.0');
    expect(setup.upstream.requests.filter((path) => path === '/registry/aged-pkg/-/aged-pkg-1.0.0.tgz').length).toBe(before + 1);
    if (mode === 'stream') {
      const streamed = await fetch(`${setup.streaming.npmRegistry}aged-pkg/-/aged-pkg-1.0.0.tgz`, { redirect: 'manual' });
      expect(streamed.status).toBe(200);
    }
  });

  it.each([
    ['redirect', () => setup.gate],
    ['stream', () => setup.streaming],
  ])('%s: a pinned held-back release is still refused', async (_mode, which) => {
    const run = await npmInstall(['aged-pkg@1.1.0'], which().npmRegistry);
    expect(run.code).not.toBe(0);
    expect(run.version('aged-pkg')).toBeUndefined();
  });

  it.each([
    ['redirect', () => setup.gate],
    ['stream', () => setup.streaming],
  ])('%s: npm checks the tarball against the integrity the gate served (a changed byte is EINTEGRITY)', async (_mode, which) => {
    const run = await npmInstall(['tampered-pkg'], which().npmRegistry);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/EINTEGRITY/);
    expect(run.version('tampered-pkg')).toBeUndefined();
  });
});

describe('npm through the registry gate with the public registry upstream', () => {
  it('installs a real small package when registry.npmjs.org answers', async (context) => {
    const reachable = await fetch('https://registry.npmjs.org/is-number', { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (!reachable) return context.skip();
    const real = await setup.startGate({ port: 0, noCache: true });
    try {
      const run = await npmInstall(['is-number@7'], real.npmRegistry);
      expect(run.code, run.output).toBe(0);
      expect(run.version('is-number')).toBe('7.0.0');
    } finally {
      await real.close();
    }
  });
});
