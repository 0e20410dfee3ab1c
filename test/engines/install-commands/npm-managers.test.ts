/** Tests for reading npm, npx, pnpm, pnpx, yarn, bun and bunx command lines as install requests. */
import { describe, expect, it } from 'vitest';
import { parseNodeCommand } from '../../../src/engines/install-commands/npm-managers.js';
import { allDependencies, manifest, memoryFiles, noFiles, parse, project, summary } from './npm-managers-fixtures.js';

describe('parseNodeCommand: named installs', () => {
  it.each<[string[], string[]]>([
    [['npm', 'install', 'lodash'], ['registry lodash']],
    [
      ['npm', 'i', 'lodash@^4', '@scope/pkg@1.2.3'],
      ['registry lodash@^4', 'registry @scope/pkg@1.2.3'],
    ],
    [['npm', 'in', 'a'], ['registry a']],
    [['npm', 'ins', 'a'], ['registry a']],
    [['npm', 'inst', 'a'], ['registry a']],
    [['npm', 'insta', 'a'], ['registry a']],
    [['npm', 'instal', 'a'], ['registry a']],
    [['npm', 'isnt', 'a'], ['registry a']],
    [['npm', 'isnta', 'a'], ['registry a']],
    [['npm', 'isntal', 'a'], ['registry a']],
    [['npm', 'isntall', 'a'], ['registry a']],
    [['npm', 'add', 'a'], ['registry a']],
    [['npm', 'install-test', 'a'], ['registry a']],
    [['/usr/local/bin/npm', 'install', 'a'], ['registry a']],
    [['C:\\Program Files\\nodejs\\npm.cmd', 'install', 'a'], ['registry a']],
    [['npm', 'install', '-D', 'vitest', '--save-exact'], ['registry vitest']],
    [['npm', '-g', 'i', 'npm@latest'], ['registry npm@latest']],
    [['npm', 'i', '-gE', 'typescript'], ['registry typescript']],
    [
      ['npm', 'install', '--no-save', 'a', '--', 'b'],
      ['registry a', 'registry b'],
    ],
    [['npm', 'install', '--save-prefix', '~', 'a'], ['registry a']],
    [['npm', 'install', '--save-prefix=~', 'a'], ['registry a']],
    [['npm', 'install', '--tag', 'beta', 'a'], ['registry a']],
    [['npm', 'install', '-w', 'packages/web', 'a'], ['registry a']],
    [['npm', 'install', '--workspace', 'web', 'a'], ['registry a']],
    [['npm', 'install', '--workspace=web', 'a'], ['registry a']],
    [['npm', 'install', '--omit', 'dev', '--include', 'optional', 'a'], ['registry a']],
    [['npm', 'install', '--cache', '.cache/npm', '--userconfig', 'u.npmrc', 'a'], ['registry a']],
    [['npm', 'install', '--prefix', 'sub', 'a'], ['registry a']],
    [['npm', 'install', 'alias@npm:real@^1'], ['registry real@^1']],
    [
      ['npm', 'install', 'user/repo', './pkg', 'https://e.com/x.tgz'],
      ['vcs github:user/repo', 'path ./pkg', 'url https://e.com/x.tgz'],
    ],
    [['npm', 'update', 'lodash'], ['registry lodash']],
    [['npm', 'install', ''], []],
    // Letters and options that are flags here must not hide the name after them.
    [['npm', 'install', '-p', 'lodash'], ['registry lodash']],
    [['pnpm', 'add', '--package', 'react'], ['registry react']],
    [['yarn', 'add', '-p', 'react'], ['registry react']],
    [['bun', 'add', '--package', 'react'], ['registry react']],
    [['pnpm', 'add', 'react', '-D'], ['registry react']],
    [['pnpm', 'add', '-w', 'react'], ['registry react']],
    [['pnpm', '-C', 'web', 'add', 'vue'], ['registry vue']],
    [['pnpm', '--dir=web', 'add', 'vue'], ['registry vue']],
    [['pnpm', '--filter', 'web', 'add', 'vue'], ['registry vue']],
    [['pnpm', '-F', 'web', 'add', 'vue'], ['registry vue']],
    [['pnpm', 'add', 'foo@workspace:*'], ['workspace *']],
    [['pnpm', 'install', 'a'], ['registry a']],
    [['pnpm', 'i', 'a'], ['registry a']],
    [['pnpm', 'up', 'a', '--latest'], ['registry a']],
    [['yarn', 'add', 'react', '--dev'], ['registry react']],
    [['yarn', 'add', '-D', 'react@18'], ['registry react@18']],
    [['yarn', '--cwd', 'web', 'add', 'vue'], ['registry vue']],
    [['yarn', 'global', 'add', 'serve'], ['registry serve']],
    [['yarn', 'workspace', 'web', 'add', 'vue'], ['registry vue']],
    [['yarn', 'upgrade', 'react'], ['registry react']],
    [['yarnpkg', 'add', 'a'], ['registry a']],
    // yarn 1.22.22 (commander): an option written `[value]` takes the next word that is no option.
    [['yarn', 'add', '--emoji', 'true', 'react'], ['registry react']],
    [['yarn', 'global', 'add', '--prefix', '/usr/local', '--latest', 'serve'], ['registry serve']],
    [['yarn', 'add', '--prod', '-D', 'react'], ['registry react']],
    // pnpm 10.34.9: enum and number keys take the next word (nopt).
    [['pnpm', 'add', '--color', 'always', 'react'], ['registry react']],
    [['pnpm', 'add', '--minimum-release-age', '1440', 'react'], ['registry react']],
    [['pnpm', 'add', '--trust-policy', 'no-downgrade', '--os', 'linux', 'react'], ['registry react']],
    [['bun', 'add', 'elysia'], ['registry elysia']],
    [['bun', 'a', 'elysia', '-d'], ['registry elysia']],
    [['bun', 'install', 'elysia'], ['registry elysia']],
    [['bun', 'i', 'elysia', '--cwd', 'web'], ['registry elysia']],
    [['bun', 'add', '-p', 'x'], ['registry x']],
    [['bun', 'update', 'x'], ['registry x']],
  ])('%j', (argv, targets) => {
    expect(summary(parse(argv))).toEqual([true, targets]);
  });
});

