/** Tests for the npm-family parser: bad input, overrides, and named local installs that bring in the project. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type FileReader } from '../../../src/engines/install-commands/types.js';
import { memoryFiles, noFiles, parse, project, summary } from './npm-managers-fixtures.js';

describe('parseNodeCommand: bad input', () => {
  const programs = ['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', '/opt/bin/npm', 'pip'];
  const tokens = [
    'install',
    'i',
    'add',
    'ci',
    'exec',
    'x',
    'dlx',
    'init',
    'create',
    'workspace',
    'global',
    '-p',
    '-c',
    '-C',
    '-w',
    '-F',
    '--',
    '-',
    '--registry',
    '--prefix',
    '--cwd',
    '--dir',
    '--package',
    '--package=',
    '-gD',
    '"unterminated',
    "it's",
    '@',
    '@scope',
    'a@npm:',
    'file:',
    '\u0000\uffff',
  ];
  const token = fc.oneof(fc.constantFrom(...tokens), fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
  const junkFiles = memoryFiles(new Map([['/repo/package.json', '{"dependencies": {"a": "npm:", "b": "file:%zz", "c": "\\u0000"}}']]));

  it('never throws on arbitrary argv', () => {
    fc.assert(
      fc.property(fc.constantFrom(...programs), fc.array(token, { maxLength: 12 }), (program, rest) => {
        const request = parse([program, ...rest], junkFiles);
        if (program === 'pip') expect(request).toBeUndefined();
        else expect(request?.targets.every((target) => target.ecosystem === 'npm')).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on arbitrary package.json text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        const request = parse(['npm', 'install'], memoryFiles(new Map([['/repo/package.json', text]])));
        expect(request?.installs).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it.each<[string, string[], FileReader]>([
    ['a huge package argument', ['npm', 'install', 'a'.repeat(100_000)], noFiles],
    ['a huge option value', ['pnpm', 'add', `--registry=${'h'.repeat(100_000)}`, 'a'], noFiles],
    ['a huge option bundle', ['npm', 'i', `-${'g'.repeat(100_000)}`], noFiles],
    ['many arguments', ['yarn', 'add', ...Array.from({ length: 20_000 }, (_, index) => `p${index}`)], noFiles],
    ['a huge npx command', ['npx', ' '.repeat(100_000)], noFiles],
    [
      'a huge package.json',
      ['npm', 'ci'],
      memoryFiles(
        new Map([
          [
            '/repo/package.json',
            JSON.stringify({
              dependencies: Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`dep-${index}`, '^1'])),
            }),
          ],
        ]),
      ),
    ],
  ])('finishes on %s', (_, argv, files) => {
    expect(parse(argv, files)?.installs).toBe(true);
  });
});

describe('parseNodeCommand: overrides', () => {
  it('reads an npm: alias in overrides, resolutions and pnpm.overrides as the package it installs', () => {
    const text = JSON.stringify({
      name: 'app',
      overrides: { lodash: 'npm:lodash-alt@1', nested: { inner: 'npm:inner-alt@2', plain: '1.0.0' } },
      resolutions: { '**/left-pad': 'npm:pad-alt@3' },
      pnpm: { overrides: { 'a>b': 'npm:b-alt@4' } },
    });
    const request = parse(['npm', 'install'], memoryFiles(new Map([['/repo/package.json', text]])));
    expect(summary(request)).toEqual([true, ['registry lodash-alt@1', 'registry inner-alt@2', 'registry pad-alt@3', 'registry b-alt@4']]);
  });
});

describe('parseNodeCommand: a named local install brings in the project too', () => {
  const web = memoryFiles(new Map([['/repo/package.json', JSON.stringify({ dependencies: { 'zzq-local-dep': '^1' } })]]));

  it.each<[string[]]>([
    [['npm', 'install', 'lodash']],
    [['npm', 'i', '-D', 'lodash']],
    [['npm', 'add', 'lodash']],
    [['pnpm', 'add', 'lodash']],
    [['pnpm', 'install', 'lodash']],
    [['yarn', 'add', 'lodash']],
    [['bun', 'add', 'lodash']],
    [['bun', 'install', 'lodash']],
  ])('%j vets package.json beside the name', (argv) => {
    const request = parse(argv, web);
    expect(summary(request)).toEqual([true, ['registry lodash', 'registry zzq-local-dep@^1']]);
    expect(request?.files).toEqual(['/repo/package.json']);
  });

  it.each<[string[]]>([
    [['npm', 'install', '-g', 'lodash']],
    [['npm', 'install', '--global', 'lodash']],
    [['npm', 'install', '--location=global', 'lodash']],
    [['pnpm', 'add', '-g', 'lodash']],
    [['bun', 'add', '--global', 'lodash']],
    [['yarn', 'global', 'add', 'lodash']],
  ])('%j (global) leaves package.json alone', (argv) => {
    const request = parse(argv, web);
    expect(summary(request)).toEqual([true, ['registry lodash']]);
    expect(request?.files).toEqual([]);
  });

  it('reads the project of --prefix / --cwd for a named install', () => {
    expect(summary(parse(['npm', 'install', '--prefix', 'web', 'lodash'], project))).toEqual([
      true,
      ['registry lodash', 'registry vue@^3'],
    ]);
    expect(summary(parse(['yarn', 'add', 'lodash', '--cwd', '/other'], project))).toEqual([true, ['registry lodash', 'registry eslint@9']]);
  });
});
