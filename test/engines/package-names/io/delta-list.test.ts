import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDeltaName,
  DELTA_LIST_RECHECK_MS,
  deltaListPath,
  dropDeltaName,
  readDeltaNames,
  type DeltaListCache,
} from '../../../../src/engines/package-names/index.js';

const dirs: string[] = [];
const cacheDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'gg-delta-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('delta lists', () => {
  it('keeps names found upstream and names gone upstream in separate files, each with its day', () => {
    const dir = cacheDir();
    addDeltaName(dir, 'npm', 'fresh-name', new Date('2026-11-20T10:00:00Z'));
    addDeltaName(dir, 'npm', 'gone-name', new Date('2026-11-21T10:00:00Z'), undefined, 'removed');
    expect([...readDeltaNames(dir, 'npm')]).toEqual([['fresh-name', '2026-11-20']]);
    expect([...readDeltaNames(dir, 'npm', undefined, 'removed')]).toEqual([['gone-name', '2026-11-21']]);
    expect(readFileSync(deltaListPath(dir, 'npm', 'removed'), 'utf8')).toBe('gone-name\t2026-11-21\n');
    expect(readDeltaNames(dir, 'pypi', undefined, 'removed').size).toBe(0);
  });

  it('drops a name (a removed name published again), keeps the others, and a cache sees the change', () => {
    const dir = cacheDir();
    const cache: DeltaListCache = new Map();
    const day = new Date('2026-11-21T10:00:00Z');
    for (const name of ['a-gone', 'b-gone']) addDeltaName(dir, 'npm', name, day, cache, 'removed');
    expect(readDeltaNames(dir, 'npm', cache, 'removed').size).toBe(2);
    dropDeltaName(dir, 'npm', 'a-gone', cache, 'removed');
    dropDeltaName(dir, 'npm', 'never-listed', cache, 'removed');
    expect([...readDeltaNames(dir, 'npm', cache, 'removed').keys()]).toEqual(['b-gone']);
    dropDeltaName(dir, 'npm', 'b-gone', cache, 'removed');
    expect(readDeltaNames(dir, 'npm', cache, 'removed').size).toBe(0);
  });

  it('never writes a name that would break the file format', () => {
    const dir = cacheDir();
    addDeltaName(dir, 'npm', 'bad\tname', new Date(), undefined, 'removed');
    expect(readDeltaNames(dir, 'npm', undefined, 'removed').size).toBe(0);
  });
});

describe('a cached delta list', () => {
  it("sees another process's edit and a list created later once the recheck interval has passed", () => {
    const dir = cacheDir();
    const cache: DeltaListCache = new Map();
    const at = 5_000_000;
    expect(readDeltaNames(dir, 'npm', cache, 'added', at).size).toBe(0);
    // Another process writes the list (no cache of ours sees the write).
    addDeltaName(dir, 'npm', 'late-name', new Date('2026-11-22T10:00:00Z'));
    expect(readDeltaNames(dir, 'npm', cache, 'added', at + 1).size).toBe(0);
    expect([...readDeltaNames(dir, 'npm', cache, 'added', at + DELTA_LIST_RECHECK_MS).keys()]).toEqual(['late-name']);
    appendFileSync(deltaListPath(dir, 'npm'), 'edited-name\t2026-11-23\n');
    const later = at + 2 * DELTA_LIST_RECHECK_MS;
    expect(readDeltaNames(dir, 'npm', cache, 'added', later - 1).has('edited-name')).toBe(false);
    expect(readDeltaNames(dir, 'npm', cache, 'added', later).get('edited-name')).toBe('2026-11-23');
  });

  it("sees this process's own writes at once", () => {
    const dir = cacheDir();
    const cache: DeltaListCache = new Map();
    expect(readDeltaNames(dir, 'npm', cache).size).toBe(0);
    addDeltaName(dir, 'npm', 'own-name', new Date('2026-11-22T10:00:00Z'), cache);
    expect(readDeltaNames(dir, 'npm', cache).has('own-name')).toBe(true);
  });
});