describe('parseNodeCommand: running packages', () => {
  it.each<[string[], string[]]>([
    [['npx', 'cowsay', 'hello'], ['registry cowsay']],
    [['npx', '-y', 'create-react-app@5', 'my-app', '--template', 'typescript'], ['registry create-react-app@5']],
    [['npx', '--yes', '--', 'eslint', '.'], ['registry eslint']],
    [['npx', '-p', 'typescript', 'tsc', '--init'], ['registry typescript']],
    [
      ['npx', '--package', 'a', '--package=b', 'cmd'],
      ['registry a', 'registry b'],
    ],
    [['npx', '-c', 'eslint .'], []],
    [['npx', '-p', 'cowsay', '-c', 'cowsay hi'], ['registry cowsay']],
    [['npx', 'github:user/tool'], ['vcs github:user/tool']],
    [['npx', '--registry', 'https://r.example', 'tool'], ['registry tool']],
    [['npx'], []],
    [['npm', 'exec', 'cowsay', '--', 'hi'], ['registry cowsay']],
    [['npm', 'exec', '--', 'cowsay', 'hi'], ['registry cowsay']],
    [['npm', 'x', '--package=@scope/tool', 'tool'], ['registry @scope/tool']],
    [
      ['npm', 'exec', '-p', 'a', '-p', 'b', 'run-it'],
      ['registry a', 'registry b'],
    ],
    [['npm', 'exec', '--call', 'eslint .'], []],
    [['npm', '--package=cowsay', 'exec', 'cowsay'], ['registry cowsay']],
    [['npm', '-c', 'eslint .', 'exec'], []],
    [['pnpm', 'dlx', 'create-vite', 'app'], ['registry create-vite']],
    [['pnpm', 'dlx', '--package', 'typescript', 'tsc'], ['registry typescript']],
    [['pnpm', 'dlx', '-c', 'cowsay hi | tee x'], ['registry cowsay']],
    [['pnpx', 'cowsay'], ['registry cowsay']],
    [['pnpx', '--package=a', 'b'], ['registry a']],
    [['yarn', 'dlx', 'create-vite'], ['registry create-vite']],
    [['yarn', 'dlx', '-p', 'typescript', 'tsc'], ['registry typescript']],
    [['bunx', 'cowsay', 'hi'], ['registry cowsay']],
    [['bunx', '--bun', 'vite'], ['registry vite']],
    [['bunx', '-p', '@angular/cli', 'ng', 'new'], ['registry @angular/cli']],
    [['bun', 'x', 'cowsay'], ['registry cowsay']],
    [['npm', 'init', 'vite@latest', 'my-app'], ['registry create-vite@latest']],
    [['npm', 'create', 'vite', '--', '--template', 'react'], ['registry create-vite']],
    [['npm', 'innit', 'react-app'], ['registry create-react-app']],
    [['npm', 'init', '@scope'], ['registry @scope/create']],
    [['npm', 'init', '@scope/app'], ['registry @scope/create-app']],
    [['npm', 'init', 'user/repo'], ['vcs github:user/create-repo']],
    [['pnpm', 'create', 'vite'], ['registry create-vite']],
    [['pnpm', 'create', 'create-vite'], ['registry create-vite']],
    [['yarn', 'create', 'react-app', 'my-app'], ['registry create-react-app']],
    [['bun', 'create', 'vite'], ['registry create-vite']],
    [['bun', 'create', 'user/template'], ['vcs github:user/template']],
  ])('%j', (argv, targets) => {
    expect(summary(parse(argv))).toEqual([true, targets]);
  });

  it('keeps the initializer as written in raw', () => {
    expect(parse(['npm', 'init', 'vite@5'])?.targets[0]).toMatchObject({
      raw: 'vite@5',
      name: 'create-vite',
      spec: 'create-vite@5',
    });
  });
});

