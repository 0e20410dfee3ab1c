/** The built CLI: `guard gate env` and `guard run -- <command>` with a gate on an ephemeral port in front of a loopback index. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { startPackageUpstream, type PackageUpstream } from '../fixtures/package-upstream.js';
import { isolatedNpmEnv, runClient } from '../fixtures/run-client.js';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
let home: GuardHome;
let upstream: PackageUpstream;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { npm: ['leaf-pkg', 'evil-dep'] } });
  cwd = home.project('repo', 'version: 1\npackages:\n  deny:\n    - { ecosystem: npm, name: evil-dep, reason: known malicious }\n');
  writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'probe', version: '1.0.0', private: true }));
  upstream = await startPackageUpstream(
    [],
    [
      { name: 'leaf-pkg', version: '1.0.0', ageHours: 900 },
      { name: 'evil-dep', version: '1.0.0', ageHours: 900 },
    ],
  );
}, 120_000);

afterAll(async () => {
  await upstream?.close();
  home?.cleanup();
});

function environment(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'gg-run-'));
  return { ...isolatedNpmEnv(dir), ...home.env, NO_COLOR: '1' };
}

describe('guard gate env', () => {
  it('prints shell exports for the given port', async () => {
    const run = await runClient(process.execPath, [cli, 'gate', 'env', '--port', '9123'], { cwd, env: environment() });
    expect(run.code).toBe(0);
    expect(run.output).toContain("export PIP_INDEX_URL='http://127.0.0.1:9123/pypi/simple/'");
    expect(run.output).toContain("export npm_config_registry='http://127.0.0.1:9123/npm/'");
    expect(run.output).toContain("export UV_DEFAULT_INDEX='http://127.0.0.1:9123/pypi/simple/'");
  });

  it('rejects a bad port with exit 2', async () => {
    const run = await runClient(process.execPath, [cli, 'gate', 'env', '--port', '70000'], { cwd, env: environment() });
    expect(run.code).toBe(2);
  });
});

describe('guard run', () => {
  it('runs npm install through an ephemeral gate; the exit code passes through', async () => {
    const run = await runClient(
      process.execPath,
      [cli, 'run', '--upstream-npm', upstream.npm, '--', 'npm', 'install', '--no-package-lock', 'leaf-pkg'],
      { cwd, env: environment() },
    );
    expect(run.code, run.output).toBe(0);
    expect(upstream.requests).toContain('/registry/leaf-pkg');
  });

  it('a denied package fails the command with the reason', async () => {
    const run = await runClient(
      process.execPath,
      [cli, 'run', '--upstream-npm', upstream.npm, '--', 'npm', 'install', '--no-package-lock', 'evil-dep'],
      { cwd, env: environment() },
    );
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('guard gate: refused npm evil-dep');
    expect(run.output).toMatch(/403.*known malicious/);
  });

  it('passes the environment that points clients at the gate', async () => {
    const run = await runClient(
      process.execPath,
      [cli, 'run', '--', process.execPath, '-e', 'console.log(process.env.PIP_INDEX_URL, process.env.npm_config_registry)'],
      { cwd, env: environment() },
    );
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/http:\/\/127\.0\.0\.1:\d+\/pypi\/simple\/ http:\/\/127\.0\.0\.1:\d+\/npm\//);
  });
});

describe('guard gate', () => {
  it.each([
    [[], 307],
    [['--stream-files'], 200],
  ])('serves until SIGTERM, answers its health check, and answers an allowed tarball %j with %i', async (flags, tarballStatus) => {
    const child = spawn(process.execPath, [cli, 'gate', '--port', '0', '--upstream-npm', upstream.npm, ...flags], {
      cwd,
      env: environment(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const match = /serving (http:\/\/127\.0\.0\.1:\d+)\/pypi\/simple\//.exec(text);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(text)));
    });
    const health = (await (await fetch(`${url}/healthz`)).json()) as { gate: string };
    expect(health.gate).toBe('groundguard');
    const refused = await fetch(`${url}/npm/evil-dep`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain('known malicious');
    const tarball = await fetch(`${url}/npm/leaf-pkg/-/leaf-pkg-1.0.0.tgz`, { redirect: 'manual' });
    expect(tarball.status).toBe(tarballStatus);
    if (tarballStatus === 307) expect(tarball.headers.get('location')).toBe(`${upstream.npm}/leaf-pkg/-/leaf-pkg-1.0.0.tgz`);
    else expect((await tarball.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });
});
