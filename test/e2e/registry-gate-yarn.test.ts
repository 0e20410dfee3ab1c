/**
 * yarn classic through the registry gate, against the loopback registry stand-in: the gate's
 * packuments rewrite each tarball URL through the gate, yarn follows the gate's 307 to the upstream
 * (another host:port) and checks the bytes; a too-young release falls back to the previous one; a
 * denied name fails with the reason. yarn is not on this machine: its published package (one
 * JavaScript file, no install scripts) is fetched with `npm pack` when registry.npmjs.org answers,
 * else the tests skip.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateEnvironment } from '../../src/engines/registry-gate/index.js';
import { gateSetup } from '../fixtures/gate-setup.js';
import { isolatedNpmEnv, runClient } from '../fixtures/run-client.js';

const YARN_CLASSIC = 'yarn@1.22.22';

const setup = gateSetup({
  policy: `version: 1
packages:
  deny:
    - { ecosystem: npm, name: evil-dep, reason: known malicious }
`,
  lists: { npm: ['leaf-pkg', 'aged-pkg', 'evil-dep'] },
  npm: [
    { name: 'leaf-pkg', version: '1.0.0', ageHours: 900 },
    { name: 'aged-pkg', version: '1.0.0', dependencies: { 'leaf-pkg': '^1.0.0' }, ageHours: 900 },
    { name: 'aged-pkg', version: '1.1.0', ageHours: 2 },
    { name: 'evil-dep', version: '1.0.0', ageHours: 900 },
  ],
});

let yarn: string | undefined;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gg-yarn-'));
  const reachable = await fetch('https://registry.npmjs.org/yarn', { method: 'HEAD', signal: AbortSignal.timeout(5000) }).then(
    (response) => response.ok,
    () => false,
  );
  if (!reachable) return;
  const packed = await runClient('npm', ['pack', YARN_CLASSIC, '--silent'], { cwd: dir, env: isolatedNpmEnv(dir), timeoutMs: 60_000 });
  if (packed.code !== 0) return;
  const unpacked = await runClient('tar', ['xzf', packed.output.trim().split('\n').pop()!], { cwd: dir, env: isolatedNpmEnv(dir) });
  const entry = join(dir, 'package', 'bin', 'yarn.js');
  if (unpacked.code === 0 && existsSync(entry)) yarn = entry;
}, 90_000);

async function yarnAdd(spec: string) {
  const dir = mkdtempSync(join(tmpdir(), 'gg-yarn-project-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', version: '1.0.0', private: true }));
  const env = {
    ...isolatedNpmEnv(dir),
    ...gateEnvironment(setup.gate.url),
    YARN_CACHE_FOLDER: join(dir, '.yarn-cache'),
    YARN_ENABLE_TELEMETRY: '0',
  };
  const run = await runClient(process.execPath, [yarn!, 'add', spec, '--no-lockfile', '--non-interactive', '--network-timeout', '20000'], {
    cwd: dir,
    env,
  });
  const version = (name: string): string | undefined => {
    const file = join(dir, 'node_modules', name, 'package.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
  };
  return { ...run, version };
}

describe('yarn classic through the registry gate', () => {
  it('follows the 307 to the upstream for each tarball and installs the previous release when the newest is too young', async (context) => {
    if (!yarn) return context.skip();
    const before = setup.upstream.requests.length;
    const run = await yarnAdd('aged-pkg');
    expect(run.code, run.output).toBe(0);
    expect(run.version('aged-pkg')).toBe('1.0.0');
    expect(run.version('leaf-pkg')).toBe('1.0.0');
    // The tarballs were asked of the gate (the packument's URLs point there) and fetched from the upstream after the redirect.
    const fetched = setup.upstream.requests.slice(before).filter((path) => path.endsWith('.tgz'));
    expect(fetched.some((path) => path.includes('aged-pkg-1.0.0.tgz'))).toBe(true);
    expect(fetched.some((path) => path.includes('leaf-pkg-1.0.0.tgz'))).toBe(true);
  });

  it('fails on a denied name with the reason', async (context) => {
    if (!yarn) return context.skip();
    const run = await yarnAdd('evil-dep');
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('known malicious');
    expect(run.version('evil-dep')).toBeUndefined();
  });
});
