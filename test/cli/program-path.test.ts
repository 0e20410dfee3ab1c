/** Tests for finding the real package manager on PATH while skipping the guard's shim directory. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPosixShim } from '../../src/app/agent-setup/shim-script.js';
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

  it('skips every directory in a GUARD_SHIM_DIR list, ignoring empty entries', () => {
    executable('other-shims/pip');
    const path = [shims, join(root, 'other-shims'), join(root, 'real')].join(delimiter);
    expect(findProgram('pip', { PATH: path, GUARD_SHIM_DIR: [shims, join(root, 'other-shims')].join(delimiter) }, root)).toBe(real);
    expect(findProgram('pip', { PATH: path, GUARD_SHIM_DIR: `${join(root, 'other-shims')}${delimiter}` }, root)).toBe(shim);
    // An empty entry is not the current directory.
    expect(findProgram('pip', { PATH: `real${delimiter}${shims}`, GUARD_SHIM_DIR: `${delimiter}${delimiter}` }, root)).toBe(real);
  });

  it('skips the shim directory when PATH reaches it through a symlink, or GUARD_SHIM_DIR names it through one', () => {
    symlinkSync(shims, join(root, 'shims-link'));
    expect(findProgram('pip', { PATH: [join(root, 'shims-link'), join(root, 'real')].join(delimiter), GUARD_SHIM_DIR: shims }, root)).toBe(
      real,
    );
    expect(findProgram('pip', { PATH: [shims, join(root, 'real')].join(delimiter), GUARD_SHIM_DIR: join(root, 'shims-link') }, root)).toBe(
      real,
    );
  });

  it('skips a groundguard shim wherever it lies, even outside GUARD_SHIM_DIR', () => {
    const text = renderPosixShim('pip', { dir: shims, node: process.execPath, cli: '/nowhere/main.js', delimiter });
    const copy = executable('copied/pip');
    writeFileSync(copy, text);
    mkdirSync(join(root, 'copy-link'));
    symlinkSync(copy, join(root, 'copy-link', 'pip'));
    expect(findProgram('pip', { PATH: [join(root, 'copied'), join(root, 'real')].join(delimiter) }, root)).toBe(real);
    expect(findProgram('pip', { PATH: [join(root, 'copy-link'), join(root, 'real')].join(delimiter) }, root)).toBe(real);
  });
});
