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

  it('decodes as pip does: a UTF-16 or UTF-8 byte-order mark, a coding line; refuses an encoding it cannot decode', () => {
    writeFileSync(join(root, 'utf16.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('zzq-one\r\nzzq-two\r\n', 'utf16le')]));
    writeFileSync(join(root, 'utf16be.txt'), Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('zzq\n', 'utf16le').swap16()]));
    writeFileSync(join(root, 'latin1.txt'), Buffer.from('# -*- coding: latin-1 -*-\ncaf\xe9\n', 'latin1'));
    writeFileSync(join(root, 'utf32.txt'), Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x7a, 0, 0, 0]));
    writeFileSync(join(root, 'odd.txt'), Buffer.from('# coding: no-such-codec\nzzq\n'));
    const reader = createFsFileReader(root);
    expect(reader.readText('utf16.txt')).toBe('zzq-one\r\nzzq-two\r\n');
    expect(reader.readText('utf16be.txt')).toBe('zzq\n');
    expect(reader.readText('latin1.txt')).toBe('# -*- coding: latin-1 -*-\ncaf\u00e9\n');
    for (const file of ['utf32.txt', 'odd.txt']) {
      expect(() => createFsFileReader(root).readText(file)).toThrow(GuardError);
    }
  });
});
