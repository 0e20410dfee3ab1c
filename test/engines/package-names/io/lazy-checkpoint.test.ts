/** A checkpoint read on demand answers exactly as one read whole, and a changed file is checked again. */
import { mkdtempSync, mkdirSync, readFileSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileNameList } from '../../../../src/engines/package-names/compile-names.js';
import { readCheckpoint, writeCheckpoint } from '../../../../src/engines/package-names/io/checkpoint-store.js';
import { openCheckpointLazily } from '../../../../src/engines/package-names/io/lazy-checkpoint.js';
import { NameIndex } from '../../../../src/engines/package-names/name-index.js';
import { GuardError } from '../../../../src/shared/errors.js';
import { CAN_COUNT_OPEN_FILES, openFileCount } from '../../../fixtures/open-files.js';

// 30,000 names (tens of pages of automaton), from a fixed seed.
function names(): string[] {
  let seed = 7;
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-';
  const set = new Set<string>();
  while (set.size < 30_000) {
    const length = 3 + Math.floor(next() * 12);
    let name = alphabet[Math.floor(next() * 26)]!;
    for (let i = 1; i < length; i += 1) name += alphabet[Math.floor(next() * alphabet.length)]!;
    set.add(name);
  }
  return [...set].sort();
}

const list = names();
const known = new Set(list);
const dir = mkdtempSync(join(tmpdir(), 'gg-lazy-'));
const path = join(dir, 'checkpoints', 'pypi.ggc');
mkdirSync(join(dir, 'checkpoints'));
writeCheckpoint(
  path,
  compileNameList({
    meta: { ecosystem: 'pypi', kind: 'import', source: 'test-list', date: '2026-11' },
    names: new TextEncoder().encode(list.map((name) => `${name}\n`).join('')),
    popular: list.filter((_, i) => i % 97 === 0),
  }),
);

describe('openCheckpointLazily', () => {
  it('checks the whole file on first open, then reads pages on demand with the same answers', () => {
    const first = openCheckpointLazily(path);
    expect(first?.automaton.page).toBeUndefined();
    expect(existsSync(`${path}.verified`)).toBe(true);
    const lazy = new NameIndex(openCheckpointLazily(path)!);
    const whole = new NameIndex(readCheckpoint(path)!);
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...list), fc.stringMatching(/^[a-z][a-z0-9-]{0,14}$/)), (name) => {
        expect(lazy.has(name), name).toBe(whole.has(name));
        expect(lazy.has(name), name).toBe(known.has(name));
      }),
      { numRuns: 300 },
    );
    for (const query of ['abcdefg', list[5]!, 'zz']) {
      expect(lazy.near(query, 2, 20)).toEqual(whole.near(query, 2, 20));
    }
  });

  it('reads the metadata columns an element at a time, with the same figures as the file read whole', () => {
    const columns = join(dir, 'checkpoints', 'columns');
    mkdirSync(columns, { recursive: true });
    const pypiPath = join(columns, 'pypi.ggc');
    const npmPath = join(columns, 'npm.ggc');
    const body = new TextEncoder().encode(list.map((name) => `${name}\n`).join(''));
    writeCheckpoint(
      pypiPath,
      compileNameList({
        meta: { ecosystem: 'pypi', kind: 'import', source: 'test-list', date: '2026-11' },
        names: body,
        monthByLine: Uint16Array.from(list, (_, i) => 24_000 + (i % 300)),
        downloadRank: new Map(list.filter((_, i) => i % 7 === 0).map((name, i) => [name, i + 1])),
        display: new Map(list.filter((_, i) => i % 501 === 0).map((name) => [name, name.toUpperCase()])),
        popular: list.filter((_, i) => i % 97 === 0),
      }),
    );
    writeCheckpoint(
      npmPath,
      compileNameList({
        meta: { ecosystem: 'npm', kind: 'import', source: 'test-list', date: '2026-11' },
        names: body,
        downloads: new Map(list.filter((_, i) => i % 5 === 0).map((name, i) => [name, i * 37])),
        popular: list.filter((_, i) => i % 97 === 0),
      }),
    );
    for (const file of [pypiPath, npmPath]) {
      openCheckpointLazily(file);
      const lazy = new NameIndex(openCheckpointLazily(file)!);
      expect(lazy.checkpoint.automaton.page).toBeDefined();
      const whole = new NameIndex(readCheckpoint(file)!);
      expect(lazy.rankedCount()).toBe(whole.rankedCount());
      fc.assert(
        fc.property(fc.constantFrom(...list), (name) => {
          expect(lazy.infoOf(name), name).toEqual(whole.infoOf(name));
        }),
        { numRuns: 400 },
      );
      expect(lazy.infoOf(list[0]!)).not.toEqual({});
      lazy.close();
    }
  });

  it('checks a file again once it changed, and refuses a corrupt one', () => {
    openCheckpointLazily(path);
    const bytes = readFileSync(path);
    const corrupt = Buffer.from(bytes);
    corrupt[corrupt.length - 3] = (corrupt[corrupt.length - 3] ?? 0) ^ 0xff;
    const other = join(dir, 'checkpoints', 'npm.ggc');
    writeFileSync(other, bytes);
    expect(openCheckpointLazily(other)).toBeDefined();
    writeFileSync(other, corrupt);
    utimesSync(other, new Date(), new Date(Date.now() + 5000));
    expect(() => openCheckpointLazily(other)).toThrow(GuardError);
  });

  it('refuses what is not a regular file, and reads nothing that does not exist', () => {
    const folder = join(dir, 'checkpoints', 'conda.ggc');
    mkdirSync(folder);
    expect(() => openCheckpointLazily(folder)).toThrow(/not a regular file/);
    expect(openCheckpointLazily(join(dir, 'missing.ggc'))).toBeUndefined();
  });

  it.skipIf(!CAN_COUNT_OPEN_FILES)('holds its file open until closed, then refuses to read rather than read another file', () => {
    openCheckpointLazily(path)?.close?.();
    const before = openFileCount();
    const index = new NameIndex(openCheckpointLazily(path)!);
    expect(openFileCount()).toBe(before + 1);
    expect(index.has(list[0]!)).toBe(true);
    index.close();
    index.close();
    expect(openFileCount()).toBe(before);
    // What was read stays answerable; an arc never read is refused with a code.
    expect(index.has(list[0]!)).toBe(true);
    const unread = list.find((name) => {
      try {
        index.has(name);
        return false;
      } catch (error) {
        expect(error).toBeInstanceOf(GuardError);
        expect((error as GuardError).code).toBe('IO_FAILED');
        return true;
      }
    });
    expect(unread).toBeDefined();
    // A checkpoint refused after it was opened (another ecosystem's list) is closed again.
    expect(() => openCheckpointLazily(path, 'npm')).toThrow(/holds the pypi list/);
    expect(openFileCount()).toBe(before);
  });
});
