/** Lock-file and extra-manifest readers: the names each format pins, their kinds and lines; never a throw. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePackageLock, parsePnpmLock, parseYarnLock, pnpmKeyName } from '../../../src/engines/install-commands/lock-files-npm.js';
import { parsePipfile, parsePixiToml, parsePythonLock, parseSetupCfg } from '../../../src/engines/install-commands/lock-files-python.js';

const summary = (result: { targets: Array<{ name?: string; kind: string; origin: string; ecosystem: string }> }) =>
  result.targets.map((t) => `${t.ecosystem}:${t.name}:${t.kind}@${t.origin.split(':').pop()}`);

describe('npm lock files', () => {
  it.each([
    ['/lodash/4.17.21', 'lodash'],
    ['/@babel/core/7.23.0_supports-color@5.5.0', '@babel/core'],
    ['/lodash@4.17.21', 'lodash'],
    ['/@babel/core@7.23.0(supports-color@5.5.0)', '@babel/core'],
    ['@types/node@20.11.0', '@types/node'],
    ['chalk@5.3.0', 'chalk'],
  ])('pnpm key %s names %s', (key, name) => {
    expect(pnpmKeyName(key)).toBe(name);
  });

  it('reads package-lock v1 nested dependencies and npm: aliases', () => {
    const lock = JSON.stringify(
      {
        lockfileVersion: 1,
        dependencies: { a: { version: '1.0.0', dependencies: { b: { version: '2.0.0' } } }, c: { version: 'npm:real-c@3.0.0' } },
      },
      null,
      2,
    );
    expect(summary(parsePackageLock(lock, 'package-lock.json'))).toEqual([
      'npm:a:registry@4',
      'npm:b:registry@7',
      'npm:real-c:registry@12',
    ]);
  });

  it('keeps git and file sources out of the name check, and reads each name once', () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': {},
        'node_modules/x': { version: '1.0.0' },
        'node_modules/y/node_modules/x': { version: '2.0.0' },
        'node_modules/g': { version: '1.0.0', resolved: 'git+ssh://git@github.com/o/g.git#abc' },
        'node_modules/f': { version: '1.0.0', resolved: 'file:../f' },
      },
    });
    expect(summary(parsePackageLock(lock, 'l'))).toEqual(['npm:x:registry@1', 'npm:g:vcs@1', 'npm:f:path@1']);
  });

  it('reads yarn Berry entries: npm ranges, aliases and workspaces', () => {
    const text =
      '__metadata:\n  version: 8\n\n"lodash@npm:^4.17.21":\n  version: 4.17.21\n\n"app@workspace:.":\n  version: 0.0.0-use.local\n\n"alias@npm:real-pkg@^1.0.0":\n  version: 1.0.0\n';
    expect(summary(parseYarnLock(text, 'yarn.lock'))).toEqual(['npm:lodash:registry@4', 'npm:app:workspace@7', 'npm:real-pkg:registry@10']);
  });

  it('reads pnpm v6 keys and skips other sections', () => {
    const text =
      "lockfileVersion: '6.0'\n\ndependencies:\n  chalk:\n    specifier: ^5\n    version: 5.3.0\n\npackages:\n\n  /chalk@5.3.0:\n    resolution: {integrity: x}\n    dev: false\n";
    expect(summary(parsePnpmLock(text, 'pnpm-lock.yaml'))).toEqual(['npm:chalk:registry@10']);
  });

  it('reports malformed JSON instead of throwing', () => {
    expect(parsePackageLock('{ nope', 'package-lock.json').unresolved[0]!.why).toMatch(/not valid JSON/);
  });
});

describe('Python and conda files', () => {
  it('reads poetry.lock sources: git and directory are not registry names', () => {
    const text =
      '[[package]]\nname = "a"\nversion = "1.0"\n\n[[package]]\nname = "b"\nversion = "0.1"\n\n[package.source]\ntype = "git"\nurl = "https://github.com/o/b.git"\n\n[[package]]\nname = "c"\nversion = "2"\n\n[metadata]\nlock-version = "2.0"\n';
    expect(summary(parsePythonLock(text, 'poetry.lock'))).toEqual(['pypi:a:registry@2', 'pypi:b:vcs@6', 'pypi:c:registry@14']);
  });

  it('reads uv.lock sources', () => {
    const text =
      '[[package]]\nname = "app"\nversion = "0.1.0"\nsource = { virtual = "." }\n\n[[package]]\nname = "idna"\nversion = "3.10"\nsource = { registry = "https://pypi.org/simple" }\n\n[[package]]\nname = "lib"\nversion = "0.1"\nsource = { git = "https://github.com/o/lib?rev=1#abc" }\n';
    expect(summary(parsePythonLock(text, 'uv.lock'))).toEqual(['pypi:app:workspace@2', 'pypi:idna:registry@7', 'pypi:lib:vcs@12']);
  });

  it('reads Pipfile tables with strings, versions, git and path', () => {
    const text =
      '[packages]\nrequests = "*"\nflask = ">=2"\nlib = {git = "https://github.com/o/lib.git", ref = "main"}\nlocal = {path = ".", editable = true}\n\n[dev-packages]\npytest = {version = ">=7"}\n';
    expect(summary(parsePipfile(text, 'Pipfile'))).toEqual([
      'pypi:requests:registry@2',
      'pypi:flask:registry@3',
      'pypi:lib:vcs@4',
      'pypi:local:editable@5',
      'pypi:pytest:registry@8',
    ]);
  });

  it('reads setup.cfg install_requires in both spellings, and extras', () => {
    const text =
      '[options]\ninstall_requires = requests>=2, click\nsetup_requires =\n    setuptools_scm\n\n[options.extras_require]\ntest =\n    pytest>=7\n';
    expect(summary(parseSetupCfg(text, 'setup.cfg'))).toEqual([
      'pypi:requests:registry@2',
      'pypi:click:registry@2',
      'pypi:setuptools_scm:registry@4',
      'pypi:pytest:registry@8',
    ]);
  });

  it('reads pixi.toml dependencies, pypi-dependencies and feature tables', () => {
    const text = '[dependencies]\npython = ">=3.12"\n\n[pypi-dependencies]\nrich = "*"\n\n[feature.test.dependencies]\npytest = "8.*"\n';
    expect(summary(parsePixiToml(text, 'pixi.toml'))).toEqual([
      'conda:python:registry@2',
      'pypi:rich:registry@5',
      'conda:pytest:registry@8',
    ]);
  });
});

describe('never throws', () => {
  it('on any text, in every reader', () => {
    const readers = [parsePackageLock, parsePnpmLock, parseYarnLock, parsePythonLock, parsePipfile, parseSetupCfg, parsePixiToml];
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom(...readers), (text, read) => {
        const result = read(text, 'f');
        expect(Array.isArray(result.targets)).toBe(true);
      }),
      { numRuns: 700 },
    );
  });
});
