import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShellFiles } from '../../../src/app/installs/fs-shell-files.js';

describe('createShellFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gg-shell-files-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'pkg-1.0.whl'), '');
  writeFileSync(join(dir, 'setup.sh'), 'pip install requests\n');
  writeFileSync(join(dir, '.env'), 'X=1\n');
  const files = createShellFiles(dir);

  it.each<[string, boolean]>([
    ['dist/*.whl', true],
    ['dist/*.tar.gz', false],
    ['.[dev]', false],
    ['opencv-python==4.6.*', false],
    ['*', true],
    ['.e*', true],
    ['s?tup.sh', true],
    [`${dir}/dist/pkg-*`, true],
    ['nowhere/*/x', false],
  ])('hasMatch(%j) is %s', (pattern, expected) => {
    expect(files.hasMatch(pattern)).toBe(expected);
  });

  it('reads regular files only', () => {
    expect(files.readText('setup.sh')).toBe('pip install requests\n');
    expect(files.readText('./missing.sh')).toBeUndefined();
    expect(files.readText('dist')).toBeUndefined();
  });
});
