/** Tests for guardFileEdit: only what an edit adds to a dependency manifest is vetted, with the real PyPI list. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardFileEdit } from '../../../src/app/installs/guard-file-edit.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { conda: ['numpy', 'scipy'] } });
  cwd = home.project('repo');
  // An existing unknown name: the edits below do not add it, so it is not vetted again.
  home.write('repo/requirements.txt', 'flask\nin-house-tool-xyz\n');
  home.write('repo/base.txt', 'requests\n');
});
afterAll(() => home.cleanup());

const edit = (path: string, after: string) => guardFileEdit({ path: join(cwd, path), after }, { cwd, env: home.env });

describe('guardFileEdit', () => {
  it('blocks a requirement the edit adds that does not exist, with suggestions', async () => {
    const verdict = await edit('requirements.txt', 'flask\nin-house-tool-xyz\nreqeusts\n');
    expect(verdict?.verdict).toBe('block');
    expect(verdict!.added.targets.map((t) => t.spec)).toEqual(['reqeusts']);
    expect(verdict!.suggestions[0]!.names[0]).toBe('requests');
    expect(verdict!.reasons[0]).toMatch(/requirements.txt|reqeusts/);
  });

  it('allows an edit that adds nothing new or only real packages', async () => {
    expect((await edit('requirements.txt', '# pinned\nflask\nin-house-tool-xyz\n'))?.verdict).toBe('allow');
    expect((await edit('requirements.txt', 'flask\nin-house-tool-xyz\nrequests==2.31\n'))?.verdict).toBe('allow');
  });

  it('vets what nested files bring in, read from disk', async () => {
    const verdict = await edit('requirements.txt', 'flask\nin-house-tool-xyz\n-r base.txt\n');
    expect(verdict?.added.targets.map((t) => t.spec)).toEqual(['requests']);
    expect(verdict?.verdict).toBe('allow');
    // A nested file that is not there stops any install from this file before it installs anything.
    expect((await edit('requirements.txt', 'flask\nin-house-tool-xyz\n-r nope.txt\n'))?.verdict).toBe('allow');
    expect((await edit('requirements.txt', 'flask\nin-house-tool-xyz\n-r nope.txt\nreqeusts-xyz-nope\n'))?.verdict).toBe('block');
  });

  it('vets a new file entirely', async () => {
    const verdict = await edit('tools/pyproject.toml', '[project]\ndependencies = ["flask", "numpyy"]\n');
    expect(verdict?.verdict).toBe('block');
    expect(verdict!.added.targets.map((t) => t.spec)).toEqual(['flask', 'numpyy']);
  });

  it('reads environment files (conda and their pip section)', async () => {
    const verdict = await edit('environment.yml', 'dependencies:\n  - numpy\n  - scipyy\n  - pip:\n    - rich\n');
    expect(verdict?.verdict).toBe('block');
    expect(verdict!.suggestions).toEqual([expect.objectContaining({ ecosystem: 'conda', package: 'scipyy', names: ['scipy'] })]);
  });

  it('denies a manifest it cannot read in strict mode', async () => {
    const verdict = await edit('pyproject.toml', '[project\ndependencies = ["x"]');
    expect(verdict?.verdict).toBe('block');
    expect(verdict!.reasons[0]).toMatch(/not valid TOML/);
  });

  it('does not vet again what was already unreadable, even when it moves', async () => {
    home.write('repo/requirements-vars.txt', 'flask\n-r ${UNSET_DIR}/more.txt\n');
    expect((await edit('requirements-vars.txt', 'requests\nflask\n-r ${UNSET_DIR}/more.txt\n'))?.verdict).toBe('allow');
    expect((await edit('requirements-vars.txt', 'flask\n-r ${UNSET_DIR}/more.txt\n-r ${OTHER}/x.txt\n'))?.verdict).toBe('block');
  });

  it('ignores files that are not dependency manifests', async () => {
    expect(await edit('README.md', 'pip install reqeusts')).toBeUndefined();
  });
});

describe('guardFileEdit on text that is not well-formed', () => {
  it.each([
    ['requirements.txt', 'flask\nin-house-tool-xyz\nrequests \ud800\n'],
    ['requirements.txt', 'flask\nin-house-tool-xyz\n\udfff'],
    ['package.json', '{"dependencies":{"lodash":"1.0.0\u0000"}}'],
    ['Dockerfile', 'FROM python:3.12\nRUN pip install \udc00 flask\n'],
  ])('%s with a lone surrogate or NUL is unverifiable, nothing in it read', async (path, after) => {
    const verdict = await edit(path, after);
    expect(verdict?.verdict).toBe('block');
    expect(verdict?.added.targets).toEqual([]);
    expect(verdict?.reasons.join('\n')).toMatch(/cannot be read reliably: it holds (a lone UTF-16 surrogate|a NUL)/);
  });

  it('reads a well-formed surrogate pair (an emoji) as usual', async () => {
    expect((await edit('requirements.txt', 'flask\nin-house-tool-xyz\n# 🚀 fast\nrequests\n'))?.verdict).toBe('allow');
  });
});

describe('guardFileEdit: package-manager configuration files', () => {
  it.each([
    ['.npmrc', 'registry=http://evil-idx.invalid/\n'],
    ['.npmrc', '@acme:registry = http://evil-idx.invalid/npm/\n'],
    ['pip.conf', '[global]\nindex-url = http://evil-idx.invalid/simple\n'],
    ['sub/.yarnrc.yml', 'npmRegistryServer: "http://evil-idx.invalid"\n'],
    ['uv.toml', '[[index]]\nurl = "http://evil-idx.invalid/simple"\n'],
  ])('an edit of %s that adds an untrusted index is judged as --index-url is', async (path, text) => {
    const verdict = await edit(path, text);
    expect(verdict?.verdict).not.toBe('allow');
    expect(verdict?.added.indexes.join(' ')).toContain('evil-idx.invalid');
  });

  it('passes an edit that adds no index, or only the public one', async () => {
    expect(await edit('.npmrc', 'save-exact=true\n')).toBeUndefined();
    expect((await edit('.npmrc', 'registry=https://registry.npmjs.org/\n'))?.verdict).toBe('allow');
  });
});
