import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackRegistry, type LoopbackRegistry, type Route } from '../../../fixtures/loopback-registry.js';
import { displayUrl, httpGet } from '../../../../src/engines/package-names/io/http-get.js';
import { GuardError } from '../../../../src/shared/errors.js';

const routes = new Map<string, Route>();
let registry: LoopbackRegistry;
let base: string;

beforeAll(async () => {
  registry = await startLoopbackRegistry(routes);
  base = registry.base;
});

afterAll(() => registry.close());

const payload = Buffer.from('x'.repeat(256 * 1024));

routes.set('/echo-accept', (req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end(req.headers.accept ?? '');
});
routes.set('/sized', (_req, res) => {
  res.writeHead(200, { 'content-length': String(payload.length) });
  // Several writes so that the client sees several chunks.
  for (let i = 0; i < payload.length; i += 16 * 1024) res.write(payload.subarray(i, i + 16 * 1024));
  res.end();
});
routes.set('/chunked', (_req, res) => {
  res.writeHead(200);
  res.write('first,');
  setTimeout(() => res.end('second'), 10);
});
routes.set('/gzipped', (_req, res) => {
  const body = gzipSync(payload);
  res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(body.length) }).end(body);
});
routes.set('/server-error', (_req, res) => {
  res.writeHead(503, 'Service Unavailable').end();
});
routes.set('/never', () => {
  // Holds the request open without answering.
});
routes.set('/stalls', (_req, res) => {
  res.writeHead(200);
  res.write('some bytes');
});

describe('httpGet', () => {
  it('returns the body and sends the Accept header', async () => {
    const body = await httpGet(`${base}/echo-accept`, { accept: 'application/vnd.pypi.simple.v1+json' });
    expect(Buffer.from(body).toString()).toBe('application/vnd.pypi.simple.v1+json');
  });

  it('reports increasing progress up to Content-Length', async () => {
    const calls: Array<[number, number | undefined]> = [];
    const body = await httpGet(`${base}/sized`, { onProgress: (done, total) => calls.push([done, total]) });
    expect(body.byteLength).toBe(payload.length);
    expect(calls.length).toBeGreaterThan(1);
    for (let i = 1; i < calls.length; i++) expect(calls[i]?.[0]).toBeGreaterThan(calls[i - 1]?.[0] ?? Infinity);
    expect(calls.at(-1)).toEqual([payload.length, payload.length]);
  });

  it('reports no total when the length is unknown', async () => {
    const calls: Array<number | undefined> = [];
    const body = await httpGet(`${base}/chunked`, { onProgress: (_done, total) => calls.push(total) });
    expect(Buffer.from(body).toString()).toBe('first,second');
    expect(calls.every((total) => total === undefined)).toBe(true);
  });

  it('decompresses a gzip Content-Encoding and does not use the compressed length as the total', async () => {
    const calls: Array<[number, number | undefined]> = [];
    const body = await httpGet(`${base}/gzipped`, { onProgress: (done, total) => calls.push([done, total]) });
    expect(Buffer.compare(Buffer.from(body), payload)).toBe(0);
    expect(calls.at(-1)).toEqual([payload.length, undefined]);
  });

  it('fails UPSTREAM_FAILED naming the URL and the status on a 404', async () => {
    const url = `${base}/missing`;
    const error = await httpGet(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GuardError);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED', message: `GET ${url} answered 404 Not Found` });
    expect((error as GuardError).hint).toMatch(/--registry|--index-url/);
  });

  it('fails UPSTREAM_FAILED on a 5xx', async () => {
    await expect(httpGet(`${base}/server-error`)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: `GET ${base}/server-error answered 503 Service Unavailable`,
    });
  });

  it('fails UPSTREAM_FAILED with the cause when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = (await httpGet(url).catch((caught: unknown) => caught)) as GuardError;
    expect(error).toBeInstanceOf(GuardError);
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toContain(`GET ${url} failed`);
    expect(error.cause).toBeDefined();
    expect(error.hint).toBe('check the network or pass --registry/--index-url to a mirror');
  });

  it.each(['/never', '/stalls'])('fails UPSTREAM_FAILED when %s goes quiet past the timeout', async (path) => {
    await expect(httpGet(`${base}${path}`, { timeoutMs: 150 })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringMatching(/timed out/),
    });
  });

  it("rethrows the caller's abort reason", async () => {
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(httpGet(`${base}/never`, { signal: controller.signal })).rejects.toBe(reason);
  });

  it('uses the injected fetch', async () => {
    const fake: typeof fetch = async () => new Response('from the fake');
    const body = await httpGet('https://registry.invalid/x', { fetch: fake });
    expect(Buffer.from(body).toString()).toBe('from the fake');
  });
});

describe('displayUrl', () => {
  it.each([
    ['https://user:secret@mirror.example/simple/', 'https://mirror.example/simple/'],
    ['https://pypi.org/simple/', 'https://pypi.org/simple/'],
    ['not a url', 'not a url'],
  ])('shows %s as %s', (url, shown) => {
    expect(displayUrl(url)).toBe(shown);
  });
});
