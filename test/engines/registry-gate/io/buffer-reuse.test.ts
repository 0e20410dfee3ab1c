/**
 * The gate reuses its metadata buffers (upstream bodies, served packuments) across requests, and
 * never while a socket write still reads one: answers held up by clients that do not read stay
 * byte-exact while many other packuments pass through the same buffers, and a steady stream of
 * packuments makes only a handful of buffers. A loopback upstream serves packuments of several
 * sizes, with a declared length, chunked and gzipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateServer, type RunningGate } from '../../../../src/engines/registry-gate/index.js';
import { BufferPool, SharedBytes } from '../../../../src/engines/registry-gate/io/buffer-pool.js';

let upstream: Server;
let base = '';
let gate: RunningGate;

/** A full packument of `versions` releases, a year old, each with its tarball under the upstream; a filler makes it larger. */
function packument(name: string, versions: number, filler: number): string {
  const doc = {
    _id: name,
    name,
    'dist-tags': { latest: `1.${versions - 1}.0` },
    versions: Object.fromEntries(
      Array.from({ length: versions }, (_, v) => [
        `1.${v}.0`,
        {
          name,
          version: `1.${v}.0`,
          description: `${name} release ${v} ${'x'.repeat(filler)}`,
          dist: { tarball: `${base}/${name}/-/${name}-1.${v}.0.tgz`, integrity: `sha512-${name}-${v}` },
        },
      ]),
    ),
    time: Object.fromEntries(Array.from({ length: versions }, (_, v) => [`1.${v}.0`, new Date(Date.UTC(2024, 0, 1 + v)).toISOString()])),
  };
  return JSON.stringify(doc);
}

/** Package i: its size and how the upstream sends it (`big-*` are several MB: more than a socket's buffers hold). */
function shape(name: string): { versions: number; filler: number; mode: 'length' | 'chunked' | 'gzip' } {
  const i = Number(/\d+$/.exec(name)?.[0] ?? 0);
  if (name.startsWith('big-')) return { versions: 400, filler: 20_000 + i * 997, mode: 'length' };
  return { versions: 20 + (i % 7) * 15, filler: 500 + (i % 5) * 900, mode: (['length', 'chunked', 'gzip'] as const)[i % 3]! };
}

function upstreamBody(name: string): string {
  const { versions, filler } = shape(name);
  return packument(name, versions, filler);
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    if (!/^(big|pkg)-\d+$/.test(name)) return void res.writeHead(404).end();
    const body = Buffer.from(upstreamBody(name));
    const { mode } = shape(name);
    if (mode === 'gzip' && (req.headers['accept-encoding'] ?? '').includes('gzip'))
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(body));
    if (mode === 'chunked') {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let at = 0; at < body.length; at += 7_000) res.write(body.subarray(at, at + 7_000));
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gate = await startGateServer({
    port: 0,
    upstreams: { pypi: base, npm: base },
    minReleaseAgeMs: () => 48 * 3_600_000,
    judge: () => Promise.resolve({ verdict: 'allow', message: '' }),
    // Room for one packument or two: every new one evicts, so buffers go back to the pool all the time.
    memoryBytes: 1_000_000,
  });
}, 60_000);

