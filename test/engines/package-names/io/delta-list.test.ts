import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDeltaName,
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
