import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecurityHolderSource, SECURITY_HOLDERS_RECHECK_MS } from '../../../src/app/packages/security-holder-source.js';
import { shippedHolderReader } from '../../../src/app/packages/shipped-holders.js';
import { allowlistDir } from '../../../src/engines/package-names/index.js';
import { GuardError } from '../../../src/shared/errors.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the shipped manifest and holding list, which the test then edits. */
function shippedCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gg-holders-'));
  dirs.push(dir);
  for (const file of ['manifest.json', 'npm-security-holders.txt']) copyFileSync(join(allowlistDir(), file), join(dir, file));
  return dir;
}

function clocked(): { source: ReturnType<typeof createSecurityHolderSource>; tick: () => void; log: string[] } {
  let at = 1_000_000;
  const log: string[] = [];
  const source = createSecurityHolderSource({ now: () => at, log: (line) => log.push(line) });
  return { source, log, tick: () => void (at += SECURITY_HOLDERS_RECHECK_MS) };
}

describe('the held npm security holding list', () => {
  it('reads the shipped list once and sees an edit of the list file after the recheck interval', () => {
    const dir = shippedCopy();
    const reader = shippedHolderReader(dir);
    const { source, tick } = clocked();
    const first = source.current(reader);
    expect(first.size).toBeGreaterThan(10);
    expect(first.has('added-holder')).toBe(false);
    appendFileSync(join(dir, 'npm-security-holders.txt'), 'added-holder\t0.0.1-security\n');
    // Within the interval the files are not looked at.
    expect(source.current(reader)).toBe(first);
    tick();
    expect(source.current(reader).get('added-holder')).toBe('0.0.1-security');
  });

  it('follows the manifest to another list file', () => {
    const dir = shippedCopy();
    const reader = shippedHolderReader(dir);
    const { source, tick } = clocked();
    expect(source.current(reader).has('other-holder')).toBe(false);
    writeFileSync(join(dir, 'other.txt'), 'other-holder\t0.0.2-security\n');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { npmSecurityHolders: { file: string } };
    manifest.npmSecurityHolders.file = 'other.txt';
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    tick();
    expect([...source.current(reader)]).toEqual([['other-holder', '0.0.2-security']]);
  });

  it.each([
    ['a manifest that is not JSON', (dir: string) => writeFileSync(join(dir, 'manifest.json'), '{ "pypi": ')],
    ['a manifest without its entries', (dir: string) => writeFileSync(join(dir, 'manifest.json'), '{}')],
    ['a list file that is gone', (dir: string) => unlinkSync(join(dir, 'npm-security-holders.txt'))],
  ])('%s is a coded error that keeps the last good list, logged once, until a good edit', (_label, spoil) => {
    const dir = shippedCopy();
    const reader = shippedHolderReader(dir);
    const { source, tick, log } = clocked();
    const good = source.current(reader);
    const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8');
    const list = readFileSync(join(dir, 'npm-security-holders.txt'), 'utf8');
    spoil(dir);
    tick();
    expect(source.current(reader)).toBe(good);
    expect(source.lastError).toBeInstanceOf(GuardError);
    expect(source.lastError?.code).toBe('SOURCE_MISSING');
    tick();
    expect(source.current(reader)).toBe(good);
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('SOURCE_MISSING');
    writeFileSync(join(dir, 'manifest.json'), manifest);
    writeFileSync(join(dir, 'npm-security-holders.txt'), `${list}fixed-holder\t0.0.1-security\n`);
    tick();
    expect(source.current(reader).has('fixed-holder')).toBe(true);
    expect(source.lastError).toBeUndefined();
  });

  it('throws the coded error when no good list was ever read', () => {
    const dir = shippedCopy();
    writeFileSync(join(dir, 'manifest.json'), 'not json');
    const { source } = clocked();
    expect(() => source.current(shippedHolderReader(dir))).toThrow(expect.objectContaining({ code: 'SOURCE_MISSING' }) as Error);
  });
});
