/**
 * pip through the registry gate against a loopback PyPI stand-in serving real wheels and sdists:
 * a denied name, a denied transitive dependency, a too-young release (held back: unpinned falls
 * back, pinned is refused with the reason), a private namespace, a name newer than the snapshot
 * (allowed, remembered, then accepted by `guard check`), an HTML-only index without release
 * times, and the upstream unreachable. Allowed files are redirected to the upstream by default
 * (pip checks them against the index's sha256) and streamed with `streamFiles`: both modes are run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPackages } from '../../src/app/packages/check-packages.js';
import { gateSetup } from '../fixtures/gate-setup.js';
import { runClient } from '../fixtures/run-client.js';

const POLICY = `version: 1
packages:
  deny:
    - { ecosystem: pypi, name: evildep, reason: known malicious }
private:
  - { ecosystem: pypi, pattern: "acme-*", overlay: acme }
`;

const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();

const setup = gateSetup({
  policy: POLICY,
  lists: { pypi: ['goodpkg', 'evildep', 'agedpkg', 'acme-internal', 'sdistpkg', 'htmlold', 'tamperedpkg'] },
  overlays: { acme: { ecosystem: 'pypi', names: ['acme-tools'] } },
  python: [
    { name: 'goodpkg', version: '1.0', requires: ['evildep'], ageHours: 900 },
    { name: 'evildep', version: '0.1', ageHours: 900 },
    { name: 'agedpkg', version: '1.0', ageHours: 900 },
    { name: 'agedpkg', version: '2.0', ageHours: 3 },
    { name: 'acme-internal', version: '9.9', ageHours: 900 },
    { name: 'brandnew', version: '1.0', requires: [], ageHours: 300 },
    { name: 'sdistpkg', version: '1.0', kind: 'sdist', ageHours: 900 },
    { name: 'htmlnew', version: '1.0', ageHours: 900 },
    { name: 'htmlold', version: '1.0', ageHours: 900 },
    { name: 'tamperedpkg', version: '1.0', ageHours: 900, corrupt: true },
  ],
  htmlOnly: ['htmlnew', 'htmlold'],
  streaming: true,
});

function pip(args: string[], indexUrl = setup.gate.pypiIndex) {
  const target = mkdtempSync(join(tmpdir(), 'gg-pip-'));
  const env = {
    PATH: process.env.PATH,
    HOME: target,
    PIP_CONFIG_FILE: '/dev/null',
    PIP_INDEX_URL: indexUrl,
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
    PIP_NO_CACHE_DIR: '1',
    PIP_NO_INPUT: '1',
    PIP_RETRIES: '0',
    PIP_TIMEOUT: '10',
  };
  return runClient(
    python,
    ['-m', 'pip', ...args, ...(args[0] === 'install' ? ['--target', join(target, 'site')] : ['-d', join(target, 'dl')])],
    { cwd: target, env },
  ).then((run) => ({ ...run, dir: target }));
}

describe('pip through the registry gate', () => {
  it('installs an allowed package from a wheel (PEP 691 JSON page, PEP 658 metadata through the gate)', async () => {
    const run = await pip(['install', 'agedpkg==1.0']);
    expect(run.output).toContain('Successfully installed agedpkg-1.0');
    expect(run.code).toBe(0);
    expect(existsSync(join(run.dir, 'site', 'agedpkg', '__init__.py'))).toBe(true);
  });

  it('refuses a denied name with the reason pip prints', async () => {
    const run = await pip(['install', 'evildep']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403 Client Error: .*evildep.*known malicious/);
  });

  it('refuses a denied transitive dependency', async () => {
    const run = await pip(['download', 'goodpkg']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403 Client Error: .*evildep/);
  });

  it('holds back a too-young release: unpinned takes the previous one, pinned is refused with the reason', async () => {
    const unpinned = await pip(['download', 'agedpkg']);
    expect(unpinned.code).toBe(0);
    expect(readdirSync(join(unpinned.dir, 'dl'))).toEqual(['agedpkg-1.0-py3-none-any.whl']);
    const pinned = await pip(['download', 'agedpkg==2.0']);
    expect(pinned.code).not.toBe(0);
    expect(pinned.output).toMatch(/403 Client Error: .*uploaded 3 h ago, under the minimum release age of 48 h/);
  });

  it('refuses a public package in a private namespace (dependency confusion)', async () => {
    const run = await pip(['download', 'acme-internal']);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/403 Client Error: .*acme-internal/);
  });

  it('allows a name newer than the snapshot, remembers it, and guard check then accepts it', async () => {
    const before = await checkPackages({ ecosystem: 'pypi', packages: ['brandnew'] }, { env: setup.home.env });
    expect(before.verdict).toBe('block');
    const run = await pip(['download', 'brandnew']);
    expect(run.code).toBe(0);
    const after = await checkPackages({ ecosystem: 'pypi', packages: ['brandnew'] }, { env: setup.home.env });
    expect(after.verdict).toBe('allow');
    expect(setup.log.some((line) => line.includes('brandnew') && line.includes('newer than the snapshot'))).toBe(true);
  });

  it('builds from an sdist fetched through the gate', async () => {
    const run = await pip(['download', '--no-build-isolation', 'sdistpkg']);
    expect(run.output).toContain('sdistpkg-1.0.tar.gz');
    expect(run.code, run.output).toBe(0);
  });

  it('refuses a name missing from the snapshot when the index gives no release times (default policy)', async () => {
    const run = await pip(['download', 'htmlnew']);
    expect(run.code).not.toBe(0);
    expect(setup.log.some((line) => line.includes('htmlnew') && line.includes('no release times'))).toBe(true);
  });

  it('serves a name in the snapshot from an HTML-only index, and logs that the age rule could not apply', async () => {
    const run = await pip(['download', 'htmlold']);
    expect(run.code, run.output).toBe(0);
    expect(setup.log.some((line) => line.includes('htmlold') && line.includes('minimum release age could not be applied'))).toBe(true);
  });

  it('fails clearly, without hanging, when the upstream is unreachable', async () => {
    const dead = await setup.startGate({ port: 0, upstreams: { pypi: 'http://127.0.0.1:9/simple' }, noCache: true });
    try {
      const run = await pip(['download', 'agedpkg'], dead.pypiIndex);
      expect(run.code).not.toBe(0);
      expect(setup.log.some((line) => line.includes('upstream http://127.0.0.1:9 unreachable: ECONNREFUSED'))).toBe(true);
    } finally {
      await dead.close();
    }
  });
});

describe('files: redirected after judging (default) or streamed (--stream-files)', () => {
  it('redirects an allowed file to the upstream; a held-back or denied one gets the 403 with the reason', async () => {
    const page = (await (
      await fetch(`${setup.gate.pypiIndex}agedpkg/`, { headers: { accept: 'application/vnd.pypi.simple.v1+json' } })
    ).json()) as { files: Array<{ filename: string; url: string }> };
    const old = page.files.find((f) => f.filename.startsWith('agedpkg-1.0'))!;
    const young = page.files.find((f) => f.filename.startsWith('agedpkg-2.0'))!;
    const allowed = await fetch(new URL(old.url, `${setup.gate.pypiIndex}agedpkg/`), { redirect: 'manual' });
    expect(allowed.status).toBe(307);
    expect(allowed.headers.get('location')).toBe(`${setup.upstream.base}/files/${old.filename}`);
    const held = await fetch(new URL(young.url, `${setup.gate.pypiIndex}agedpkg/`), { redirect: 'manual' });
    expect(held.status).toBe(403);
    expect(held.statusText).toMatch(/under the minimum release age of 48 h/);
  });

  it.each([
    ['redirect', () => setup.gate],
    ['stream', () => setup.streaming],
  ])('%s: pip installs an allowed wheel, fetched from the upstream, and still refuses a held-back pin', async (_mode, which) => {
    const before = setup.upstream.requests.filter((path) => path.startsWith('/files/agedpkg-1.0') && !path.endsWith('.metadata')).length;
    const run = await pip(['install', 'agedpkg'], which().pypiIndex);
    expect(run.code, run.output).toBe(0);
    expect(existsSync(join(run.dir, 'site', 'agedpkg', '__init__.py'))).toBe(true);
    expect(setup.upstream.requests.filter((path) => path.startsWith('/files/agedpkg-1.0') && !path.endsWith('.metadata')).length).toBe(
      before + 1,
    );
    const pinned = await pip(['download', 'agedpkg==2.0'], which().pypiIndex);
    expect(pinned.code).not.toBe(0);
    expect(pinned.output).toMatch(/403 Client Error: .*under the minimum release age of 48 h/);
  });

  it.each([
    ['redirect', () => setup.gate],
    ['stream', () => setup.streaming],
  ])('%s: pip checks the file against the sha256 the gate served (a changed byte is refused)', async (_mode, which) => {
    const run = await pip(['download', 'tamperedpkg'], which().pypiIndex);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/DO NOT MATCH THE HASHES/);
    expect(existsSync(join(run.dir, 'dl')) ? readdirSync(join(run.dir, 'dl')) : []).toEqual([]);
  });
});
