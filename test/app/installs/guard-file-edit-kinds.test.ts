/**
 * Tests for guardFileEdit on files an installer reads whose name does not say so (a requirements
 * file named by `-r` elsewhere, a `*.txt` that reads as one, a conda environment under another
 * name), lock files, and configuration that moves the index, with the real PyPI list.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardFileEdit } from '../../../src/app/installs/guard-file-edit.js';
import { editedManifest, mayFeedInstaller } from '../../../src/app/installs/edited-file-kind.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { conda: ['numpy', 'scipy'] } });
  cwd = home.project('repo');
  home.write('repo/Dockerfile', 'FROM python:3.12\nRUN pip install -r ci/deps\n');
  home.write('repo/requirements.txt', 'requests\n-r more.reqs\n');
  home.write('repo/environment.yml', 'name: x\ndependencies:\n  - numpy\n');
});
afterAll(() => home.cleanup());

const edit = (path: string, after: string) => guardFileEdit({ path: join(cwd, path), after }, { cwd, env: home.env });

describe('editedManifest', () => {
  it.each([
    ['ci/deps', 'zzq-ghost-pkg\n', 'requirements'],
    ['more.reqs', 'zzq-ghost-pkg\n', 'requirements'],
    ['deps.txt', '-i https://pypi.org/simple\nflask \\\n  --hash=sha256:00\n', 'requirements'],
    ['requirements/dev', 'flask\n', 'requirements'],
    ['env.yml', 'name: x\nchannels: [conda-forge]\ndependencies:\n  - numpy\n', 'environment'],
  ])('reads %s as %s', (path, text, kind) => {
    expect(editedManifest(join(cwd, path), text, cwd)).toEqual({ kind });
  });

  it.each([
    ['notes.txt', 'Call Bob about the release.\n'],
    ['.gitignore', 'node_modules\ndist\n'],
    ['docker-compose.yml', 'services:\n  web:\n    image: x\ndependencies:\n  - a\n'],
    ['CMakeLists.txt', 'cmake_minimum_required(VERSION 3.10)\nproject(x)\n'],
  ])('does not read %s as a manifest', (path, text) => {
    expect(editedManifest(join(cwd, path), text, cwd)).toBeUndefined();
  });

  it('names lock files and data files as possible installer input, not source code', () => {
    expect(mayFeedInstaller('/p/package-lock.json')).toBe(true);
    expect(mayFeedInstaller('/p/ci/deps')).toBe(true);
    expect(mayFeedInstaller('/p/src/index.ts')).toBe(false);
  });
});

describe('guardFileEdit: files an installer reads', () => {
  it.each([
    ['ci/deps', 'requests\nzzq-ghost-deps\n'],
    ['more.reqs', 'zzq-ghost-more\n'],
    ['deps.txt', '-i https://pypi.org/simple\nzzq-ghost-txt\n'],
    ['conda.yaml', 'dependencies:\n  - pip:\n    - zzq-ghost-conda\n'],
    ['package-lock.json', JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/zzq-ghost-lock': { version: '1.0.0' } } })],
    ['poetry.lock', '[[package]]\nname = "zzq-ghost-poetry"\nversion = "1.0"\n'],
    ['Pipfile.lock', JSON.stringify({ _meta: {}, default: { 'zzq-ghost-pipfile': { version: '==1.0' } }, develop: {} })],
    ['pylock.toml', 'lock-version = "1.0"\n\n[[packages]]\nname = "zzq-ghost-pylock"\nversion = "1.0"\n'],
    ['pnpm-workspace.yaml', 'packages:\n  - .\ncatalog:\n  react: npm:zzq-ghost-catalog@1\n'],
    ['setup.py', "from setuptools import setup\nsetup(extras_require={'x': ['zzq-ghost-extra']})\n"],
    ['pyproject.toml', '[project]\nname = "a"\n\n[tool.pixi.pypi-dependencies]\nzzq-ghost-pixi = "*"\n'],
  ])('blocks a made-up name an edit of %s adds', async (path, text) => {
    expect((await edit(path, text))?.verdict).toBe('block');
  });

  it.each([
    ['.condarc', 'channels:\n  - https://evil-idx.invalid/conda\n'],
    ['pyproject.toml', '[project]\nname = "a"\n\n[[tool.uv.index]]\nname = "x"\nurl = "https://evil-idx.invalid/simple"\n'],
  ])('does not let an edit of %s move the index silently', async (path, text) => {
    expect((await edit(path, text))?.verdict).not.toBe('allow');
  });

  it('allows real names in such files and leaves other files alone', async () => {
    expect((await edit('ci/deps', 'requests\nflask\n'))?.verdict ?? 'allow').toBe('allow');
    expect((await edit('environment.yml', 'name: x\ndependencies:\n  - numpy\n  - scipy\n'))?.verdict ?? 'allow').toBe('allow');
    expect(await edit('notes.txt', 'Call Bob about the release.\n')).toBeUndefined();
  });
});

describe('guardFileEdit: notebook cells', () => {
  const notebook = (source: string) => JSON.stringify({ cells: [{ cell_type: 'code', source }] });

  it.each([
    '!!pip install zzq-ghost-bang',
    '%%writefile requirements.txt\nrequests\nzzq-ghost-written\n',
    '%%writefile -a deps.txt\n-i https://pypi.org/simple\nflask\n',
    '%%writefile package.json\n{"dependencies": {"zzq-ghost-npm": "1.0.0"}}\n',
  ])('does not let a cell through that installs or writes what an installer reads: %j', async (source) => {
    expect((await edit('a.ipynb', notebook(source)))?.verdict ?? 'allow').not.toBe('allow');
  });

  it('allows a cell writing real requirements or a file no installer reads', async () => {
    expect((await edit('b.ipynb', notebook('%%writefile requirements.txt\nrequests\nflask\n')))?.verdict ?? 'allow').toBe('allow');
    expect((await edit('c.ipynb', notebook('%%writefile notes.md\nhello\n')))?.verdict ?? 'allow').toBe('allow');
  });
});
