import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackRegistry, type LoopbackRegistry, type Route } from '../../../fixtures/loopback-registry.js';
import { condaSubdirFor, defaultCondaSubdirs, fetchCondaNames } from '../../../../src/engines/package-names/io/fetch-conda-names.js';

const routes = new Map<string, Route>();
let registry: LoopbackRegistry;
let base: string;

beforeAll(async () => {
  registry = await startLoopbackRegistry(routes);
  base = registry.base;
});

afterAll(() => registry.close());

function record(name: string, version: string, subdir: string): object {
  return { build: 'h1234567_0', build_number: 0, depends: ['python >=3.9'], md5: '0'.repeat(32), name, subdir, version, size: 1024 };
}

/** A repodata.json as conda-index writes it: .tar.bz2 records in packages, .conda ones in packages.conda. */
function repodata(subdir: string, tarBz2: string[], conda: string[]): object {
  return {
    info: { subdir },
    packages: Object.fromEntries(tarBz2.map((name, i) => [`${name}-1.${i}-h1234567_0.tar.bz2`, record(name, `1.${i}`, subdir)])),
    'packages.conda': Object.fromEntries(conda.map((name, i) => [`${name}-2.${i}-h1234567_0.conda`, record(name, `2.${i}`, subdir)])),
    removed: [],
    repodata_version: 1,
  };
}

function serveJson(path: string, doc: unknown): void {
  routes.set(path, (_req, res) => {
    const body = Buffer.from(JSON.stringify(doc));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    for (let i = 0; i < body.length; i += 4 * 1024) res.write(body.subarray(i, i + 4 * 1024));
    res.end();
  });
}

const noarch = repodata('noarch', ['requests', 'tqdm', 'requests'], ['tqdm', 'attrs']);
const linux64 = repodata('linux-64', ['numpy', 'python'], ['numpy', 'python', 'zlib', 'attrs']);
serveJson('/test-channel/noarch/repodata.json', noarch);
serveJson('/test-channel/linux-64/repodata.json', linux64);
serveJson('/mirror/path/other-channel/noarch/repodata.json', repodata('noarch', ['six'], []));
serveJson('/only-conda/noarch/repodata.json', { info: { subdir: 'noarch' }, 'packages.conda': { 'six-1-0.conda': { name: 'six' } } });
serveJson('/not-repodata/noarch/repodata.json', { info: { subdir: 'noarch' } });
serveJson('/bad-record/noarch/repodata.json', { packages: { 'six-1-0.tar.bz2': { version: '1' } } });
routes.set('/truncated/noarch/repodata.json', (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"info": {"subdir": "noarch"}, "packages": {');
});

describe('fetchCondaNames', () => {
  it('collects the distinct names of packages and packages.conda over all subdirs, sorted', async () => {
    const result = await fetchCondaNames({ channel: 'test-channel', baseUrl: base, subdirs: ['noarch', 'linux-64'] });
    expect(result.names).toEqual(['attrs', 'numpy', 'python', 'requests', 'tqdm', 'zlib']);
    expect(result.source).toBe('conda:test-channel');
    expect(result.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('uses a channel given as a full URL as is', async () => {
    const channel = `${base}/mirror/path/other-channel/`;
    const result = await fetchCondaNames({ channel, baseUrl: 'https://conda.invalid', subdirs: ['noarch'] });
    expect(result.names).toEqual(['six']);
    expect(result.source).toBe(`conda:${channel}`);
  });

  it('accepts repodata with only packages.conda', async () => {
    const result = await fetchCondaNames({ channel: 'only-conda', baseUrl: base, subdirs: ['noarch'] });
    expect(result.names).toEqual(['six']);
  });

  it('reports increasing progress over the subdirs', async () => {
    const calls: Array<[number, number | undefined]> = [];
    await fetchCondaNames({
      channel: 'test-channel',
      baseUrl: base,
      subdirs: ['noarch', 'linux-64'],
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < calls.length; i++) expect(calls[i]?.[0]).toBeGreaterThan(calls[i - 1]?.[0] ?? Infinity);
    const bytes = Buffer.byteLength(JSON.stringify(noarch)) + Buffer.byteLength(JSON.stringify(linux64));
    expect(calls.at(-1)).toEqual([bytes, undefined]);
  });

  it('reports the total when there is one subdir', async () => {
    const calls: Array<[number, number | undefined]> = [];
    await fetchCondaNames({ channel: 'test-channel', baseUrl: base, subdirs: ['linux-64'], onProgress: (d, t) => calls.push([d, t]) });
    const last = calls.at(-1) ?? [0, 0];
    expect(last[0]).toBe(last[1]);
  });

  it.each([
    ['test-channel', 'osx-arm64', /answered 404 Not Found/],
    ['truncated', 'noarch', /not valid JSON/],
    ['not-repodata', 'noarch', /not conda repodata: neither "packages" nor "packages.conda"/],
    ['bad-record', 'noarch', /not conda repodata: packages\.six-1-0\.tar\.bz2\.name/],
  ])('fails UPSTREAM_FAILED naming the URL for %s/%s', async (channel, subdir, message) => {
    const error = await fetchCondaNames({ channel, baseUrl: base, subdirs: ['noarch', subdir] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect((error as Error).message).toContain(`${base}/${channel}/${subdir}/repodata.json`);
    expect((error as Error).message).toMatch(message);
  });
});

describe('condaSubdirFor', () => {
  it.each([
    ['linux', 'x64', 'linux-64'],
    ['linux', 'arm64', 'linux-aarch64'],
    ['linux', 'ppc64', 'linux-ppc64le'],
    ['darwin', 'x64', 'osx-64'],
    ['darwin', 'arm64', 'osx-arm64'],
    ['win32', 'x64', 'win-64'],
    ['win32', 'arm64', 'win-arm64'],
    ['freebsd', 'x64', undefined],
  ])('maps %s/%s to %s', (platform, arch, subdir) => {
    expect(condaSubdirFor(platform, arch)).toBe(subdir);
  });

  it('defaults to noarch plus this machine', () => {
    expect(defaultCondaSubdirs()[0]).toBe('noarch');
  });
});
