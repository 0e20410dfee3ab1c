/**
 * The intervenor's on-disk snapshot: read back it gives the same trie and masks as a build; a
 * stale, damaged, truncated or odd file (a directory, a FIFO) is never used and is rebuilt.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  buildTokenTrie,
  openIntervenor,
  PackageIntervenor,
  snapshotKeys,
  snapshotPath,
  stateAfter,
} from '../../../../src/engines/decoding/index.js';
import { buildSmallAutomaton } from '../../../../src/engines/package-names/index.js';
import { syntheticVocabulary } from '../model-fixtures.js';

const automata = { pypi: buildSmallAutomaton(['requests', 'numpy', 'flask', 'flask-login']), npm: buildSmallAutomaton(['lodash']) };
const encoder = new TextEncoder();
const PREFIXES = [
  '```bash\npip install ',
  '```bash\npip install fl',
  '$ pip install numpy',
  '`pip install flask',
  '`npm install ',
  '```bash\nnpm i lod',
  'prose ',
  '```bash\npip install numpy==1.2',
  '$ pip install flask[async',
  '`pip install requests>=',
];

function masksOf(intervenor: PackageIntervenor): number[][] {
  return PREFIXES.map((prefix) => [...intervenor.allowedTokens(stateAfter(encoder.encode(prefix), intervenor.walker))]);
}

describe('intervenor snapshot on disk', () => {
  const vocabulary = syntheticVocabulary();
  const built = new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), automata);
  const expected = masksOf(built);

  it('is written on first use and read back the next time, with the same trie and masks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-'));
    const first = openIntervenor(vocabulary, automata, dir);
    expect(first).toMatchObject({ from: 'built', written: true });
    const second = openIntervenor(vocabulary, automata, dir);
    expect(second.from).toBe('snapshot');
    expect(second.rejected).toBeUndefined();
    // Nothing was walked at load: the contexts' "leaves the name" bitsets came from the file too.
    expect(second.intervenor.stats.subMisses).toBe(0);
    expect(second.intervenor.trie.size).toBe(built.trie.size);
    expect([...second.intervenor.trie.label]).toEqual([...built.trie.label]);
    expect(masksOf(second.intervenor)).toEqual(expected);
    // The first masks came from the file: asking for them again misses nothing.
    const misses = second.intervenor.stats.misses;
    second.intervenor.warm();
    expect(second.intervenor.stats.misses).toBe(misses);
  });

  it('holds the masks of the requirement tails a whole name opens in the warm contexts, so a first `==` or `[` builds nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-tails-'));
    openIntervenor(vocabulary, automata, dir);
    const { intervenor, from } = openIntervenor(vocabulary, automata, dir);
    expect(from).toBe('snapshot');
    const tails = intervenor.warmMasks().filter(([key]) => !key.startsWith('leave|') && /\|0\|[1-9]\d*\.0\|/.test(key));
    // Extras, clauses, versions, markers: several tail states per context.
    expect(tails.length).toBeGreaterThanOrEqual(10);
    const misses = intervenor.stats.misses;
    for (const prefix of [
      '```bash\npip install numpy==',
      '```bash\npip install numpy[',
      '$ pip install flask>=1.',
      '`pip install flask~=',
    ]) {
      const state = stateAfter(encoder.encode(prefix), intervenor.walker);
      expect(state.inTail).toBe(true);
      intervenor.allowedMask(state);
    }
    // Each tail mask is its fresh state's (read from the file) with the long tokens checked: nothing walked.
    expect(intervenor.stats.misses - misses).toBe(4);
    expect(intervenor.stats.subMisses).toBe(0);
  });

  it("holds each warm context's bitset of the tokens that leave a name (whole or not), checked against the parser token by token", () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-leaves-'));
    const { intervenor } = openIntervenor(vocabulary, automata, dir);
    const entries = intervenor.warmMasks();
    const leaves = entries.filter(([key]) => key.startsWith('leave|'));
    // pip and npm names in fences, `$ ` lines and inline code: several contexts, each with "not whole" and "whole".
    expect(leaves.length).toBeGreaterThanOrEqual(6);
    expect(new Set(leaves.map(([key]) => key.slice(-2)))).toEqual(new Set(['#0', '#1']));
    expect(leaves.some(([, bits]) => bits.some((word) => word !== 0))).toBe(true);
    expect(intervenor.verifyMasks(entries)).toBe(true);
    // One bit off in any leave bitset is caught (the synthetic vocabulary is small enough for every token to be checked).
    fc.assert(
      fc.property(fc.nat({ max: leaves.length - 1 }), fc.nat({ max: vocabulary.bytes.length - 1 }), (which, token) => {
        const damaged = entries.map(([key, bits]): [string, Uint32Array] => [key, key === leaves[which]![0] ? bits.slice() : bits]);
        const bits = damaged.find(([key]) => key === leaves[which]![0])![1];
        bits[token >>> 5]! ^= 1 << (token & 31);
        expect(intervenor.verifyMasks(damaged)).toBe(false);
      }),
      { numRuns: 50 },
    );
    // An entry of no warm context is refused.
    expect(intervenor.verifyMasks([['leave|nothing#1', leaves[0]![1]]])).toBe(false);
  });

  it('is keyed by the vocabulary and the name lists: another list gets its own file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-keys-'));
    openIntervenor(vocabulary, automata, dir);
    const other = { ...automata, pypi: buildSmallAutomaton(['requests', 'numpy']) };
    expect(snapshotPath(dir, snapshotKeys(vocabulary, other))).not.toBe(snapshotPath(dir, snapshotKeys(vocabulary, automata)));
    const opened = openIntervenor(vocabulary, other, dir);
    expect(opened.from).toBe('built');
    expect(masksOf(opened.intervenor)).toEqual(masksOf(new PackageIntervenor(vocabulary, buildTokenTrie(vocabulary.bytes), other)));
  });

  it('a damaged file is never used (any flipped byte, any truncation) and is rebuilt', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-damage-'));
    openIntervenor(vocabulary, automata, dir);
    const path = snapshotPath(dir, snapshotKeys(vocabulary, automata));
    const good = readFileSync(path);
    fc.assert(
      fc.property(fc.nat({ max: good.length - 1 }), fc.integer({ min: 1, max: 255 }), fc.boolean(), (at, xor, truncate) => {
        const bad = Buffer.from(good);
        if (truncate) writeFileSync(path, bad.subarray(0, at));
        else {
          bad[at] = bad[at]! ^ xor;
          writeFileSync(path, bad);
        }
        const opened = openIntervenor(vocabulary, automata, dir);
        // A flip inside the JSON header may leave it meaning the same (whitespace is not there; a key's case is): then the file is still whole.
        if (opened.from === 'snapshot') expect(truncate).toBe(false);
        else expect(opened.rejected).toBeDefined();
        expect(masksOf(opened.intervenor)).toEqual(expected);
        // Rebuilt and rewritten: the next open reads it back.
        expect(openIntervenor(vocabulary, automata, dir).from).toBe('snapshot');
      }),
      { numRuns: 40 },
    );
  });

  it('a directory or a FIFO in its place is not read (no hang) and the monitor still works', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-odd-'));
    const path = snapshotPath(dir, snapshotKeys(vocabulary, automata));
    mkdirSync(path, { recursive: true });
    const beside = openIntervenor(vocabulary, automata, dir);
    expect(beside).toMatchObject({ from: 'built', written: false });
    expect(masksOf(beside.intervenor)).toEqual(expected);
    rmSync(path, { recursive: true });
    execFileSync('mkfifo', [path]);
    const fifo = openIntervenor(vocabulary, automata, dir);
    expect(fifo.from).toBe('built');
    expect(fifo.rejected).toMatch(/regular file/);
    expect(masksOf(fifo.intervenor)).toEqual(expected);
  });
});

describe('intervenor snapshots kept', () => {
  it('keeps the most recent few: other lists (overlays, policies) do not fill the cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-snapshot-prune-'));
    const vocabulary = syntheticVocabulary();
    for (let i = 0; i < 11; i++) openIntervenor(vocabulary, { pypi: buildSmallAutomaton(['requests', `name${i}`]) }, dir);
    expect(readdirSync(join(dir, 'decoding')).filter((name) => name.endsWith('.gis'))).toHaveLength(8);
    const last = { pypi: buildSmallAutomaton(['requests', 'name10']) };
    expect(openIntervenor(vocabulary, last, dir).from).toBe('snapshot');
  });
});
