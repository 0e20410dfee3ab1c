import { describe, expect, it } from 'vitest';
import { addEnvironmentIndexes, uvConfigIndexes, yarnConfigIndexes } from '../../../src/app/installs/index-environment.js';
import { type InstallRequest } from '../../../src/engines/install-commands/index.js';

function uvInstall(): InstallRequest {
  return { manager: 'uv', installs: true, targets: [], files: [], unresolved: [], indexes: [] } as unknown as InstallRequest;
}

describe('uv project configuration', () => {
  it('reads index URLs from every table of uv.toml and from the [tool.uv] tables of pyproject.toml only', () => {
    expect(
      uvConfigIndexes(
        'index-url = "http://a/simple"\nextra-index-url = ["http://b/simple", \'http://c\']\n[[index]]\nname = "x"\nurl = "http://d/simple"\n',
      ),
    ).toEqual(['http://a/simple', 'http://b/simple', 'http://c', 'http://d/simple']);
    const pyproject =
      '[project]\nname = "a"\nurls = { url = "http://home" }\n[project.urls]\nurl = "http://not-an-index"\n[[tool.uv.index]]\nurl = "http://e/simple"\n[tool.uv]\nfind-links = ["http://f"]\n';
    expect(uvConfigIndexes(pyproject, 'tool.uv')).toEqual(['http://e/simple', 'http://f']);
  });

  it('judges the indexes of uv.toml and pyproject.toml in the directory uv runs in', () => {
    const texts = new Map([
      ['uv.toml', 'index-url = "http://evil.invalid/simple"\n'],
      ['pyproject.toml', '[tool.uv]\nextra-index-url = ["http://other.invalid"]\n'],
    ]);
    const request = uvInstall();
    addEnvironmentIndexes(request, {}, { readText: (path: string) => texts.get(path) });
    expect(request.indexes).toEqual(['http://evil.invalid/simple', 'http://other.invalid']);
    const pip = { ...uvInstall(), manager: 'pip' } as InstallRequest;
    addEnvironmentIndexes(pip, {}, { readText: (path: string) => texts.get(path) });
    expect(pip.indexes).toEqual([]);
  });
});

describe('yarn project configuration', () => {
  it('reads npmRegistryServer from .yarnrc.yml, scoped ones too, and registry from .yarnrc', () => {
    const yml =
      'npmRegistryServer: "http://a.invalid"\nnpmScopes:\n  acme:\n    npmRegistryServer: http://b.invalid # private\nnodeLinker: node-modules\n';
    expect(yarnConfigIndexes(yml, 'registry "http://c.invalid"\n"@acme:registry" "http://d.invalid"\nlockfile false\n')).toEqual([
      'http://a.invalid',
      'http://b.invalid',
      'http://c.invalid',
      'http://d.invalid',
    ]);
  });

  it('judges them for yarn installs only', () => {
    const texts = new Map([['.yarnrc.yml', "npmRegistryServer: 'http://evil.invalid'\n"]]);
    const files = { readText: (path: string) => texts.get(path) } as never;
    const yarn = { ...uvInstall(), manager: 'yarn' } as InstallRequest;
    addEnvironmentIndexes(yarn, {}, files);
    expect(yarn.indexes).toEqual(['http://evil.invalid']);
    const npm = { ...uvInstall(), manager: 'npm' } as InstallRequest;
    addEnvironmentIndexes(npm, {}, files);
    expect(npm.indexes).toEqual([]);
  });
});
