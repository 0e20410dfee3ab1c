/**
 * Surface parity: the same command gets the same verdict class (block / warn / allow) from the Claude
 * Code hook, the Cursor hook and, for a package-manager argv, the wrapper and the shims (which run the
 * wrapper). Generated commands (fast-check) over a project holding manifests that name a made-up
 * package in a sub-directory; the whole tune split of the red-team corpus is checked the same way in
 * surface-parity-corpus.test.ts.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardHome, type GuardHome } from '../fixtures/guard-home.js';
import { commandOf, surfaceVerdicts } from './surface-verdicts.js';

let home: GuardHome;
let root: string;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { pypi: ['requests', 'flask'], npm: ['lodash', 'express'] } });
  root = mkdtempSync(join(tmpdir(), 'gg-parity-'));
});
afterAll(() => {
  home.cleanup();
  rmSync(root, { recursive: true, force: true });
});

const MADE_UP = 'zzq-parity-made-up';
const FILES = {
  'requirements.txt': 'requests\n',
  'sub/requirements.txt': `${MADE_UP}\n`,
  'sub/package.json': `{"name":"s","version":"1.0.0","dependencies":{"${MADE_UP}":"1.0.0"}}\n`,
  'sub/pyproject.toml': `[project]\nname = "s"\nversion = "0.1"\ndependencies = ["${MADE_UP}"]\n`,
  'package.json': '{"name":"a","version":"1.0.0","dependencies":{"lodash":"4.0.0"}}\n',
};
const PROGRAMS = ['pip', 'pip3', 'python3', 'uv', 'uvx', 'poetry', 'pipx', 'pdm', 'pipenv', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'conda'];
const WORDS = [
  'install',
  'i',
  'add',
  'sync',
  'ci',
  'run',
  'exec',
  'pip',
  '-m',
  '-c',
  "import os; os.system('pip install requests')",
  '-r',
  'requirements.txt',
  'sub/requirements.txt',
  '--requirement=sub/requirements.txt',
  '-e',
  '.',
  'sub',
  './sub',
  '--prefix',
  '--cwd',
  '-C',
  '--directory',
  '--project',
  '-p',
  '--',
  'requests',
  'lodash',
  MADE_UP,
  `${MADE_UP}==1.0`,
  'npm:lodash@4',
  '--index-url',
  'https://evil.invalid/simple',
  '--registry=https://evil.invalid/',
  'a b',
  "it's",
  '$HOME',
  '*',
  '-y',
];

const argvArb = fc.tuple(fc.constantFrom(...PROGRAMS), fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }));
const envArb = fc.option(
  fc.constantFrom<Record<string, string>>(
    { PIP_INDEX_URL: 'https://evil.invalid/simple' },
    { npm_config_registry: 'https://evil.invalid/' },
  ),
  {
    nil: undefined,
  },
);

describe('surface parity', () => {
  it('gives a package-manager argv the same verdict class on the Claude Code hook, the Cursor hook and the wrapper', async () => {
    await fc.assert(
      fc.asyncProperty(argvArb, envArb, async ([program, words], env) => {
        const argv = [program, ...words];
        const verdicts = await surfaceVerdicts({ argv, ...(env ? { env } : {}), files: FILES }, root, home.env);
        expect({ argv, ...verdicts }).toEqual({ argv, claudeCode: verdicts.wrapper, cursor: verdicts.wrapper, wrapper: verdicts.wrapper });
      }),
      { numRuns: 40 },
    );
  });

  it('gives a shell command built around such an argv the same verdict class on both hooks', async () => {
    const prefix = fc.constantFrom('', 'cd sub && ', 'cd sub; cd - >/dev/null; ', '(cd sub && ', 'pushd sub >/dev/null; ', 'bash -c ');
    await fc.assert(
      fc.asyncProperty(prefix, argvArb, async (before, [program, words]) => {
        const inner = commandOf([program, ...words]);
        const command =
          before === 'bash -c ' ? `bash -c ${JSON.stringify(inner)}` : before.startsWith('(') ? `${before}${inner})` : `${before}${inner}`;
        const verdicts = await surfaceVerdicts({ command, files: FILES }, root, home.env);
        expect({ command, cursor: verdicts.cursor }).toEqual({ command, cursor: verdicts.claudeCode });
      }),
      { numRuns: 30 },
    );
  });

  it('tells the surfaces apart from nothing: a made-up name in a sub-directory manifest is blocked on each of them', async () => {
    const verdicts = await surfaceVerdicts({ argv: ['pip', 'install', '-r', 'sub/requirements.txt'], files: FILES }, root, home.env);
    expect(verdicts).toEqual({ claudeCode: 'block', cursor: 'block', wrapper: 'block' });
    const allowed = await surfaceVerdicts({ argv: ['pip', 'install', '-r', 'requirements.txt'], files: FILES }, root, home.env);
    expect(allowed).toEqual({ claudeCode: 'allow', cursor: 'allow', wrapper: 'allow' });
  });

  it.each([
    ['an install into the guard cache', (env: Record<string, string>) => ['npm', 'install', '--prefix', env.GUARD_HOME ?? '', 'lodash']],
    ['a guard command run by a runner', () => ['npx', 'guard', 'init']],
    ['a write into .guard/', () => ['pip', 'download', '-d', '.guard', 'requests']],
  ])('refuses %s on every surface (self-protection is shared)', async (_name, argvOf) => {
    const verdicts = await surfaceVerdicts({ argv: argvOf(home.env), files: FILES }, root, home.env);
    expect(verdicts).toEqual({ claudeCode: 'block', cursor: 'block', wrapper: 'block' });
  });
});
