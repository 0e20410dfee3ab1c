/** The gate's files: the delta list (read back, no duplicates); the metadata cache has its own tests (metadata-cache.test.ts). */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addDeltaName,
  DELTA_LIST_RECHECK_MS,
  deltaListPath,
  readDeltaNames,
  type DeltaListCache,
} from '../../../../src/engines/package-names/index.js';

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
    const t0 = Date.now();
    const read = readDeltaNames(dir, 'pypi', cache, 'added', t0);
    expect(readDeltaNames(dir, 'pypi', cache, 'added', t0)).toBe(read);
    expect(cache.size).toBe(1);
    // Another process adds a name: the file's mtime moves, so the list is read again once the recheck interval has passed.
    writeFileSync(deltaListPath(dir, 'pypi'), 'first\t2026-11-20\nsecond\t2026-11-21\n');
    utimesSync(deltaListPath(dir, 'pypi'), new Date(), new Date(Date.now() + 5000));
    expect([...readDeltaNames(dir, 'pypi', cache, 'added', t0 + DELTA_LIST_RECHECK_MS).keys()]).toEqual(['first', 'second']);
    addDeltaName(dir, 'pypi', 'third', new Date('2026-11-22T10:00:00Z'), cache);
    expect([...readDeltaNames(dir, 'pypi', cache).keys()]).toEqual(['first', 'second', 'third']);
    // Without a cache every read reads the file.
    expect(readDeltaNames(dir, 'pypi')).not.toBe(readDeltaNames(dir, 'pypi'));
  });
});
