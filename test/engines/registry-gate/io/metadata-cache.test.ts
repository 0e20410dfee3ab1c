/**
 * The metadata cache's packs: documents read back across opens (side index or scan), kept under
 * the budget by removing the oldest pack, mostly dead packs compacted, two caches on one folder
 * (two gates) seeing each other's records, and torn or damaged records never served.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MetadataCache, type CachedDocument } from '../../../../src/engines/registry-gate/io/metadata-cache.js';

const root = mkdtempSync(join(tmpdir(), 'gg-metadata-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = (): string => join(root, `c${folders++}`);

const doc = (body: string | Buffer, storedAt = 5): CachedDocument => ({
  url: 'http://x/a',
  status: 200,
  etag: '"1"',
  storedAt,
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
});
const packs = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.pack'));
const packBytes = (dir: string): number => packs(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
const bodyOf = (cache: MetadataCache, key: string): string | undefined => cache.get(key)?.body.toString();

async function putAll(cache: MetadataCache, entries: Array<[string, string]>): Promise<void> {
  for (const [key, body] of entries) {
    cache.put(key, doc(body));
    await cache.idle();
  }
}

describe('MetadataCache', () => {
  it('stores in the background and reads back, in this cache and in one opened later (side index, then without it)', async () => {
    const dir = folder();
    const cache = new MetadataCache(dir);
    let done = false;
    cache.put('k1', { ...doc('{"a":1}'), contentType: 'application/json', meta: { facts: 1 } }, () => (done = true));
    await cache.idle();
    expect(done).toBe(true);
    expect(cache.get('k1')).toMatchObject({
      url: 'http://x/a',
      etag: '"1"',
      storedAt: 5,
      contentType: 'application/json',
      meta: { facts: 1 },
    });
    expect(bodyOf(cache, 'k1')).toBe('{"a":1}');
    expect(cache.get('k2')).toBeUndefined();
    cache.put('k1', doc('{"a":2}', 6));
    await cache.idle();
    expect(bodyOf(cache, 'k1')).toBe('{"a":2}');
    cache.close();
    expect(cache.get('k1')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(dir)).toContain('metadata.idx');
    const reopened = new MetadataCache(dir);
    expect(reopened.get('k1')?.storedAt).toBe(6);
    reopened.close();
    writeFileSync(join(dir, 'metadata.idx'), '{"version":1,"packs":[[1,1,999999]],"entries":[["k1",1,0,5]]}');
    const scanned = new MetadataCache(dir);
    expect(bodyOf(scanned, 'k1')).toBe('{"a":2}');
    expect(scanned.size).toBe(1);
    scanned.close();
  });

  it("removes an older gate's one-file-per-document cache when it opens", async () => {
    const dir = folder();
    new MetadataCache(dir).close();
    const old = '0123456789abcdef0123456789abcdef.doc';
    writeFileSync(join(dir, old), '{"key":"k"}\n{}');
    writeFileSync(join(dir, `${old}.123-abcdef.tmp`), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'kept');
    const cache = new MetadataCache(dir);
    for (let i = 0; i < 50 && readdirSync(dir).some((name) => name.includes('.doc')); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(readdirSync(dir).filter((name) => name.includes('.doc'))).toEqual([]);
    expect(readdirSync(dir)).toContain('notes.txt');
    cache.close();
  });

  it('ignores a record whose bytes were damaged', async () => {
    const dir = folder();
    const cache = new MetadataCache(dir);
    await putAll(cache, [
      ['k1', '{"first":true}'],
      ['k2', '{"second":true}'],
    ]);
    const pack = join(dir, packs(dir)[0]!);
    const bytes = readFileSync(pack);
    bytes[bytes.indexOf('first') + 1] = 0x58;
    writeFileSync(pack, bytes);
    expect(cache.get('k1')).toBeUndefined();
    expect(bodyOf(cache, 'k2')).toBe('{"second":true}');
    cache.close();
  });

  it('keeps the packs under the budget as it writes and at open, removing the oldest documents first', async () => {
    const dir = folder();
    const cache = new MetadataCache(dir, 2500);
    for (let i = 0; i < 4; i++) {
      await putAll(cache, [[`k${i}`, 'a'.repeat(1000)]]);
      expect(packBytes(dir)).toBeLessThanOrEqual(2500);
      expect(cache.size).toBeLessThanOrEqual(2);
    }
    expect(['k0', 'k1', 'k2', 'k3'].filter((key) => cache.get(key) !== undefined)).toEqual(['k2', 'k3']);
    cache.close();
    const smaller = new MetadataCache(dir, 1500);
    expect(packBytes(dir)).toBeLessThanOrEqual(1500);
    expect(smaller.size).toBe(1);
    expect(smaller.get('k3')).toBeDefined();
    smaller.close();
  });

  it('compacts a pack made mostly of replaced records: its live ones copied forward, the pack removed', async () => {
    const dir = folder();
    // Packs of a quarter of 8000 bytes: four 600-byte records start a second one.
    const cache = new MetadataCache(dir, 8000);
    const body = (key: string, round: number): string => `${key}${round}`.padEnd(550, '.');
    await putAll(
      cache,
      ['a', 'b', 'c', 'd'].map((key) => [key, body(key, 1)]),
    );
    expect(packs(dir)).toHaveLength(2);
    await putAll(
      cache,
      ['a', 'b', 'c'].map((key) => [key, body(key, 2)]),
    );
    expect(packs(dir)).not.toContain('metadata-000001.pack');
    expect(['a', 'b', 'c', 'd'].map((key) => bodyOf(cache, key))).toEqual([body('a', 2), body('b', 2), body('c', 2), body('d', 1)]);
    cache.close();
    const reopened = new MetadataCache(dir, 8000);
    expect(reopened.size).toBe(4);
    expect(bodyOf(reopened, 'd')).toBe(body('d', 1));
    reopened.close();
  });

  it("shares one folder between two caches (two gates): each reads the other's records", async () => {
    const dir = folder();
    const first = new MetadataCache(dir);
    const second = new MetadataCache(dir);
    for (let i = 0; i < 20; i++) {
      first.put(`one-${i}`, doc(`{"one":${i}}`));
      second.put(`two-${i}`, doc(`{"two":${i}}`));
    }
    await Promise.all([first.idle(), second.idle()]);
    // A miss looks for the other's appends (at most once a second).
    expect(bodyOf(first, 'two-19')).toBe('{"two":19}');
    expect(bodyOf(second, 'one-0')).toBe('{"one":0}');
    first.close();
    second.close();
    const third = new MetadataCache(dir);
    expect(third.size).toBe(40);
    for (let i = 0; i < 20; i++) expect([bodyOf(third, `one-${i}`), bodyOf(third, `two-${i}`)]).toEqual([`{"one":${i}}`, `{"two":${i}}`]);
    third.close();
  });

  it('shares one folder between two gate processes appending at once: every record whole', async () => {
    const dir = folder();
    const module = pathToFileURL(
      fileURLToPath(new URL('../../../../src/engines/registry-gate/io/metadata-cache.ts', import.meta.url)),
    ).href;
    const writer = (name: string): Promise<number | null> => {
      const script = [
        `const { MetadataCache } = await import(${JSON.stringify(module)});`,
        `const cache = new MetadataCache(${JSON.stringify(dir)});`,
        'for (let i = 0; i < 40; i++)',
        `  cache.put('${name}-' + i, { url: 'http://x/' + i, status: 200, storedAt: i, body: Buffer.from(JSON.stringify({ ${name}: i, pad: '${name}'.repeat(5000 + i) })) });`,
        'await cache.idle();',
        'cache.close();',
      ].join('\n');
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'inherit' });
      return new Promise((resolve) => child.on('exit', resolve));
    };
    expect(await Promise.all([writer('one'), writer('two')])).toEqual([0, 0]);
    const cache = new MetadataCache(dir);
    expect(cache.size).toBe(80);
    for (let i = 0; i < 40; i++)
      for (const name of ['one', 'two'])
        expect(JSON.parse(bodyOf(cache, `${name}-${i}`)!)).toEqual({ [name]: i, pad: name.repeat(5000 + i) });
    cache.close();
  }, 60_000);

  it('never serves a torn record: a pack cut anywhere (a crash mid-append), then appended to, gives whole documents only', async () => {
    const base = folder();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.string({ maxLength: 300, unit: 'grapheme' })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        async (writes, cutAt, appendAfter) => {
          const dir = join(base, `r${run++}`);
          const cache = new MetadataCache(dir);
          await putAll(
            cache,
            writes.map(([key, text]) => [key, JSON.stringify({ key, text })]),
          );
          cache.close();
          await new Promise((resolve) => setImmediate(resolve));
          rmSync(join(dir, 'metadata.idx'), { force: true });
          const pack = join(dir, packs(dir)[0]!);
          const size = statSync(pack).size;
          const cut = Math.floor(size * cutAt);
          truncateSync(pack, cut);
          // Offsets of whole records before the cut: what must survive.
          const reopened = new MetadataCache(dir);
          if (appendAfter) await putAll(reopened, [['e', '{"after":true}']]);
          const whole = new MetadataCache(dir);
          for (const key of ['a', 'b', 'c', 'd']) {
            const got = bodyOf(whole, key);
            const versions = writes.filter(([k]) => k === key).map(([k, text]) => JSON.stringify({ key: k, text }));
            if (got !== undefined) expect(versions).toContain(got);
          }
          if (cut === size) for (const [key] of writes) expect(bodyOf(whole, key)).toBeDefined();
          if (appendAfter) expect(bodyOf(whole, 'e')).toBe('{"after":true}');
          reopened.close();
          whole.close();
        },
      ),
      { numRuns: 60 },
    );
    // A long record torn at the end, then a short one appended (ending before the torn one's declared end): found at once.
    const torn = join(base, 'torn');
    const writer = new MetadataCache(torn);
    await putAll(writer, [
      ['a', `"${'x'.repeat(4000)}"`],
      ['b', `"${'y'.repeat(4000)}"`],
    ]);
    writer.close();
    const tornPack = join(torn, packs(torn)[0]!);
    truncateSync(tornPack, statSync(tornPack).size - 1000);
    rmSync(join(torn, 'metadata.idx'), { force: true });
    const appender = new MetadataCache(torn);
    await putAll(appender, [['e', '{}']]);
    const fresh = new MetadataCache(torn);
    expect([appender, fresh].map((cache) => [bodyOf(cache, 'e'), bodyOf(cache, 'b'), cache.get('a')?.body.length])).toEqual([
      ['{}', undefined, 4002],
      ['{}', undefined, 4002],
    ]);
    appender.close();
    fresh.close();
    // A torn record left mid-file with a whole one after it: the whole one is found by its magic.
    const dir = join(base, 'garbage');
    const cache = new MetadataCache(dir);
    await putAll(cache, [['a', '{"a":1}']]);
    cache.close();
    appendFileSync(join(dir, packs(dir)[0]!), Buffer.from([0xf7, 0x47, 0x50, 0x01, 9, 9, 9]));
    const after = new MetadataCache(dir);
    await putAll(after, [['b', '{"b":1}']]);
    after.close();
    rmSync(join(dir, 'metadata.idx'), { force: true });
    const scanned = new MetadataCache(dir);
    expect([bodyOf(scanned, 'a'), bodyOf(scanned, 'b')]).toEqual(['{"a":1}', '{"b":1}']);
    scanned.close();
  });
});
