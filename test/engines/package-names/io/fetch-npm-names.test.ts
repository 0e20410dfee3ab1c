import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackRegistry, type LoopbackRegistry, type Route } from '../../../fixtures/loopback-registry.js';
import { fetchNpmNames } from '../../../../src/engines/package-names/io/fetch-npm-names.js';

const routes = new Map<string, Route>();
const accepts = new Map<string, string | undefined>();
let registry: LoopbackRegistry;
let base: string;
let workDir: string;

const NAMES = ['express', '@types/node', 'left-pad', 'lodash'];
const INSTALL_V1 = 'application/vnd.npm.install-v1+json';

/** Packs `files` (paths under package/) into a .tgz the way npm publishes one. */
async function buildTarball(name: string, files: Record<string, string>): Promise<Buffer> {
  const root = join(workDir, name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const file = join(workDir, `${name}.tgz`);
  await create({ gzip: true, portable: true, cwd: root, file }, ['package']);
  return readFile(file);
}

function sri(bytes: Uint8Array): string {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

/** Abbreviated metadata (application/vnd.npm.install-v1+json) with an old and a latest version. */
function abbreviatedPackument(version: string, tarball: string, integrity: string): object {
  return {
    name: 'all-the-package-names',
    modified: '2026-11-20T00:00:00.000Z',
    'dist-tags': { latest: version },
    versions: {
      '1.0.0': {
        name: 'all-the-package-names',
        version: '1.0.0',
        dist: { shasum: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', tarball: `${base}/old.tgz` },
      },
      [version]: {
        name: 'all-the-package-names',
        version,
        bin: { 'all-the-package-names': 'cli.js' },
        dist: { shasum: 'x', integrity, tarball, fileCount: 4, unpackedSize: 1000 },
      },
    },
  };
}

function serveJson(path: string, doc: unknown): void {
  routes.set(path, (req, res) => {
    accepts.set(path, req.headers.accept);
    const body = JSON.stringify(doc);
    res.writeHead(200, { 'content-type': INSTALL_V1, 'content-length': Buffer.byteLength(body) }).end(body);
  });
}

function serveBytes(path: string, bytes: Buffer): void {
  routes.set(path, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
    for (let i = 0; i < bytes.length; i += 8 * 1024) res.write(bytes.subarray(i, i + 8 * 1024));
    res.end();
  });
}

beforeAll(async () => {
  registry = await startLoopbackRegistry(routes);
  base = registry.base;
  workDir = await mkdtemp(join(tmpdir(), 'groundguard-npm-'));

  // Enough names that the tarball arrives in several chunks.
  const manyNames = [...NAMES, ...Array.from({ length: 30_000 }, (_, i) => `pkg-${i.toString(36)}-${(i * 7919).toString(16)}`)];
  const good = await buildTarball('good', {
    'package/package.json': JSON.stringify({ name: 'all-the-package-names', version: '2.0.42' }),
    'package/names.json': JSON.stringify(manyNames),
    'package/readme.md': '# all-the-package-names',
  });
  const noNames = await buildTarball('no-names', {
    'package/package.json': JSON.stringify({ name: 'all-the-package-names', version: '2.0.43' }),
  });
  serveBytes('/all-the-package-names/-/all-the-package-names-2.0.42.tgz', good);
  serveBytes('/no-names.tgz', noNames);

  serveJson(
    '/all-the-package-names',
    abbreviatedPackument('2.0.42', `${base}/all-the-package-names/-/all-the-package-names-2.0.42.tgz`, sri(good)),
  );
  serveJson(
    '/tampered/all-the-package-names',
    abbreviatedPackument('2.0.42', `${base}/all-the-package-names/-/all-the-package-names-2.0.42.tgz`, sri(Buffer.from('something else'))),
  );
  serveJson(
    '/relative/all-the-package-names',
    abbreviatedPackument('2.0.42', '/all-the-package-names/-/all-the-package-names-2.0.42.tgz', sri(good)),
  );
  serveJson('/gone/all-the-package-names', abbreviatedPackument('2.0.44', `${base}/gone.tgz`, sri(good)));
  serveJson('/no-names/all-the-package-names', abbreviatedPackument('2.0.43', `${base}/no-names.tgz`, sri(noNames)));
  serveJson(
    '/sha1-only/all-the-package-names',
    abbreviatedPackument('2.0.42', `${base}/all-the-package-names/-/all-the-package-names-2.0.42.tgz`, 'sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk='),
  );
  serveJson('/no-latest/all-the-package-names', { name: 'all-the-package-names', versions: {} });
  routes.set('/truncated/all-the-package-names', (_req, res) => {
    res.writeHead(200, { 'content-type': INSTALL_V1 }).end('{"name": "all-the-package-names", "dist-tags": {');
  });
});

afterAll(async () => {
  await registry.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('fetchNpmNames', () => {
  it('reads names.json from the latest tarball after checking its integrity', async () => {
    const result = await fetchNpmNames({ registry: `${base}/` });
    expect(result.names.slice(0, 4)).toEqual(NAMES);
    expect(result.names).toHaveLength(30_004);
    expect(result.source).toBe('all-the-package-names@2.0.42');
    expect(result.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(accepts.get('/all-the-package-names')).toContain(INSTALL_V1);
  });

  it('reports increasing progress of the tarball download', async () => {
    const calls: Array<[number, number | undefined]> = [];
    await fetchNpmNames({ registry: base, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.length).toBeGreaterThan(1);
    for (let i = 1; i < calls.length; i++) expect(calls[i]?.[0]).toBeGreaterThan(calls[i - 1]?.[0] ?? Infinity);
    const last = calls.at(-1) ?? [0, 0];
    expect(last[0]).toBe(last[1]);
  });

  it('resolves a relative tarball URL against the registry', async () => {
    const result = await fetchNpmNames({ registry: `${base}/relative` });
    expect(result.names).toHaveLength(30_004);
  });

  it('fails UPSTREAM_FAILED when the tarball does not match its integrity', async () => {
    const error = await fetchNpmNames({ registry: `${base}/tampered` }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect((error as Error).message).toMatch(/failed its integrity check/);
    expect((error as Error).message).toContain(`${base}/all-the-package-names/-/all-the-package-names-2.0.42.tgz`);
  });

  it.each([
    ['/gone', 'gone.tgz', /answered 404 Not Found/],
    ['/no-names', 'no-names.tgz', /has no package\/names\.json/],
    ['/sha1-only', 'all-the-package-names-2.0.42.tgz', /no sha512 integrity/],
    ['/truncated', 'truncated/all-the-package-names', /not valid JSON/],
    ['/no-latest', 'no-latest/all-the-package-names', /not package metadata: dist-tags/],
    ['/missing', 'missing/all-the-package-names', /answered 404 Not Found/],
  ])('fails UPSTREAM_FAILED for the registry at %s, naming %s', async (prefix, urlEnd, message) => {
    const error = await fetchNpmNames({ registry: `${base}${prefix}` }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect((error as Error).message).toContain(urlEnd);
    expect((error as Error).message).toMatch(message);
  });
});
