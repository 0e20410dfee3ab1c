import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackRegistry, type LoopbackRegistry, type Route } from '../../../fixtures/loopback-registry.js';
import { fetchPypiNames } from '../../../../src/engines/package-names/io/fetch-pypi-names.js';

const routes = new Map<string, Route>();
let registry: LoopbackRegistry;
let base: string;

beforeAll(async () => {
  registry = await startLoopbackRegistry(routes);
  base = registry.base;
});

afterAll(() => registry.close());

const PEP691_TYPE = 'application/vnd.pypi.simple.v1+json';

/** A PEP 691 root index, with the extra fields PyPI sends. */
const pep691Index = {
  meta: { 'api-version': '1.3', '_last-serial': 12345 },
  projects: [
    { name: 'requests', '_last-serial': 1 },
    { name: 'Django', '_last-serial': 2 },
    { name: 'zope.interface', '_last-serial': 3 },
  ],
};

/** A PEP 503 root index as a PEP 503-only mirror would serve it. */
const simpleHtml = `<!DOCTYPE html>
<html>
  <head><meta name="pypi:repository-version" content="1.0"><title>Simple index</title></head>
  <body>
    <a href="/simple/requests/">requests</a>
    <a href="/simple/django/">Django</a>
    <A HREF="/simple/ab-and-cd/">ab&amp;cd</A>
    <a href="/simple/zope-interface/" data-extra="x">zope.interface</a>
  </body>
</html>`;

// A content-negotiating index: JSON when asked for it, HTML otherwise.
routes.set('/simple/', (req, res) => {
  if ((req.headers.accept ?? '').includes(PEP691_TYPE)) {
    const body = JSON.stringify(pep691Index);
    res.writeHead(200, { 'content-type': PEP691_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' }).end(simpleHtml);
  }
});
routes.set('/html-only/simple/', (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(simpleHtml);
});
routes.set('/large/simple/', (_req, res) => {
  const projects = Array.from({ length: 20_000 }, (_, i) => ({ name: `project-${i}` }));
  const body = Buffer.from(JSON.stringify({ meta: { 'api-version': '1.0' }, projects }));
  res.writeHead(200, { 'content-type': PEP691_TYPE, 'content-length': body.length });
  for (let i = 0; i < body.length; i += 32 * 1024) res.write(body.subarray(i, i + 32 * 1024));
  res.end();
});
routes.set('/truncated/simple/', (_req, res) => {
  res.writeHead(200, { 'content-type': PEP691_TYPE }).end('{"meta": {"api-version": "1.0"}, "projects": [{"na');
});
routes.set('/wrong-shape/simple/', (_req, res) => {
  res.writeHead(200, { 'content-type': PEP691_TYPE }).end('{"meta": {"api-version": "1.0"}, "projects": "all of them"}');
});
routes.set('/v2/simple/', (_req, res) => {
  res.writeHead(200, { 'content-type': PEP691_TYPE }).end('{"meta": {"api-version": "2.0"}, "projects": []}');
});
routes.set('/plain/simple/', (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end('requests\ndjango\n');
});

describe('fetchPypiNames', () => {
  it('reads the PEP 691 JSON index it asks for', async () => {
    const indexUrl = `${base}/simple/`;
    const result = await fetchPypiNames({ indexUrl });
    expect(result.names).toEqual(['requests', 'Django', 'zope.interface']);
    expect(result.source).toBe(`pypi-simple:${indexUrl}`);
    expect(result.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('falls back to the anchor texts of a PEP 503 HTML index', async () => {
    const result = await fetchPypiNames({ indexUrl: `${base}/html-only/simple/` });
    expect(result.names).toEqual(['requests', 'Django', 'ab&cd', 'zope.interface']);
  });

  it('reports increasing progress', async () => {
    const calls: Array<[number, number | undefined]> = [];
    const result = await fetchPypiNames({
      indexUrl: `${base}/large/simple/`,
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(result.names).toHaveLength(20_000);
    expect(calls.length).toBeGreaterThan(1);
    for (let i = 1; i < calls.length; i++) expect(calls[i]?.[0]).toBeGreaterThan(calls[i - 1]?.[0] ?? Infinity);
    const last = calls.at(-1) ?? [0, 0];
    expect(last[0]).toBe(last[1]);
  });

  it.each([
    ['/missing/simple/', /answered 404 Not Found/],
    ['/truncated/simple/', /answered a body that is not valid JSON/],
    ['/wrong-shape/simple/', /not a PEP 691 project list: projects/],
    ['/v2/simple/', /version 2\.0 is not supported/],
    ['/plain/simple/', /neither PEP 691 JSON nor a PEP 503 HTML index/],
  ])('fails UPSTREAM_FAILED naming the URL for %s', async (path, message) => {
    const indexUrl = `${base}${path}`;
    const error = await fetchPypiNames({ indexUrl }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect((error as Error).message).toContain(indexUrl);
    expect((error as Error).message).toMatch(message);
  });
});
