/** Tests for the pure parts of copy and line-filter writes: which sed scripts only delete lines, which texts' lines stand alone. */
import { describe, expect, it } from 'vitest';
import { linesStandAlone, sedDeletedLinesOf } from '../../../src/engines/shell-commands/line-filters.js';

describe('sedDeletedLinesOf', () => {
  it.each([
    [['-i', '/torch/d', 'requirements.txt'], ['requirements.txt']],
    [
      ['-i.bak', '-e', '/torch/d', '-e', '3d', 'a.txt', 'b.txt'],
      ['a.txt', 'b.txt'],
    ],
    [['--in-place', '-E', '/^(torch|jax)/d;$d', 'r.txt'], ['r.txt']],
    [['-i', '/a/,/b/d', 'r.txt'], ['r.txt']],
  ])('%j deletes lines of %j', (args, files) => {
    expect(sedDeletedLinesOf(args)).toEqual(files);
  });

  it.each([
    [['/torch/d', 'r.txt']],
    [['-i', 's/torch/jax/', 'r.txt']],
    [['-i', '/torch/d;s/a/b/', 'r.txt']],
    [['-i', '-n', '/torch/p', 'r.txt']],
    [['-i', '/torch/d']],
    [['-i', '/torch/a zzq', 'r.txt']],
    [['-i', undefined, 'r.txt']],
  ])('%j is not a line deletion in place', (args) => {
    expect(sedDeletedLinesOf(args)).toBeUndefined();
  });
});

describe('linesStandAlone', () => {
  it.each([
    ['requests\nflask==3.0\n# comment\n\nnumpy; python_version < "3.12"\n', true],
    ['requests \\\n  --hash=sha256:00\n', false],
    ['--index-url https://example.invalid/simple\nrequests\n', false],
    ['-r other.txt\n', false],
    ['name: env\ndependencies:\n  - numpy\n', false],
    ['[project]\ndependencies = ["numpy"]\n', false],
    ['{\n  "dependencies": {}\n}\n', false],
  ])('%j: %s', (text, expected) => {
    expect(linesStandAlone(text)).toBe(expected);
  });
});
