/** Tests for reading rye and pixi command lines through the installer grammar's option tables. */
import { describe, expect, it } from 'vitest';
import { parseInstallCommand } from '../../../src/engines/install-commands/index.js';
import { type InstallRequest } from '../../../src/engines/install-commands/types.js';

const context = { cwd: '/repo', env: {}, files: { readText: () => undefined } };

function summary(argv: string[]): [boolean, string[], string[]] | undefined {
  const request: InstallRequest | undefined = parseInstallCommand(argv, context);
  if (request === undefined) return undefined;
  return [
    request.installs,
    request.targets.map((t) => `${t.ecosystem} ${t.kind} ${t.kind === 'registry' ? t.name : t.location}`),
    request.indexes,
  ];
}

describe('rye', () => {
  it.each<[string[], [boolean, string[], string[]]]>([
    [
      ['rye', 'add', 'flask', '--features', 'dotenv', 'zzq-ghost'],
      [true, ['pypi registry flask', 'pypi registry zzq-ghost'], []],
    ],
    [
      ['rye', 'add', '--dev', '--optional', 'cache', 'redis>=5'],
      [true, ['pypi registry redis'], []],
    ],
    [
      ['rye', 'add', 'flask', '--git', 'https://github.com/pallets/flask'],
      [true, ['pypi vcs https://github.com/pallets/flask'], []],
    ],
    [
      ['rye', 'add', 'mine', '--path', './lib'],
      [true, ['pypi path ./lib'], []],
    ],
    [
      ['rye', 'install', 'black', '--extra-requirement', 'zzq-extra', '--include-dep', 'click'],
      [true, ['pypi registry black', 'pypi registry zzq-extra'], []],
    ],
    [
      ['rye', 'tools', 'install', '-p', '3.12', 'ruff'],
      [true, ['pypi registry ruff'], []],
    ],
    [
      ['rye', 'sync'],
      [true, [], []],
    ],
    [
      ['rye', '--version'],
      [false, [], []],
    ],
    [
      ['rye', 'fmt'],
      [false, [], []],
    ],
  ])('%j', (argv, expected) => {
    expect(summary(argv)).toEqual(expected);
  });
});

describe('pixi', () => {
  it.each<[string[], [boolean, string[], string[]]]>([
    [
      ['pixi', 'add', 'numpy>=1.20', 'python=3.11'],
      [true, ['conda registry numpy', 'conda registry python'], []],
    ],
    [
      ['pixi', 'add', '--pypi', 'requests==2.31', '-f', 'test', 'zzq-ghost'],
      [true, ['pypi registry requests', 'pypi registry zzq-ghost'], []],
    ],
    [
      ['pixi', 'add', '-p', 'linux-64', 'cuda'],
      [true, ['conda registry cuda'], []],
    ],
    [
      ['pixi', 'a', '--feature', 'ml', 'torch'],
      [true, ['conda registry torch'], []],
    ],
    [
      ['pixi', 'global', 'install', '-c', 'bioconda', 'samtools', '--with', 'zzq-ghost'],
      [true, ['conda registry samtools', 'conda registry zzq-ghost'], ['bioconda']],
    ],
    [
      ['pixi', 'exec', '--spec', 'zzq-ghost', 'tool', '--flag'],
      [true, ['conda registry zzq-ghost'], []],
    ],
    [
      ['pixi', 'exec', 'ruff', 'check'],
      [true, ['conda registry ruff'], []],
    ],
    [
      ['pixi', 'install'],
      [true, [], []],
    ],
    [
      ['pixi', 'run', 'test'],
      [true, [], []],
    ],
    [
      ['pixi', 'info'],
      [false, [], []],
    ],
  ])('%j', (argv, expected) => {
    expect(summary(argv)).toEqual(expected);
  });
});
