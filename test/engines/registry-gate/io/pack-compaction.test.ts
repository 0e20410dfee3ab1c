/** The metadata packs' compaction lock: one holder at a time, given back, and a lock left by a gate that died taken over after a minute. */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockCompaction } from '../../../../src/engines/registry-gate/io/pack-compaction.js';

const root = mkdtempSync(join(tmpdir(), 'gg-pack-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('lockCompaction', () => {
  it('gives the lock to one holder at a time', () => {
    const unlock = lockCompaction(root);
    expect(unlock).toBeTypeOf('function');
    expect(lockCompaction(root)).toBeUndefined();
    unlock!();
    const again = lockCompaction(root);
    expect(again).toBeTypeOf('function');
    again!();
  });

  it('takes over a lock older than a minute (its holder died mid-compaction)', () => {
    const dead = lockCompaction(root);
    expect(dead).toBeTypeOf('function');
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(root, 'metadata.lock'), old, old);
    const taken = lockCompaction(root);
    expect(taken).toBeTypeOf('function');
    expect(lockCompaction(root)).toBeUndefined();
    taken!();
  });
});
