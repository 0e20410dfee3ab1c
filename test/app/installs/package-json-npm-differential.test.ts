/**
 * npm itself is the judge of what a package.json installs: generated manifests mixing every kind of
 * dependency (dependencies, dev, optional, peer, bundled, `npm:` aliases, overrides) are installed by
 * the real npm (`npm install --dry-run --ignore-scripts`) against a loopback registry that records
 * every package npm asks for; every name it asks for must be a name the guard reads from the file
 * for `npm install`, or the guard must report a part it cannot read. Skips when npm is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseNodeCommand } from '../../../src/engines/install-commands/index.js';
import { createFsFileReader } from '../../../src/app/installs/fs-file-reader.js';

const npmAvailable = spawnSync('npm', ['--version'], { encoding: 'utf8' }).status === 0;

const name = fc
  .tuple(fc.constantFrom('zq-a', 'zq-b', 'zq.c', 'zq_d', '@zq/e', '@zq-s/f'), fc.integer({ min: 0, max: 99 }))
  .map(([stem, n]) => `${stem}${n}`);
const range = fc.constantFrom('*', '^1.0.0', '1.0.0', '>=2', '~2.5.0', 'latest', '', '1.x || 2.x');
const alias = fc.tuple(name, range).map(([n, r]) => `npm:${n}${r === '' ? '' : `@${r}`}`);
const spec = fc.oneof({ weight: 3, arbitrary: range }, { weight: 1, arbitrary: alias });
const table = fc.dictionary(name, spec, { maxKeys: 3 });

const manifestArb = fc
  .record({
    dependencies: table,
    devDependencies: table,
    optionalDependencies: table,
    peerDependencies: fc.dictionary(name, range, { maxKeys: 2 }),
    overrideTarget: fc.option(alias),
    bundle: fc.boolean(),
  })
  .map((m) => {
    const json: Record<string, unknown> = { name: 'root', version: '1.0.0' };
    for (const key of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const) {
      if (Object.keys(m[key]).length > 0) json[key] = m[key];
    }
    const firstDependency = Object.keys(m.dependencies)[0];
    // An override replaces a package that is in the tree by another one.
    if (m.overrideTarget !== null && firstDependency !== undefined && !m.dependencies[firstDependency]!.startsWith('npm:'))
      json.overrides = { [firstDependency]: m.overrideTarget };
    if (m.bundle && firstDependency !== undefined) json.bundleDependencies = [firstDependency];
    return json;
  });

/** A registry that knows every name (versions 1.0.0, 2.0.0, 2.5.0, no dependencies) and records each one asked for. */
async function startRecordingRegistry(): Promise<{ base: string; asked: Set<string>; close(): Promise<void> }> {
  const asked = new Set<string>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').slice(1));
    if (path.includes('/-/')) return void res.writeHead(404).end();
    asked.add(path);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const versions = Object.fromEntries(
      ['1.0.0', '2.0.0', '2.5.0'].map((v) => [v, { name: path, version: v, dist: { tarball: `${base}/${path}/-/x-${v}.tgz` } }]),
    );
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name: path, 'dist-tags': { latest: '2.5.0' }, versions }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function npmDryRun(dir: string, registry: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      ['install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--package-lock=false', `--registry=${registry}`],
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          HOME: dir,
          npm_config_cache: join(dir, '.cache'),
          npm_config_userconfig: join(dir, '.npmrc'),
          npm_config_update_notifier: 'false',
        },
        stdio: 'ignore',
      },
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const root = mkdtempSync(join(tmpdir(), 'gg-npm-diff-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!npmAvailable)('package.json: the guard reads every name npm asks the registry for', () => {
  it('agrees with npm on 20 generated manifests (or reports what it cannot read)', async () => {
    const manifests = fc.sample(manifestArb, { numRuns: 20, seed: 1313 });
    const misses: string[] = [];
    let compared = 0;
    for (const [index, manifest] of manifests.entries()) {
      const dir = join(root, `c${index}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
      const registry = await startRecordingRegistry();
      const code = await npmDryRun(dir, registry.base).finally(() => registry.close());
      if (code !== 0) continue;
      compared += 1;
      const request = parseNodeCommand(['npm', 'install'], { cwd: dir, files: createFsFileReader(dir) });
      if (request === undefined || request.unresolved.length > 0) continue;
      const read = new Set(request.targets.map((t) => t.name));
      for (const wanted of registry.asked) if (!read.has(wanted)) misses.push(`${JSON.stringify(manifest)}: npm asks for ${wanted}`);
    }
    expect(misses).toEqual([]);
    expect(compared).toBeGreaterThan(10);
  }, 300_000);
});
