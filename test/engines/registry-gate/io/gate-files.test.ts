/** The gate's files: the delta list (read back, no duplicates) and the metadata cache (a damaged or short file is ignored). */
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDeltaName, deltaListPath, readDeltaNames, type DeltaListCache } from '../../../../src/engines/package-names/index.js';
import { MetadataCache } from '../../../../src/engines/registry-gate/io/metadata-cache.js';

const root = mkdtempSync(join(tmpdir(), 'gg-gate-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('delta list', () => {
  it('remembers names with the day they were seen, once each', () => {
    expect(readDeltaNames(root, 'npm').size).toBe(0);
    addDeltaName(root, 'npm', 'fresh-pkg', new Date('2026-11-20T10:00:00Z'));
    addDeltaName(root, 'npm', 'fresh-pkg', new Date('2026-11-21T10:00:00Z'));
    addDeltaName(root, 'npm', '@scope/new', new Date('2026-11-21T10:00:00Z'));
    expect([...readDeltaNames(root, 'npm')]).toEqual([
      ['fresh-pkg', '2026-11-20'],
      ['@scope/new', '2026-11-21'],
    ]);
    expect(readFileSync(deltaListPath(root, 'npm'), 'utf8')).toBe('fresh-pkg\t2026-11-20\n@scope/new\t2026-11-21\n');
    expect(readDeltaNames(root, 'pypi').size).toBe(0);
  });

  it("keeps a list read in the caller's cache until its file changes, and nothing without one", () => {
    const dir = join(root, 'cached');
    const cache: DeltaListCache = new Map();
    addDeltaName(dir, 'pypi', 'first', new Date('2026-11-20T10:00:00Z'), cache);
    const read = readDeltaNames(dir, 'pypi', cache);
    expect(readDeltaNames(dir, 'pypi', cache)).toBe(read);
    expect(cache.size).toBe(1);
    // Another process adds a name: the file's mtime moves, so the list is read again.
    writeFileSync(deltaListPath(dir, 'pypi'), 'first\t2026-11-20\nsecond\t2026-11-21\n');
    utimesSync(deltaListPath(dir, 'pypi'), new Date(), new Date(Date.now() + 5000));
    expect([...readDeltaNames(dir, 'pypi', cache).keys()]).toEqual(['first', 'second']);
    addDeltaName(dir, 'pypi', 'third', new Date('2026-11-22T10:00:00Z'), cache);
    expect([...readDeltaNames(dir, 'pypi', cache).keys()]).toEqual(['first', 'second', 'third']);
    // Without a cache every read reads the file.
    expect(readDeltaNames(dir, 'pypi')).not.toBe(readDeltaNames(dir, 'pypi'));
  });
});

describe('MetadataCache', () => {
  it('stores in the background and reads back; a truncated file is ignored', async () => {
    const dir = join(root, 'cache');
    const cache = new MetadataCache(dir);
    cache.put('k1', {
      url: 'http://x/a',
      status: 200,
      contentType: 'application/json',
      etag: '"1"',
      storedAt: 5,
      body: Buffer.from('{"a":1}'),
    });
    for (let i = 0; i < 50 && readdirSync(dir).filter((f) => f.endsWith('.doc')).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(cache.get('k1')).toMatchObject({ url: 'http://x/a', etag: '"1"', storedAt: 5 });
    expect(cache.get('k1')!.body.toString()).toBe('{"a":1}');
    expect(cache.get('k2')).toBeUndefined();
    const file = join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.doc'))!,
    );
    writeFileSync(file, readFileSync(file).subarray(0, -2));
    expect(cache.get('k1')).toBeUndefined();
  });

  it('keeps the whole cache under its budget as it writes and at start, removing the oldest documents first', async () => {
    const dir = join(root, 'bounded');
    const cache = new MetadataCache(dir, 2500);
    const docs = () => readdirSync(dir).filter((f) => f.endsWith('.doc'));
    const stored = (key: string) => cache.get(key) !== undefined;
    for (let i = 0; i < 4; i++) {
      cache.put(`k${i}`, { url: `http://x/${i}`, status: 200, storedAt: i, body: Buffer.alloc(1000, 97) });
      for (let t = 0; t < 50 && !stored(`k${i}`); t++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 15));
      expect(docs().length).toBeLessThanOrEqual(2);
    }
    // Writing k2 pruned down to three quarters of the budget (k0 and k1 gone), so k3 fitted without listing the folder again.
    expect(['k0', 'k1', 'k2', 'k3'].filter(stored)).toEqual(['k2', 'k3']);
    new MetadataCache(dir, 1500);
    expect(docs()).toHaveLength(1);
    expect(stored('k3')).toBe(true);
  });
});
