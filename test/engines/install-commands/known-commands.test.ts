/**
 * Unknown stays unverifiable: a sub-command of a modelled package manager that no parser reads as an install
 * and no rule names as installing nothing is an unresolved part of an installing request, never "installs nothing".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstallCommand } from '../../../src/engines/install-commands/index.js';
import { installsNothingByRule } from '../../../src/engines/install-commands/known-commands.js';
import { resolveNpmCommand } from '../../../src/engines/install-commands/npm-command-names.js';
import { type FileReader } from '../../../src/engines/install-commands/types.js';

const files: FileReader = { readText: () => undefined };
const read = (argv: string[]) => parseInstallCommand(argv, { cwd: '/repo', env: {}, files });

/** Nothing installed, nothing unresolved: the verdict "not an install". */
const installsNothing = (argv: string[]): boolean => {
  const request = read(argv);
  return request !== undefined && !request.installs && request.targets.length === 0 && request.unresolved.length === 0;
};

// Sub-commands each manager's own rules name as installing nothing (a sample; the table is known-commands.ts).
const RULED: ReadonlyArray<[string, ...string[]]> = [
  ['pip', 'list'],
  ['pip', 'freeze'],
  ['pip', 'uninstall', '-y', 'x'],
  ['uv', 'venv'],
  ['uv', 'lock'],
  ['uv', 'pip', 'compile', 'requirements.in'],
  ['uv', 'tool', 'list'],
  ['poetry', 'lock'],
  ['poetry', 'self', 'show'],
  ['pipx', 'list'],
  ['conda', 'list'],
  ['conda', 'env', 'list'],
  ['rye', 'show'],
  ['pixi', 'info'],
  ['npm', 'ls'],
  ['npm', 'whoami'],
  ['npm', 'bin', '-g'],
  ['poetry', 'shell'],
];

describe('otherCommandRequest through the parsers', () => {
  it.each(RULED)('%s: a ruled sub-command installs nothing', (...argv) => {
    expect(installsNothing(argv)).toBe(true);
  });

  it.each<[string[], string]>([
    [['pip', 'frob', 'zzq-a'], 'pip frob'],
    [['pip3', '-q', 'frob', 'zzq-a'], 'pip frob'],
    [['python3', '-m', 'pip', 'frob', 'zzq-a'], 'pip frob'],
    [['uv', 'frob', 'zzq-a'], 'uv frob'],
    [['uv', 'pip', 'frob', 'zzq-a'], 'uv pip frob'],
    [['uv', 'tool', 'frob', 'zzq-a'], 'uv tool frob'],
    [['poetry', 'frob', 'zzq-a'], 'poetry frob'],
    [['poetry', 'self', 'frob', 'zzq-a'], 'poetry self frob'],
    [['pipx', 'frob', 'zzq-a'], 'pipx frob'],
    [['pdm', 'frob', 'zzq-a'], 'pdm frob'],
    [['pipenv', 'frob', 'zzq-a'], 'pipenv frob'],
    [['conda', 'frob', 'zzq-a'], 'conda frob'],
    [['mamba', 'frob', 'zzq-a'], 'conda frob'],
    [['rye', 'frob', 'zzq-a'], 'rye frob'],
    [['pixi', 'frob', 'zzq-a'], 'pixi frob'],
    [['npm', 'frob', 'zzq-a'], 'npm frob'],
  ])('%j is unresolved (%s)', (argv, what) => {
    const request = read(argv);
    expect(request?.installs).toBe(true);
    expect(request?.unresolved.map((part) => part.what)).toEqual([what]);
  });

  it.each<string[]>([
    ['pip', 'log.txt'],
    ['pip3', 'pip log.txt'],
    ['poetry', 'Install', 'zzq-a'],
    ['conda', './env.yml'],
    ['uv', 'tool', 'x/y'],
  ])('%j: a word no manager takes as a sub-command is refused by the manager, so it installs nothing', (...argv) => {
    expect(installsNothing(argv)).toBe(true);
  });

  it('reads `pip lock` as the fetch it is', () => {
    expect(read(['pip', 'lock', 'zzq-lock'])?.targets.map((t) => t.name)).toEqual(['zzq-lock']);
  });

  it('names the tool of `uv tool upgrade` as an install does', () => {
    expect(read(['uv', 'tool', 'upgrade', 'zzq-tool'])?.targets.map((t) => t.name)).toEqual(['zzq-tool']);
  });

  it('property: random words after a known manager never give "installs nothing" unless a rule names the sub-command', () => {
    const levels: ReadonlyArray<[string[], string]> = [
      [['pip'], 'pip'],
      [['pip3'], 'pip'],
      [['python3', '-m', 'pip'], 'pip'],
      [['uv'], 'uv'],
      [['uv', 'pip'], 'uv pip'],
      [['uv', 'tool'], 'uv tool'],
      [['poetry'], 'poetry'],
      [['poetry', 'self'], 'poetry self'],
      [['pipx'], 'pipx'],
      [['pdm'], 'pdm'],
      [['pipenv'], 'pipenv'],
      [['conda'], 'conda'],
      [['mamba'], 'conda'],
      [['rye'], 'rye'],
      [['pixi'], 'pixi'],
      [['npm'], 'npm'],
      [['rattler-build'], 'rattler-build'],
      [['boa'], 'boa'],
      [['conda-build'], 'conda-build'],
      [['conda', 'mambabuild'], 'conda-build'],
    ];
    const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
    fc.assert(
      fc.property(fc.constantFrom(...levels), word, fc.array(word, { maxLength: 3 }), ([head, level], sub, rest) => {
        const argv = [...head, sub, ...rest];
        if (!installsNothing(argv)) return;
        // Allowed with nothing checked: only a sub-command a rule names (for npm: npm's own command names).
        const ruled = installsNothingByRule(level, sub) || (level === 'npm' && resolveNpmCommand(sub) !== undefined);
        expect(ruled, `${argv.join(' ')} installs nothing, and no rule names \`${level} ${sub}\``).toBe(true);
      }),
      { numRuns: 600 },
    );
  });
});
