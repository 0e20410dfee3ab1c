import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accepts } from '../../../src/engines/package-names/automaton.js';
import { decodeCheckpoint, encodeCheckpoint, sparseValue } from '../../../src/engines/package-names/checkpoint.js';
import { compileNameList } from '../../../src/engines/package-names/compile-names.js';
import { readCheckpoint, removeCheckpoint, writeCheckpoint } from '../../../src/engines/package-names/io/checkpoint-store.js';
import { NameIndex } from '../../../src/engines/package-names/name-index.js';
import { isPopularName } from '../../../src/engines/package-names/typo-neighbours.js';

const encoder = new TextEncoder();

function sample() {
  return compileNameList({
    meta: { ecosystem: 'pypi', kind: 'import', source: 'test-list', date: '2026-11' },
    names: encoder.encode('flask\npyyaml\nrequests\nrequests-oauthlib\n'),
    monthByLine: Uint16Array.from([24300, 24301, 24302, 24303]),
    downloadRank: new Map([
      ['requests', 4],
      ['pyyaml', 20],
    ]),
    display: new Map([['pyyaml', 'PyYAML']]),
    popular: ['requests', 'pyyaml'],
    now: new Date('2026-11-20T00:00:00Z'),
  });
}

describe('checkpoint', () => {
  it('round-trips through bytes with header, automata and columns intact', () => {
    const original = sample();
    const decoded = decodeCheckpoint(encodeCheckpoint(original));
    expect(decoded.meta).toEqual({
      ecosystem: 'pypi',
      kind: 'import',
      source: 'test-list',
      date: '2026-11',
      nameCount: 4,
      createdAt: '2026-11-20T00:00:00.000Z',
    });
    expect(accepts(decoded.automaton, encoder.encode('requests'))).toBe(true);
    expect(accepts(decoded.automaton, encoder.encode('reqeusts'))).toBe(false);
    expect(isPopularName(decoded.popular, 'pyyaml')).toBe(true);
    expect(isPopularName(decoded.popular, 'flask')).toBe(false);
    expect(sparseValue(decoded.downloadRank, 2)).toBe(4);
    const index = new NameIndex(decoded);
    expect(index.infoOf('pyyaml')).toMatchObject({ display: 'PyYAML', rank: 20, lastRelease: '2025-01' });
    expect(Array.from({ length: decoded.month!.length }, (_, i) => decoded.month!.at(i))).toEqual([24300, 24301, 24302, 24303]);
  });

  it('keeps usage figures of an unranked (membership-only) list in a separate automaton', () => {
    const checkpoint = compileNameList({
      meta: { ecosystem: 'npm', kind: 'import', source: 'test-npm', date: '2026-11' },
      names: encoder.encode('express\nexpresss\nlodash\nreact\n'),
      downloads: new Map([
        ['express', 300_000_000],
        ['lodash', 450_000_000],
      ]),
      popular: ['express', 'lodash'],
    });
    expect(checkpoint.automaton.ranked).toBe(false);
    const index = new NameIndex(decodeCheckpoint(encodeCheckpoint(checkpoint)));
    expect(index.has('expresss')).toBe(true);
    expect(index.has('expres')).toBe(false);
    expect(index.infoOf('lodash')).toMatchObject({ downloads: 450_000_000 });
    expect(index.infoOf('react')).toEqual({});
    expect(index.near('lodahs', 1, 5).map((n) => [n.name, n.info.downloads])).toEqual([['lodash', 450_000_000]]);
    expect(index.popularNear('expresss').map((n) => n.name)).toEqual(['express']);
  });

  it('writes atomically and reads back from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gg-ckpt-'));
    const path = join(dir, 'checkpoints', 'pypi.ggc');
    const size = writeCheckpoint(path, sample());
    expect(readFileSync(path).length).toBe(size);
    expect(readCheckpoint(path)?.meta.nameCount).toBe(4);
    expect(readCheckpoint(join(dir, 'missing.ggc'))).toBeUndefined();
  });

  it.each([
    [
      'a flipped byte in the automaton',
      (b: Uint8Array) => {
        b[b.length - 40]! ^= 0xff;
      },
      'checksum',
    ],
    ['a truncated file', (b: Uint8Array) => b.subarray(0, b.length - 10), 'checksum'],
    [
      'a wrong magic',
      (b: Uint8Array) => {
        b[0] = 0x58;
      },
      'magic',
    ],
    [
      'a newer format version',
      (b: Uint8Array) => {
        b[8] = 99;
      },
      'version',
    ],
  ])('detects %s', (_label, corrupt, why) => {
    const bytes = encodeCheckpoint(sample());
    const changed = corrupt(bytes) ?? bytes;
    expect(() => decodeCheckpoint(changed)).toThrow(
      expect.objectContaining({ code: 'CHECKPOINT_INVALID', message: expect.stringContaining(why) }),
    );
  });

  it('reports a corrupt file on disk as CHECKPOINT_INVALID', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gg-ckpt-'));
    const path = join(dir, 'npm.ggc');
    writeFileSync(path, 'not a checkpoint at all');
    expect(() => readCheckpoint(path)).toThrow(expect.objectContaining({ code: 'CHECKPOINT_INVALID' }));
  });
});

describe('what readCheckpoint refuses at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gg-checkpoint-slot-'));
  const invalid = expect.objectContaining({ code: 'CHECKPOINT_INVALID' });

  it('refuses a FIFO without waiting for a writer', () => {
    const path = join(dir, 'fifo.ggc');
    execFileSync('mkfifo', [path]);
    expect(() => readCheckpoint(path)).toThrow(invalid);
    expect(() => readCheckpoint(path)).toThrow(/not a regular file \(a FIFO\)/);
  });

  it('refuses a directory and a sparse file over the size limit', () => {
    const directory = join(dir, 'dir.ggc');
    mkdirSync(directory);
    expect(() => readCheckpoint(directory)).toThrow(invalid);
    const sparse = join(dir, 'sparse.ggc');
    writeFileSync(sparse, '');
    truncateSync(sparse, 8 * 1024 ** 3);
    expect(() => readCheckpoint(sparse)).toThrow(/over the \d+ a checkpoint may hold/);
  });

  it('refuses a checkpoint of another ecosystem in a slot, and reads it where it belongs', () => {
    const path = join(dir, 'npm.ggc');
    writeCheckpoint(path, sample());
    expect(() => readCheckpoint(path, 'npm')).toThrow(/holds the pypi list, not the npm one/);
    expect(readCheckpoint(path, 'pypi')?.meta.ecosystem).toBe('pypi');
  });

  it('lets removeCheckpoint clear a directory from a slot', () => {
    const directory = join(dir, 'pypi.ggc');
    mkdirSync(join(directory, 'inner'), { recursive: true });
    expect(removeCheckpoint(directory)).toBe(true);
    expect(existsSync(directory)).toBe(false);
  });
});
