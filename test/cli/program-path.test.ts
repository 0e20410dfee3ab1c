/** Tests for finding the real package manager on PATH while skipping the guard's shim directory. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findProgram } from '../../src/cli/program-path.js';

const root = mkdtempSync(join(tmpdir(), 'gg-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function executable(path: string, mode = 0o755): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, mode);
  return file;
}

const shims = join(root, 'shims');
const shim = executable('shims/pip');
const real = executable('real/pip');
executable('plain/pip', 0o644);
mkdirSync(join(root, 'links'));
symlinkSync(shim, join(root, 'links', 'pip'));

describe.skipIf(process.platform === 'win32')('findProgram', () => {
  it('takes the first executable on PATH', () => {
    expect(findProgram('pip', { PATH: [join(root, 'real'), shims].join(delimiter) }, root)).toBe(real);
    expect(findProgram('pip', { PATH: [shims, join(root, 'real')].join(delimiter) }, root)).toBe(shim);
  });

  it('skips GUARD_SHIM_DIR, links into it, and files that are not executable', () => {
    const env = { PATH: [shims, join(root, 'links'), join(root, 'plain'), join(root, 'real')].join(delimiter), GUARD_SHIM_DIR: shims };
    expect(findProgram('pip', env, root)).toBe(real);
    expect(findProgram('pip', { ...env, GUARD_SHIM_DIR: 'shims' }, root)).toBe(real);
  });

  it('gives undefined when only shims have it, and reads relative PATH entries against cwd', () => {
    expect(findProgram('pip', { PATH: shims, GUARD_SHIM_DIR: shims }, root)).toBeUndefined();
    expect(findProgram('npm', { PATH: shims }, root)).toBeUndefined();
    expect(findProgram('pip', { PATH: 'real' }, root)).toBe(real);
  });

  it('takes a program given as a path as it is', () => {
    expect(findProgram('./real/pip', { PATH: '' }, root)).toBe(real);
    expect(findProgram(shim, { PATH: '', GUARD_SHIM_DIR: shims }, root)).toBe(shim);
    expect(findProgram('./nope/pip', { PATH: '' }, root)).toBeUndefined();
  });
});