describe('parseNodeCommand: commands that install nothing', () => {
  it.each<[string[]]>([
    [['npm', 'run', 'build']],
    [['npm', 'test']],
    [['npm', 't']],
    [['npm', 'ls']],
    [['npm', 'init']],
    [['npm', 'init', '-y']],
    [['npm', '--version']],
    [['npm']],
    [['npm', 'uninstall', 'lodash']],
    [['pnpm', 'run', 'build']],
    [['pnpm', 'exec', 'tsc']],
    [['pnpm', 'test']],
    [['pnpm']],
    [['yarn', 'build']],
    [['yarn', 'run', 'test']],
    [['yarn', '--version']],
    [['yarn', 'remove', 'a']],
    [['bun', 'run', 'dev']],
    [['bun', 'test']],
    [['bun', 'index.ts']],
    [['bun']],
  ])('%j', (argv) => {
    expect(summary(parse(argv, project))).toEqual([false, []]);
  });

  it.each([['node'], ['npm-check'], ['pip'], ['/usr/bin/git'], ['']])('%s is not a Node package manager', (program) => {
    expect(parse([program, 'install', 'x'])).toBeUndefined();
  });

  it('returns undefined for an empty argv', () => {
    expect(parse([])).toBeUndefined();
  });
});

describe('parseNodeCommand: bare installs read package.json', () => {
  it.each<[string[]]>([
    [['npm', 'install']],
    [['npm', 'i']],
    [['npm', 'ci']],
    [['npm', 'clean-install']],
    [['npm', 'install', '--frozen-lockfile', '--omit=dev']],
    [['npm', 'ci', '--registry', 'https://r.example']],
    [['pnpm', 'install']],
    [['pnpm', 'i', '--frozen-lockfile']],
    [['yarn']],
    [['yarn', 'install']],
    [['yarn', '--frozen-lockfile']],
    [['bun', 'install']],
    [['bun', 'i', '--production']],
  ])('%j', (argv) => {
    const request = parse(argv, project);
    expect(summary(request)).toEqual([true, allDependencies]);
    expect(request?.files).toEqual(['/repo/package.json']);
    expect(request?.unresolved).toEqual([]);
  });

  it.each<[string[], string, string]>([
    [['npm', 'install', '--prefix', 'web'], '/repo/web/package.json', 'registry vue@^3'],
    [['npm', 'install', '--prefix=/other'], '/other/package.json', 'registry eslint@9'],
    [['npm', 'ci', '-C', 'web'], '/repo/web/package.json', 'registry vue@^3'],
    [['pnpm', '-C', 'web', 'install'], '/repo/web/package.json', 'registry vue@^3'],
    [['pnpm', 'install', '--dir', '/other'], '/other/package.json', 'registry eslint@9'],
    [['pnpm', '--prefix', 'web', 'install'], '/repo/web/package.json', 'registry vue@^3'],
    [['pnpm', '--prefix=web', 'i'], '/repo/web/package.json', 'registry vue@^3'],
    [['pnpm', '--dir', '/other', 'install', '-C', 'web'], '/repo/web/package.json', 'registry vue@^3'],
    [['pnpm', '-C', 'web', 'install', '--prefix', '/other'], '/other/package.json', 'registry eslint@9'],
    [['yarn', '--cwd', 'web'], '/repo/web/package.json', 'registry vue@^3'],
    [['yarn', 'install', '--cwd=/other'], '/other/package.json', 'registry eslint@9'],
    [['bun', 'install', '--cwd', 'web'], '/repo/web/package.json', 'registry vue@^3'],
  ])('%j reads the directory it names', (argv, file, target) => {
    const request = parse(argv, project);
    expect(request?.files).toEqual([file]);
    expect(summary(request)).toEqual([true, [target]]);
  });

  it('records the file and line of each dependency', () => {
    const request = parse(['npm', 'install'], project);
    const lodash = request?.targets.find((target) => target.name === 'lodash');
    const vitest = request?.targets.find((target) => target.name === 'vitest');
    const lines = manifest.split('\n');
    expect(lodash?.origin).toBe(`/repo/package.json:${lines.findIndex((line) => line.includes('"lodash"')) + 1}`);
    expect(vitest?.origin).toBe(`/repo/package.json:${lines.findIndex((line) => line.includes('"vitest"')) + 1}`);
    expect(lodash?.raw).toBe('lodash@^4.17.21');
  });

  it('looks up the tree for package.json as npm does, and installs nothing when there is none', () => {
    const parent = memoryFiles(new Map([['/package.json', JSON.stringify({ dependencies: { lodash: '^4' } })]]));
    const nested = parseNodeCommand(['npm', 'install'], { cwd: '/repo/packages/web', files: parent });
    expect(summary(nested)).toEqual([true, ['registry lodash@^4']]);
    expect(nested?.targets[0]?.origin).toMatch(/^\/package\.json:/);
    const none = parse(['npm', 'install']);
    expect(none?.installs).toBe(true);
    expect(none?.targets).toEqual([]);
    expect(none?.unresolved).toEqual([]);
  });

  it.each<[string, string | undefined, string]>([
    ['not JSON', '{ "dependencies": ', 'not valid JSON'],
    ['an array', '[1, 2]', 'not a JSON object'],
  ])('reports a package.json that is %s as unresolved', (_, text, why) => {
    const files = memoryFiles(new Map(text === undefined ? [] : [['/repo/package.json', text]]));
    const request = parse(['npm', 'install'], files);
    expect(request?.installs).toBe(true);
    expect(request?.targets).toEqual([]);
    expect(request?.unresolved).toHaveLength(1);
    expect(request?.unresolved[0]?.what).toBe('/repo/package.json');
    expect(request?.unresolved[0]?.why).toContain(why);
  });

  it('reports malformed sections and ranges as unresolved and keeps the rest', () => {
    const text = JSON.stringify({ dependencies: { ok: '1', bad: 2 }, devDependencies: ['x'] });
    const request = parse(['yarn'], memoryFiles(new Map([['/repo/package.json', text]])));
    expect(summary(request)).toEqual([true, ['registry ok@1']]);
    expect(request?.unresolved.map((entry) => entry.what)).toEqual([
      '/repo/package.json dependencies.bad',
      '/repo/package.json devDependencies',
    ]);
  });

  it('a package.json without dependencies installs nothing named', () => {
    const request = parse(['npm', 'ci'], memoryFiles(new Map([['/repo/package.json', '{"name":"x"}']])));
    expect(summary(request)).toEqual([true, []]);
    expect(request?.unresolved).toEqual([]);
  });
});

