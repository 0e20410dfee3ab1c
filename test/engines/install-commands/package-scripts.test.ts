/** Tests for packageScriptsRun: which package.json scripts a Node package-manager command hands to a shell. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packageScriptsRun } from '../../../src/engines/install-commands/package-scripts.js';
import { type FileReader } from '../../../src/engines/install-commands/types.js';

const scripts = {
  preinstall: 'echo pre',
  postinstall: 'node setup.js',
  prepare: 'husky',
  pretest: 'lint',
  test: 'vitest',
  posttest: 'echo done',
  build: 'tsc -p .',
  prebuild: 'rimraf dist',
  start: 'node server.js',
  stop: 'kill it',
  restart: 'node restart.js',
};

function reader(files: Record<string, string>): FileReader {
  return { readText: (path) => files[path] };
}

const project = reader({
  '/repo/package.json': JSON.stringify({ name: 'app', scripts }),
  '/repo/web/package.json': '{"scripts":{"dev":"vite"}}',
});
const names = (argv: string[], files: FileReader = project, cwd = '/repo'): string[] =>
  packageScriptsRun(argv, cwd, files).scripts.map((s) => `${s.name}: ${s.text}`);

describe('packageScriptsRun', () => {
  it.each<[string[], string[]]>([
    [
      ['npm', 'run', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['npm', 'run-script', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['npm', 'rum', 'build', '--', '--watch'],
      ['prebuild: rimraf dist', "build: tsc -p . '--watch'"],
    ],
    [
      ['npm', '--silent', 'run', 'build', 'x y'],
      ['prebuild: rimraf dist', "build: tsc -p . 'x y'"],
    ],
    [
      ['npm', 't'],
      ['pretest: lint', 'test: vitest', 'posttest: echo done'],
    ],
    [
      ['npm', 'tst'],
      ['pretest: lint', 'test: vitest', 'posttest: echo done'],
    ],
    [['npm', 'start'], ['start: node server.js']],
    [['npm', 'stop'], ['stop: kill it']],
    [
      ['npm', 'restart'],
      ['restart: node restart.js', 'stop: kill it', 'start: node server.js'],
    ],
    [
      ['npm', 'install'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky'],
    ],
    [
      ['npm', 'i', 'lodash'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky'],
    ],
    [
      ['npm', 'ci'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky'],
    ],
    [
      ['npm', 'it'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky', 'pretest: lint', 'test: vitest', 'posttest: echo done'],
    ],
    [['yarn'], ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky']],
    [
      ['yarn', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['yarn', 'build', '--watch'],
      ['prebuild: rimraf dist', "build: tsc -p . '--watch'"],
    ],
    [
      ['yarn', 'run', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['yarn', 'add', 'lodash'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky'],
    ],
    [
      ['pnpm', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['pnpm', 'run', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['pnpm', 'i'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky'],
    ],
    [
      ['bun', 'run', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['bun', 'build'],
      ['prebuild: rimraf dist', 'build: tsc -p .'],
    ],
    [
      ['bun', 'add', 'x'],
      ['preinstall: echo pre', 'postinstall: node setup.js', 'prepare: husky'],
    ],
    [['npm', 'install', '--ignore-scripts'], []],
    [['npm', 'run', 'build', '--ignore-scripts'], ['build: tsc -p .']],
    [['npm', 'install', '-g', 'x'], []],
    [['pnpm', 'add', '--global', 'x'], []],
    [['npm', 'run', 'missing'], []],
    [['npm', 'view', 'x'], []],
    [['npm', 'exec', 'build'], []],
    [['pip', 'install', 'x'], []],
  ])('%j runs %j', (argv, expected) => {
    expect(names(argv)).toEqual(expected);
  });

  it('reads the nearest package.json up the tree, or the one of --prefix / -C / --cwd, and runs scripts in its folder', () => {
    expect(packageScriptsRun(['npm', 'test'], '/repo/src/lib', project)).toMatchObject({ manifest: '/repo/package.json', dir: '/repo' });
    expect(names(['npm', '--prefix', 'web', 'run', 'dev'])).toEqual(['dev: vite']);
    expect(names(['pnpm', '-C', 'web', 'dev'])).toEqual(['dev: vite']);
    expect(names(['yarn', '--cwd', '/repo/web', 'dev'])).toEqual(['dev: vite']);
    expect(packageScriptsRun(['npm', 'test'], '/elsewhere', project)).toEqual({ scripts: [], unverifiable: [] });
  });

  it('reports workspace runs and a package.json that is not JSON as unverifiable', () => {
    expect(packageScriptsRun(['npm', 'run', 'build', '--workspaces'], '/repo', project).unverifiable).toHaveLength(1);
    expect(packageScriptsRun(['pnpm', '-r', 'build'], '/repo', project).unverifiable).toHaveLength(1);
    expect(packageScriptsRun(['pnpm', '--filter', 'web', 'build'], '/repo', project).unverifiable).toHaveLength(1);
    expect(packageScriptsRun(['npm', 'test'], '/repo', reader({ '/repo/package.json': '{ "scripts": ' })).unverifiable[0]).toMatch(
      /not valid JSON/,
    );
  });

  it('reads the script of every workspace member on a workspace run', () => {
    const workspace = reader({
      '/w/package.json': JSON.stringify({ name: 'root', workspaces: ['packages/a', 'packages/b'], scripts: { build: 'tsc -b' } }),
      '/w/packages/a/package.json': JSON.stringify({ name: 'a', scripts: { build: 'pip install zzq' } }),
      '/w/packages/b/package.json': JSON.stringify({ name: 'b' }),
    });
    for (const argv of [
      ['npm', 'run', 'build', '--workspaces'],
      ['npm', 'run', 'build', '-w', 'a'],
      ['pnpm', '-r', 'build'],
    ]) {
      const run = packageScriptsRun(argv, '/w', workspace);
      expect(run.unverifiable).toEqual([]);
      expect(run.scripts).toEqual([
        { name: 'build', text: 'tsc -b' },
        { name: 'build', text: 'pip install zzq', dir: '/w/packages/a' },
      ]);
    }
  });

  it('never throws on arbitrary argv and package.json text', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), fc.string(), (words, text) => {
        const run = packageScriptsRun(['npm', ...words], '/repo', reader({ '/repo/package.json': text }));
        expect(Array.isArray(run.scripts)).toBe(true);
      }),
    );
  });

  it.each<[string[], string[]]>([
    [['npm', 'start'], ['start: node server.js']],
    [['npm', 'start', '--', '--port', '1'], ["start: node server.js '--port' '1'"]],
    [['pnpm', 'start'], ['start: node server.js']],
    [['npm', 'restart'], ['start: node server.js']],
  ])('%j with no start script runs node server.js when the package has one', (argv, expected) => {
    const withServer = reader({ '/repo/package.json': '{"name":"a"}', '/repo/server.js': 'require("http")' });
    expect(names(argv, withServer)).toEqual(expected);
  });

  it('runs no implicit start without a server.js, nor for yarn or bun', () => {
    expect(names(['npm', 'start'], reader({ '/repo/package.json': '{"name":"a"}' }))).toEqual([]);
    const withServer = reader({ '/repo/package.json': '{"name":"a"}', '/repo/server.js': '' });
    expect(names(['yarn', 'start'], withServer)).toEqual([]);
    expect(names(['bun', 'start'], withServer)).toEqual([]);
  });
});
