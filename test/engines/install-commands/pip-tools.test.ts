/** Tests for pip-tools' `pip-sync` (read as `pip install -r FILE…`) and pip's `file:` requirements-file URLs. */
import { describe, expect, it } from 'vitest';
import { parseInstallCommand, parseRequirementsFile } from '../../../src/engines/install-commands/index.js';
import { type FileReader } from '../../../src/engines/install-commands/types.js';

function memoryFiles(entries: Record<string, string>): FileReader {
  const files = new Map(Object.entries(entries));
  return { readText: (path) => files.get(path) };
}

const context = {
  cwd: '/repo',
  env: {},
  files: memoryFiles({
    '/repo/requirements.txt': 'requests\n',
    '/repo/reqs/dev.txt': 'zzq-ghost-dev\n-r ../reqs/more.txt\n',
    '/repo/reqs/more.txt': 'zzq-ghost-more\n',
  }),
};

const names = (argv: string[]) => parseInstallCommand(argv, context)?.targets.map((t) => t.name);

describe('pip-sync', () => {
  it.each([
    [
      ['pip-sync', 'reqs/dev.txt'],
      ['zzq-ghost-dev', 'zzq-ghost-more'],
    ],
    [['pip-sync'], ['requests']],
    [
      ['/usr/local/bin/pip-sync', 'requirements.txt', 'reqs/more.txt'],
      ['requests', 'zzq-ghost-more'],
    ],
    [['pip-sync', '--ask', '-i', 'https://pypi.org/simple', 'reqs/more.txt'], ['zzq-ghost-more']],
  ])('%j installs every requirement of its files', (argv, expected) => {
    expect(names(argv)).toEqual(expected);
    expect(parseInstallCommand(argv, context)?.installs).toBe(true);
  });

  it('carries its index options to pip, installs nothing on a dry run, and reports what it cannot read', () => {
    expect(parseInstallCommand(['pip-sync', '--extra-index-url', 'https://idx.example/simple'], context)?.indexes).toContain(
      'https://idx.example/simple',
    );
    expect(parseInstallCommand(['pip-sync', '-n', 'reqs/dev.txt'], context)?.installs).toBe(false);
    expect(parseInstallCommand(['pip-sync', '--pip-args', '--pre x', 'reqs/dev.txt'], context)?.unresolved.length).toBe(1);
    expect(parseInstallCommand(['pip-sync', '--frobnicate', 'x'], context)?.unresolved.length).toBeGreaterThan(0);
  });
});

describe('requirements files named by file: URLs', () => {
  it.each(['file:reqs/more.txt', 'file:///repo/reqs/more.txt', 'file://localhost/repo/reqs/more.txt'])('reads %s', (url) => {
    expect(parseRequirementsFile(url, context).targets.map((t) => t.name)).toEqual(['zzq-ghost-more']);
  });
});

describe('uv overrides', () => {
  it('reads an overrides file as requirements (uv forces them in), a build-constraints file for its indexes only', () => {
    expect(names(['uv', 'pip', 'install', '--overrides', 'reqs/more.txt', 'requests'])).toEqual(['zzq-ghost-more', 'requests']);
    expect(names(['uv', 'pip', 'install', '--build-constraints', 'reqs/more.txt', 'requests'])).toEqual(['requests']);
  });
});
