/** Tests for classifying npm-family package arguments with npm's own spec grammar. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyNpmSpec, toInitializerSpec } from '../../../src/engines/install-commands/npm-spec.js';
import { type InstallTarget } from '../../../src/engines/install-commands/types.js';

type Shape = Pick<InstallTarget, 'kind' | 'name' | 'spec' | 'location'>;

function shape(target: InstallTarget): Shape {
  const { kind, name, spec, location } = target;
  return { kind, name, spec, location };
}

describe('classifyNpmSpec', () => {
  it.each<[string, Shape]>([
    // Registry names, ranges, versions and tags.
    ['lodash', { kind: 'registry', name: 'lodash', spec: 'lodash' }],
    ['lodash@^4', { kind: 'registry', name: 'lodash', spec: 'lodash@^4' }],
    ['lodash@4.17.21', { kind: 'registry', name: 'lodash', spec: 'lodash@4.17.21' }],
    ['lodash@latest', { kind: 'registry', name: 'lodash', spec: 'lodash@latest' }],
    ['lodash@>=1 <2', { kind: 'registry', name: 'lodash', spec: 'lodash@>=1 <2' }],
    ['@scope/pkg@1.2.3', { kind: 'registry', name: '@scope/pkg', spec: '@scope/pkg@1.2.3' }],
    ['@scope/pkg', { kind: 'registry', name: '@scope/pkg', spec: '@scope/pkg' }],
    ['@types/node@next', { kind: 'registry', name: '@types/node', spec: '@types/node@next' }],
    // Aliases are named by the package they install.
    ['alias@npm:real@^1', { kind: 'registry', name: 'real', spec: 'real@^1' }],
    ['my-react@npm:react', { kind: 'registry', name: 'react', spec: 'react' }],
    ['x@npm:@scope/real@2', { kind: 'registry', name: '@scope/real', spec: '@scope/real@2' }],
    ['lodash@npm:^4.17.0', { kind: 'registry', name: 'lodash', spec: 'lodash@^4.17.0' }],
    // Git and hosted-git shorthands.
    ['github:user/repo', { kind: 'vcs', location: 'github:user/repo' }],
    ['user/repo', { kind: 'vcs', location: 'github:user/repo' }],
    ['user/repo#v1.0.0', { kind: 'vcs', location: 'github:user/repo#v1.0.0' }],
    ['gitlab:group/project', { kind: 'vcs', location: 'gitlab:group/project' }],
    ['git+https://example.com/a/b.git#main', { kind: 'vcs', location: 'git+https://example.com/a/b.git#main' }],
    ['git@github.com:a/b.git', { kind: 'vcs', location: 'git+ssh://git@github.com/a/b.git' }],
    ['foo@github:user/foo', { kind: 'vcs', name: 'foo', location: 'github:user/foo' }],
    // Tarball URLs.
    ['https://example.com/pkg-1.0.0.tgz', { kind: 'url', location: 'https://example.com/pkg-1.0.0.tgz' }],
    ['foo@https://example.com/foo.tgz', { kind: 'url', name: 'foo', location: 'https://example.com/foo.tgz' }],
    // Folders and tarballs on disk.
    ['./pkg', { kind: 'path', location: './pkg' }],
    ['.', { kind: 'path', location: '.' }],
    ['../x.tgz', { kind: 'path', location: '../x.tgz' }],
    ['file:../x', { kind: 'path', location: '../x' }],
    ['file:///abs/pkg', { kind: 'path', location: '/abs/pkg' }],
    ['/abs/pkg', { kind: 'path', location: '/abs/pkg' }],
    ['~/pkg', { kind: 'path', location: '~/pkg' }],
    ['pkg.tgz', { kind: 'path', location: 'pkg.tgz' }],
    ['foo@file:../foo', { kind: 'path', name: 'foo', location: '../foo' }],
    ['foo@link:../foo', { kind: 'path', name: 'foo', location: '../foo' }],
    ['foo@portal:../foo', { kind: 'path', name: 'foo', location: '../foo' }],
    // Workspace, catalog, JSR and patched specs.
    ['foo@workspace:*', { kind: 'workspace', name: 'foo', location: '*' }],
    ['@acme/ui@workspace:^1.0.0', { kind: 'workspace', name: '@acme/ui', location: '^1.0.0' }],
    ['react@catalog:', { kind: 'registry', name: 'react', spec: 'react' }],
    ['std@jsr:@std/path', { kind: 'url', name: 'std', location: 'jsr:@std/path' }],
    ['lodash@patch:lodash@npm%3A4.17.21#./patches/lodash.patch', { kind: 'registry', name: 'lodash', spec: 'lodash@4.17.21' }],
    // Specs npm rejects are named by the raw text, so that the name check blocks them.
    ['Foo Bar', { kind: 'registry', name: 'Foo Bar', spec: 'Foo Bar' }],
    ['lodash@bad tag!', { kind: 'registry', name: 'lodash@bad tag!', spec: 'lodash@bad tag!' }],
    ['a@b@c', { kind: 'registry', name: 'a@b@c', spec: 'a@b@c' }],
    ['x@npm:', { kind: 'registry', name: 'x@npm:', spec: 'x@npm:' }],
    ['x@npm:../local', { kind: 'registry', name: 'x@npm:../local', spec: 'x@npm:../local' }],
    ['http://', { kind: 'registry', name: 'http://', spec: 'http://' }],
    ['ftp://example.com/x.tgz', { kind: 'registry', name: 'ftp://example.com/x.tgz', spec: 'ftp://example.com/x.tgz' }],
  ])('%j', (input, expected) => {
    const target = classifyNpmSpec(input, 'argv');
    expect(shape(target)).toEqual(expected);
    expect(target).toMatchObject({ ecosystem: 'npm', raw: input, origin: 'argv' });
  });

  it('keeps the origin it is given', () => {
    expect(classifyNpmSpec('lodash@^4', 'package.json:3').origin).toBe('package.json:3');
  });

  it('never throws, and registry targets always carry a name and a spec', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (input) => {
        const target = classifyNpmSpec(input, 'argv');
        expect(target.raw).toBe(input);
        if (target.kind === 'registry') {
          expect(typeof target.name).toBe('string');
          expect(typeof target.spec).toBe('string');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    'a'.repeat(100_000),
    '@'.repeat(100_000),
    `a@${'.b'.repeat(50_000)}`,
    `git+https://${'a'.repeat(100_000)}`,
    `github:${'a/'.repeat(50_000)}`,
    `./${'%'.repeat(100_000)}`,
    `x@npm:${'1 '.repeat(50_000)}`,
    `a@1${' || 1'.repeat(20_000)}`,
  ])('finishes on a 100k-character spec (%#)', (input) => {
    expect(classifyNpmSpec(input, 'argv').raw).toBe(input);
  });

  it('loads npm-package-arg on first use, not on import', () => {
    const module = pathToFileURL(join(process.cwd(), 'src/engines/install-commands/npm-spec.ts')).href;
    const script = [
      "import { createRequire } from 'node:module';",
      'const cache = createRequire(import.meta.url).cache;',
      "const loaded = () => Object.keys(cache).some((key) => key.includes('npm-package-arg'));",
      `const spec = await import(${JSON.stringify(module)});`,
      'const before = loaded();',
      "spec.classifyNpmSpec('lodash', 'argv');",
      'const plain = loaded();',
      "spec.classifyNpmSpec('user/repo', 'argv');",
      'console.log(JSON.stringify([before, plain, loaded()]));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    // A plain name is read without it; a spec only npm's grammar reads loads it.
    expect(JSON.parse(run.stdout.trim())).toEqual([false, false, true]);
  });
});

describe('toInitializerSpec', () => {
  it.each<[string, string, string]>([
    ['foo', 'create-foo', 'create-foo'],
    ['vite@latest', 'create-vite@latest', 'create-vite@latest'],
    ['react-app@5', 'create-react-app@5', 'create-react-app@5'],
    ['@scope', '@scope/create', '@scope/create'],
    ['@scope@2', '@scope/create@2', '@scope/create@2'],
    ['@scope/foo', '@scope/create-foo', '@scope/create-foo'],
    ['@scope/foo@1.0.0', '@scope/create-foo@1.0.0', '@scope/create-foo@1.0.0'],
    ['user/repo', 'user/create-repo', 'user/create-repo'],
    ['github:user/repo', 'github:user/create-repo', 'github:user/create-repo'],
    ['create-foo', 'create-create-foo', 'create-foo'],
    ['@scope/create-foo', '@scope/create-create-foo', '@scope/create-foo'],
    ['./local', './local', './local'],
    ['Not Valid', 'Not Valid', 'Not Valid'],
  ])('%s → npm %s, pnpm %s', (initializer, npm, pnpm) => {
    expect(toInitializerSpec(initializer)).toBe(npm);
    expect(toInitializerSpec(initializer, true)).toBe(pnpm);
  });
});