afterAll(async () => {
  await gate.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

/** What the gate must serve: the upstream's bytes with each tarball's base swapped for the gate's. */
function expected(name: string): string {
  return upstreamBody(name).replaceAll(`"${base}/`, `"${gate.url}/npm/`);
}

/** GET a packument; with `pauseMs`, the client reads nothing for that long after the headers (the gate's write stays pending). */
function fetchPackument(name: string, pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${gate.npmRegistry}${name}`, { headers: { accept: 'application/json' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${name}: HTTP ${res.statusCode}`));
      const chunks: Buffer[] = [];
      res.pause();
      setTimeout(() => {
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.resume();
      }, pauseMs);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('metadata buffers reused across requests', () => {
  it('serves a steady stream of packuments byte-exact from a handful of buffers', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `pkg-${i % 30}`);
    const before = gate.buffers().made;
    for (const name of names) expect(await fetchPackument(name)).toBe(expected(name));
    // Without reuse: two buffers per request (the upstream's body and the served one), 120 here.
    expect(gate.buffers().made - before).toBeLessThanOrEqual(20);
  }, 60_000);

  it('never reuses a buffer a pending write still reads: paused clients get exact bytes while others pass', async () => {
    // Several MB each, held by clients that do not read: the gate's writes wait on full socket buffers.
    const slow = Array.from({ length: 4 }, (_, i) => `big-${i}`).map(async (name) => [name, await fetchPackument(name, 1_500)] as const);
    // Meanwhile many other packuments evict the big ones from memory and take buffers from the pool.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fast: Array<readonly [string, string]> = [];
    for (let round = 0; round < 3; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) => `pkg-${100 + round * 10 + i}`).map(
          async (name) => [name, await fetchPackument(name)] as const,
        ),
      );
      fast.push(...batch);
    }
    for (const [name, body] of [...fast, ...(await Promise.all(slow))]) expect(body, name).toBe(expected(name));
  }, 60_000);
});

describe('metadata buffers reused for documents read back from the disk cache', () => {
  it('serves packuments read back from the cache byte-exact, many at once, from pooled buffers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gg-buffer-reuse-'));
    const cached = await startGateServer({
      port: 0,
      upstreams: { pypi: base, npm: base },
      cacheDir: dir,
      minReleaseAgeMs: () => 48 * 3_600_000,
      judge: () => Promise.resolve({ verdict: 'allow', message: '' }),
      memoryBytes: 1_000_000,
    });
    const want = (name: string): string => upstreamBody(name).replaceAll(`"${base}/`, `"${cached.url}/npm/`);
    const get = (name: string): Promise<string> =>
      fetch(`${cached.npmRegistry}${name}`, { headers: { accept: 'application/json' } }).then((response) => response.text());
    try {
      const names = Array.from({ length: 24 }, (_, i) => `pkg-${200 + i}`);
      for (const name of names) expect(await get(name)).toBe(want(name));
      // Let the cache writes land, then read every document back (memory holds one or two), twelve at a time, three times:
      // the first read back stores the vetted answer, the next ones serve from it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let round = 0; round < 3; round++) {
        for (let at = 0; at < names.length; at += 12) {
          const batch = names.slice(at, at + 12);
          const bodies = await Promise.all(batch.map(get));
          batch.forEach((name, i) => expect(bodies[i], name).toBe(want(name)));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(cached.stats().vetReused).toBeGreaterThan(0);
      expect(cached.buffers().idleBytes).toBeGreaterThan(0);
    } finally {
      await cached.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('BufferPool and SharedBytes', () => {
  it('hands back the smallest free buffer that fits, and a new one only when none does', () => {
    const pool = new BufferPool();
    const a = pool.acquire(100_000);
    const b = pool.acquire(300_000);
    expect(pool.allocated).toBe(2);
    pool.release(a);
    pool.release(b);
    expect(pool.acquire(90_000)).toBe(a);
    expect(pool.acquire(90_000)).toBe(b);
    expect(pool.acquire(10)).not.toBe(a);
    expect(pool.allocated).toBe(3);
  });

  it('keeps at most its budget of free buffers', () => {
    const pool = new BufferPool(1_000_000, 4);
    const buffers = Array.from({ length: 10 }, () => pool.acquire(200_000));
    for (const buffer of buffers) pool.release(buffer);
    expect(pool.idleBytes).toBeLessThanOrEqual(1_000_000);
  });

  it('returns shared bytes to the pool only when the maker and every holder have let go', () => {
    const pool = new BufferPool();
    const backing = pool.acquire(1000);
    const shared = new SharedBytes(backing.subarray(0, 10), backing, pool);
    shared.hold();
    shared.releaseMaker();
    shared.releaseMaker();
    expect(pool.idleBytes).toBe(0);
    shared.release();
    expect(pool.idleBytes).toBe(backing.length);
    // A release without a hold does not return it twice.
    shared.release();
    expect(pool.idleBytes).toBe(backing.length);
    expect(() => shared.hold()).toThrow(/after its buffer went back/);
  });
});
