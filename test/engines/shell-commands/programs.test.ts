/** Tests for recognising package managers and shells by the word that names them. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPackageManagerProgram, isShellProgram, programName } from '../../../src/engines/shell-commands/programs.js';

describe('isPackageManagerProgram', () => {
  it.each([
    'pip',
    'pip3',
    'pip3.12',
    'pip-3.12',
    'python',
    'python3',
    'python3.11',
    'python3.13t',
    'pypy3',
    'py',
    'uv',
    'uvx',
    'poetry',
    'pipx',
    'npm',
    'npx',
    'pnpm',
    'pnpx',
    'yarn',
    'yarnpkg',
    'bun',
    'bunx',
    'conda',
    'mamba',
    'micromamba',
    '/usr/bin/pip',
    '~/.local/bin/uv',
    './node_modules/.bin/pnpm',
    '/opt/conda/bin/conda',
    'C:\\Python312\\Scripts\\pip.exe',
    'npm.cmd',
    'NPM.CMD',
    'yarn.bat',
    'Python.EXE',
  ])('%j is a package manager', (argv0) => {
    expect(isPackageManagerProgram(argv0)).toBe(true);
  });

  it.each([
    'echo',
    'git',
    'pipe',
    'pipenv-like',
    'npmrc',
    'node',
    'bash',
    'sudo',
    'pip/',
    '/usr/bin/',
    '',
    'uvicorn',
    'pythonista',
    'condarc',
    'yarn-deduplicate',
    'pip.txt',
  ])('%j is not', (argv0) => {
    expect(isPackageManagerProgram(argv0)).toBe(false);
  });

  it('depends only on the basename', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9._~-]{0,12}$/), fc.constantFrom('pip', 'npm', 'echo', 'python3.12', 'gcc'), (dir, name) => {
        expect(isPackageManagerProgram(`${dir}/${name}`)).toBe(isPackageManagerProgram(name));
      }),
    );
  });
});

describe('isShellProgram and programName', () => {
  it.each([
    ['bash', true],
    ['/bin/sh', true],
    ['zsh', true],
    ['dash', true],
    ['/usr/bin/env', false],
    ['bashful', false],
  ])('%j is a shell: %j', (argv0, shell) => {
    expect(isShellProgram(argv0)).toBe(shell);
  });

  it.each([
    ['/usr/local/bin/pip3', 'pip3'],
    ['C:\\Tools\\NPM.CMD', 'npm'],
    ['pwsh.ps1', 'pwsh'],
    ['plain', 'plain'],
  ])('%j is named %j', (word, name) => {
    expect(programName(word)).toBe(name);
  });
});
