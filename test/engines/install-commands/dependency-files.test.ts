/** Tests for recognising dependency manifests by name and reading them as install requests. */
import { describe, expect, it } from 'vitest';
import { dependencyFileKind, parseDependencyFile } from '../../../src/engines/install-commands/dependency-files.js';
import { parseInstallCommand } from '../../../src/engines/install-commands/parse-install-command.js';
import { type FileReader } from '../../../src/engines/install-commands/types.js';

function memoryFiles(entries: Record<string, string>): FileReader {
  const files = new Map(Object.entries(entries));
  return { readText: (path) => files.get(path) };
}

const files = memoryFiles({
  '/repo/requirements-dev.txt': 'pytest\n-r base.txt\n',
  '/repo/base.txt': 'requests==2.31\n',
  '/repo/pyproject.toml': '[project]\ndependencies = ["flask"]\n',
  '/repo/web/package.json': '{ "dependencies": { "lodash": "^4" }, "devDependencies": { "vitest": "4" } }',
  '/repo/environment.yml': 'channels: [conda-forge]\ndependencies:\n  - numpy=1.26\n  - pip:\n    - rich\n',
});
const context = { cwd: '/repo', env: {}, files };

describe('dependencyFileKind', () => {
  it.each([
    ['/repo/requirements.txt', 'requirements'],
    ['/repo/requirements-dev.txt', 'requirements'],
    ['/repo/requirements/dev.txt', 'requirements'],
    ['/repo/requirements/base.in', 'requirements'],
    ['C:\\repo\\requirements\\prod.txt', 'requirements'],
    ['/repo/pyproject.toml', 'pyproject'],
    ['/repo/web/package.json', 'package-json'],
    ['/repo/environment.yml', 'environment'],
    ['/repo/environment-gpu.yaml', 'environment'],
    ['/repo/README.md', undefined],
    ['/repo/package-lock.json', undefined],
    ['/repo/notes.txt', undefined],
    ['/repo/setup.cfg', undefined],
  ])('%s is %s', (file, kind) => {
    expect(dependencyFileKind(file)).toBe(kind);
  });
});

describe('parseDependencyFile', () => {
  it.each([
    ['/repo/requirements-dev.txt', 'pip', ['pytest', 'requests==2.31']],
    ['/repo/pyproject.toml', 'pip', ['flask']],
    ['/repo/web/package.json', 'npm', ['lodash@^4', 'vitest@4']],
    ['/repo/environment.yml', 'conda', ['numpy=1.26', 'rich']],
  ])('reads %s', (file, manager, specs) => {
    const request = parseDependencyFile(file, context)!;
    expect(request).toMatchObject({ manager, installs: true, unresolved: [] });
    expect(request.targets.map((t) => t.spec)).toEqual(specs);
  });

  it('reports a missing file as unresolved, and ignores other files', () => {
    expect(parseDependencyFile('/repo/requirements.txt', context)!.unresolved[0]!.why).toMatch(/not found/);
    expect(parseDependencyFile('/repo/pyproject-missing/pyproject.toml', context)!.unresolved[0]!.why).toMatch(/not found/);
    expect(parseDependencyFile('/repo/README.md', context)).toBeUndefined();
  });
});

describe('parseInstallCommand', () => {
  it.each([
    [['pip', 'install', 'requests'], 'pip'],
    [['/usr/bin/python3.11', '-m', 'pip', 'install', 'x'], 'pip'],
    [['uvx', 'ruff'], 'uv'],
    [['pnpx', 'create-vite'], 'pnpm'],
    [['yarn', 'add', 'lodash'], 'yarn'],
    [['micromamba', 'install', 'numpy'], 'micromamba'],
  ])('reads %j with the parser that owns it', (argv, manager) => {
    expect(parseInstallCommand(argv, context)?.manager).toBe(manager);
  });

  it('gives undefined for programs no parser owns and for interpreters running scripts', () => {
    expect(parseInstallCommand(['ls', '-la'], context)).toBeUndefined();
    expect(parseInstallCommand(['python3', 'script.py'], context)).toBeUndefined();
  });
});
