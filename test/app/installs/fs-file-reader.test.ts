/** Tests for the FileReader over the real file system: resolution, missing files, the size cap, overrides. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsFileReader } from '../../../src/app/installs/fs-file-reader.js';
import { GuardError } from '../../../src/shared/errors.js';

const root = mkdtempSync(join(tmpdir(), 'gg-reader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

mkdirSync(join(root, 'sub'));
writeFileSync(join(root, 'requirements.txt'), 'requests\n');
writeFileSync(join(root, 'big.txt'), 'x'.repeat(2048));

describe('createFsFileReader', () => {
  it('reads relative paths against cwd and absolute paths as they are', () => {
    const reader = createFsFileReader(root);
    expect(reader.readText('requirements.txt')).toBe('requests\n');
    expect(reader.readText(join(root, 'requirements.txt'))).toBe('requests\n');
    expect(createFsFileReader(join(root, 'sub')).readText('../requirements.txt')).toBe('requests\n');
  });

  it('gives undefined for a missing file, a directory, or a path under a file', () => {
    const reader = createFsFileReader(root);
    expect(reader.readText('nope.txt')).toBeUndefined();
    expect(reader.readText('sub')).toBeUndefined();
    expect(reader.readText('requirements.txt/x')).toBeUndefined();
  });

  it('refuses a file over the size cap with INPUT_INVALID', () => {
    const reader = createFsFileReader(root, { maxBytes: 1024 });
    expect(() => reader.readText('big.txt')).toThrow(GuardError);
    try {
      reader.readText('big.txt');
    } catch (error) {
      expect((error as GuardError).code).toBe('INPUT_INVALID');
      expect((error as GuardError).message).toMatch(/2048 bytes/);
    }
    expect(reader.readText('requirements.txt')).toBe('requests\n');
  });

  it('serves overrides instead of the disk, and keeps what it read', () => {
    const file = join(root, 'changing.txt');
    writeFileSync(file, 'before\n');
    const reader = createFsFileReader(root, { overrides: new Map([['requirements.txt', 'flask\n']]) });
    expect(reader.readText(join(root, 'requirements.txt'))).toBe('flask\n');
    expect(reader.readText(file)).toBe('before\n');
    writeFileSync(file, 'after\n');
    expect(reader.readText(file)).toBe('before\n');
    expect(createFsFileReader(root).readText(file)).toBe('after\n');
  });
});
