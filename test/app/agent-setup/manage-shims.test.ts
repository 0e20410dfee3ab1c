/** Tests for writing and removing the PATH shims: idempotent, atomic, never over or of a foreign file. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultShimDir, installShims, isShimFile, uninstallShims } from '../../../src/app/agent-setup/manage-shims.js';
import { renderPosixShim, SHIM_PROGRAMS } from '../../../src/app/agent-setup/shim-script.js';
import { GuardError } from '../../../src/shared/errors.js';

const root = mkdtempSync(join(tmpdir(), 'gg-manage-shims-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cli = join(root, 'dist', 'cli', 'main.js');
mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
writeFileSync(cli, '// the CLI\n');
const options = (dir: string) => ({ dir, node: process.execPath, cli });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof GuardError ? error.code : 'not a GuardError';
  }
  return undefined;
}

describe('installShims', () => {
  it('writes one executable shim per program, creating the directory, and nothing else', () => {
    const dir = join(root, 'a', 'shims');
    const result = installShims(options(dir));
    expect(result.written).toHaveLength(SHIM_PROGRAMS.length);
    expect(readdirSync(dir).sort()).toEqual([...SHIM_PROGRAMS].sort());
    expect(readFileSync(join(dir, 'uvx'), 'utf8')).toBe(renderPosixShim('uvx', { dir, node: process.execPath, cli, delimiter }));
    if (process.platform !== 'win32') expect(statSync(join(dir, 'pip')).mode & 0o777).toBe(0o755);
  });

  it('changes nothing the second time, and repairs a shim that was edited or lost its mode', () => {
    const dir = join(root, 'b');
    installShims(options(dir));
    const again = installShims(options(dir));
    expect(again.written).toEqual([]);
    expect(again.unchanged).toHaveLength(SHIM_PROGRAMS.length);
    writeFileSync(join(dir, 'npm'), `${readFileSync(join(dir, 'npm'), 'utf8')}# edited\n`);
    expect(installShims(options(dir)).written).toEqual([join(dir, 'npm')]);
    expect(readdirSync(dir)).toHaveLength(SHIM_PROGRAMS.length);
  });

  it('also writes .cmd shims for Windows when asked', () => {
    const dir = join(root, 'windows');
    installShims({ ...options(dir), windows: true });
    expect(readdirSync(dir)).toHaveLength(SHIM_PROGRAMS.length * 2);
    expect(readFileSync(join(dir, 'pip.cmd'), 'utf8')).toMatch(/^@echo off\r\n/);
  });

  it('writes nothing when a target name holds a file it did not write', () => {
    const dir = join(root, 'taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'yarn'), '#!/bin/sh\necho mine\n');
    expect(() => installShims(options(dir))).toThrow(`${join(dir, 'yarn')} exists and was not written by groundguard`);
    expect(readdirSync(dir)).toEqual(['yarn']);
  });

  it('refuses a directory that cannot go on PATH and a missing CLI entry', () => {
    expect(codeOf(() => installShims(options(join(root, `x${delimiter}y`))))).toBe('INPUT_INVALID');
    expect(codeOf(() => installShims({ ...options(join(root, 'c')), cli: join(root, 'missing.js') }))).toBe('INTERNAL');
    expect(existsSync(join(root, 'c'))).toBe(false);
  });
});

describe('uninstallShims', () => {
  it('removes the shims (and leftover temporary shims) and keeps every other file', () => {
    const dir = join(root, 'mixed');
    installShims(options(dir));
    writeFileSync(join(dir, '.pip.tmp-1-abc'), renderPosixShim('pip', { dir, node: 'n', cli: 'c', delimiter }));
    writeFileSync(join(dir, 'notes.txt'), 'mine\n');
    rmSync(join(dir, 'conda'));
    writeFileSync(join(dir, 'conda'), '#!/bin/sh\necho my conda\n');
    symlinkSync(join(root, 'b', 'pip'), join(dir, 'linked-shim'));
    const result = uninstallShims(dir);
    expect(result.removed).toHaveLength(SHIM_PROGRAMS.length);
    expect(result.kept).toEqual([join(dir, 'conda')]);
    expect(readdirSync(dir).sort()).toEqual(['conda', 'linked-shim', 'notes.txt']);
  });

  it('is a no-op for a missing directory', () => {
    expect(uninstallShims(join(root, 'none'))).toEqual({ dir: join(root, 'none'), removed: [], kept: [] });
  });
});

describe('isShimFile', () => {
  it('reads only the header, follows links, and is false for anything unreadable', () => {
    installShims(options(join(root, 'd')));
    expect(isShimFile(join(root, 'd', 'pip'))).toBe(true);
    expect(isShimFile(cli)).toBe(false);
    expect(isShimFile(join(root, 'd'))).toBe(false);
    expect(isShimFile(join(root, 'nope'))).toBe(false);
  });
});

describe('defaultShimDir', () => {
  it('is under XDG_DATA_HOME, else ~/.local/share', () => {
    expect(defaultShimDir({ XDG_DATA_HOME: '/data' })).toBe(join('/data', 'groundguard', 'shims'));
    if (process.platform !== 'win32')
      expect(defaultShimDir({ HOME: '/home/u' })).toBe(join('/home/u', '.local', 'share', 'groundguard', 'shims'));
  });
});
