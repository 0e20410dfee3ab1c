/**
 * pip through the registry gate against a loopback PyPI stand-in serving real wheels and sdists:
 * a denied name, a denied transitive dependency, a too-young release (held back: unpinned falls
 * back, pinned is refused with the reason), a private namespace, a name newer than the snapshot
 * (allowed, remembered, then accepted by `guard check`), an HTML-only index without release
 * times, and the upstream unreachable.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackages } from '../../src/app/packages/check-packages.js';
import { startRegistryGate } from '../../src/app/gate/registry-gate.js';
import { type RunningGate } from '../../src/engines/registry-gate/index.js';
import { startGateSetup, type GateSetup } from '../fixtures/gate-setup.js';
import { type GuardHome } from '../fixtures/guard-home.js';
import { runClient } from '../fixtures/run-client.js';

const POLICY = `version: 1
packages:
  deny:
    - { ecosystem: pypi, name: evildep, reason: known malicious }
private:
  - { ecosystem: pypi, pattern: "acme-*", overlay: acme }
`;

const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();

let setup: GateSetup;
let home: GuardHome;
let gate: RunningGate;
let cwd: string;
let log: string[];

beforeAll(async () => {
  setup = await startGateSetup({
    policy: POLICY,
    lists: { pypi: ['goodpkg', 'evildep', 'agedpkg', 'acme-internal', 'sdistpkg', 'htmlold'] },
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
    ],
    htmlOnly: ['htmlnew', 'htmlold'],
  });
  ({ home, gate, cwd, log } = setup);
}, 120_000);

afterAll(() => setup?.close());

function pip(args: string[], indexUrl = gate.pypiIndex) {
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
    const before = await checkPackages({ ecosystem: 'pypi', packages: ['brandnew'] }, { env: home.env });
    expect(before.verdict).toBe('block');
    const run = await pip(['download', 'brandnew']);
    expect(run.code).toBe(0);
    const after = await checkPackages({ ecosystem: 'pypi', packages: ['brandnew'] }, { env: home.env });
    expect(after.verdict).toBe('allow');
    expect(log.some((line) => line.includes('brandnew') && line.includes('newer than the snapshot'))).toBe(true);
  });

  it('builds from an sdist fetched through the gate', async () => {
    const run = await pip(['download', '--no-build-isolation', 'sdistpkg']);
    expect(run.output).toContain('sdistpkg-1.0.tar.gz');
    expect(run.code, run.output).toBe(0);
  });

  it('refuses a name missing from the snapshot when the index gives no release times (default policy)', async () => {
    const run = await pip(['download', 'htmlnew']);
    expect(run.code).not.toBe(0);
    expect(log.some((line) => line.includes('htmlnew') && line.includes('no release times'))).toBe(true);
  });

  it('serves a name in the snapshot from an HTML-only index, and logs that the age rule could not apply', async () => {
    const run = await pip(['download', 'htmlold']);
    expect(run.code, run.output).toBe(0);
    expect(log.some((line) => line.includes('htmlold') && line.includes('minimum release age could not be applied'))).toBe(true);
  });

  it('fails clearly, without hanging, when the upstream is unreachable', async () => {
    const dead = await startRegistryGate(
      { port: 0, upstreams: { pypi: 'http://127.0.0.1:9/simple' }, noCache: true },
      { cwd, env: home.env, log: (line) => void log.push(line) },
    );
    try {
      const run = await pip(['download', 'agedpkg'], dead.pypiIndex);
      expect(run.code).not.toBe(0);
      expect(log.some((line) => line.includes('upstream http://127.0.0.1:9 unreachable: ECONNREFUSED'))).toBe(true);
    } finally {
      await dead.close();
    }
  });
});