describe('parseNodeCommand: registries and managers', () => {
  it.each<[string[], string[]]>([
    [['npm', 'install', '--registry', 'https://r.example', 'a'], ['https://r.example']],
    [['npm', '--registry=https://r.example', 'install', 'a'], ['https://r.example']],
    [['npm', 'install', '--@acme:registry', 'https://acme.example', 'a'], ['https://acme.example']],
    [['npm', 'install', '--@acme:registry=https://acme.example', 'a'], ['https://acme.example']],
    [['pnpm', 'add', '--config.registry=https://r.example', 'a'], ['https://r.example']],
    [['yarn', 'add', 'a', '--registry', 'https://r.example'], ['https://r.example']],
    [['bun', 'add', '--registry', 'https://r.example', 'a'], ['https://r.example']],
    [['npx', '--registry', 'https://r.example', 'a'], ['https://r.example']],
    [['npm', 'install', '--registry', 'https://r.example', '--registry', 'https://r.example', 'a'], ['https://r.example']],
    [['npm', 'install', 'a'], []],
  ])('%j', (argv, indexes) => {
    const request = parse(argv);
    expect(request?.indexes).toEqual(indexes);
    expect(request?.targets.map((target) => target.name)).toEqual(['a']);
  });

  it.each<[string, string]>([
    ['npm', 'npm'],
    ['npx', 'npx'],
    ['pnpm', 'pnpm'],
    ['pnpx', 'pnpm'],
    ['yarn', 'yarn'],
    ['bun', 'bun'],
    ['bunx', 'bunx'],
  ])('%s is reported as %s', (program, manager) => {
    expect(parse([program])?.manager).toBe(manager);
  });

  it('uses the origin it is given for command-line targets', () => {
    const request = parseNodeCommand(['npm', 'i', 'a'], { cwd: '/repo', files: noFiles, origin: 'hook' });
    expect(request?.targets[0]?.origin).toBe('hook');
  });
});
