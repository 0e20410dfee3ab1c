import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackRegistry, type LoopbackRegistry, type Route } from '../fixtures/loopback-registry.js';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const home = mkdtempSync(join(tmpdir(), 'gg-e2e-allow-'));
let registry: LoopbackRegistry;
let base = '';

/** Runs the CLI without blocking the event loop (the loopback registry answers meanwhile). */
function guard(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, GUARD_HOME: home, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const repodata = JSON.stringify({
  info: { subdir: 'noarch' },
  packages: { 'numpy-1.26-0.tar.bz2': { name: 'numpy' } },
  'packages.conda': { 'scipy-1.11-0.conda': { name: 'scipy' } },
});
const routes = new Map<string, Route>([
  [
    '/simple/',
    (_req, res) => {
      res.setHeader('content-type', 'application/vnd.pypi.simple.v1+json');
      res.end(
        JSON.stringify({
          meta: { 'api-version': '1.1' },
          projects: [{ name: 'Internal_Tool' }, { name: 'requests' }, { name: 'zz-brand-new' }],
        }),
      );
    },
  ],
  ['/forge/noarch/repodata.json', (_req, res) => res.end(repodata)],
  ['/forge/linux-64/repodata.json', (_req, res) => res.end(repodata)],
]);

beforeAll(async () => {
  registry = await startLoopbackRegistry(routes);
  base = registry.base;
});

afterAll(() => registry.close());

describe('guard allowlist (built CLI)', () => {
  it('syncs PyPI from a PEP 691 index and checks against it', async () => {
    const sync = await guard(['allowlist', 'sync', 'pypi', '--url', `${base}/simple/`, '--json']);
    expect(sync.code).toBe(0);
    expect(JSON.parse(sync.stdout)[0]).toMatchObject({ ecosystem: 'pypi', kind: 'sync', count: 3 });
    const report = JSON.parse((await guard(['check', 'pypi', 'internal.tool', 'zz-brand-new', 'flask', '--json'])).stdout);
    expect(report.results.map((r: { exists: boolean }) => r.exists)).toEqual([true, true, false]);
    expect(report.results[0].snapshot.source).toContain('pypi-simple');
    expect((await guard(['allowlist', 'reset', 'pypi'])).code).toBe(0);
    const back = JSON.parse((await guard(['check', 'pypi', 'flask', '--json'])).stdout);
    expect(back.results[0]).toMatchObject({ exists: true, verdict: 'allow' });
  });

  it('syncs a conda channel from repodata', async () => {
    const sync = await guard(['allowlist', 'sync', 'conda', '--url', `${base}/forge`, '--json']);
    expect(sync.code).toBe(0);
    const report = JSON.parse((await guard(['check', 'conda', 'numpy', 'scipy', 'pandas', '--json'])).stdout);
    expect(report.results.map((r: { exists: boolean }) => r.exists)).toEqual([true, true, false]);
  });

  it('fails a sync from a broken registry with a clear message and keeps the old list', async () => {
    const run = await guard(['allowlist', 'sync', 'pypi', '--url', `${base}/missing/`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/404/);
    const report = JSON.parse((await guard(['check', 'pypi', 'requests', '--json'])).stdout);
    expect(report.results[0].exists).toBe(true);
  });

  it('adds a private list as an overlay', async () => {
    const file = join(home, 'private.txt');
    writeFileSync(file, 'acme-internal-sdk\nacme-auth\n');
    expect((await guard(['allowlist', 'import', 'pypi', file, '--overlay', 'acme'])).code).toBe(0);
    const report = JSON.parse((await guard(['check', 'pypi', 'acme-auth', 'requests', '--json'])).stdout);
    expect(report.results.map((r: { exists: boolean }) => r.exists)).toEqual([true, true]);
    const info = JSON.parse((await guard(['allowlist', 'info', '--json'])).stdout);
    expect(info.find((e: { overlay?: string }) => e.overlay === 'acme')).toMatchObject({ count: 2, kind: 'import' });
  });

  it('rejects a missing import file with exit 2', async () => {
    const run = await guard(['allowlist', 'import', 'pypi', join(home, 'nope.txt')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/nope\.txt/);
  });
});
