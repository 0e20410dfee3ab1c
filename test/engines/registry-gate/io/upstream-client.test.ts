import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUpstreamMetadata } from '../../../../src/engines/registry-gate/index.js';

const doc = Buffer.from(
  JSON.stringify({ name: 'x', versions: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`1.0.${i}`, { v: i }])) }),
);
const seen: Array<string | undefined> = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers['accept-encoding']);
    if (req.url === '/gzip') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(doc));
    // 8 MB of zeros: a few kilobytes compressed.
    if (req.url === '/bomb') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
    if (req.url === '/broken') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('not gzip at all'));
    if (req.url === '/br') return void res.writeHead(200, { 'content-encoding': 'br' }).end(Buffer.from('??'));
    // Identity, its length declared, sent in pieces.
    res.writeHead(200, { 'content-length': doc.length });
    res.write(doc.subarray(0, 1000));
    setTimeout(() => res.end(doc.subarray(1000)), 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = { timeoutMs: 5000, maxBytes: 1024 * 1024 };

describe('fetchUpstreamMetadata', () => {
  it('asks for gzip and inflates the answer; an uncompressed one with a declared length reads the same bytes', async () => {
    const gzipped = await fetchUpstreamMetadata(`${base}/gzip`, options);
    const plain = await fetchUpstreamMetadata(`${base}/plain`, options);
    expect(gzipped.body.equals(doc)).toBe(true);
    expect(plain.body.equals(doc)).toBe(true);
    expect(seen.at(-1)).toBe('gzip');
  });

  it('bounds the inflated size, not the compressed one (UPSTREAM_FAILED)', async () => {
    await expect(fetchUpstreamMetadata(`${base}/bomb`, options)).rejects.toMatchObject({ code: 'UPSTREAM_FAILED', message: /larger than/ });
  });

  it('refuses an answer that does not inflate, or in an encoding it did not ask for (UPSTREAM_FAILED)', async () => {
    await expect(fetchUpstreamMetadata(`${base}/broken`, options)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: /does not inflate/,
    });
    await expect(fetchUpstreamMetadata(`${base}/br`, options)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: /did not ask for \(br\)/,
    });
  });
});
