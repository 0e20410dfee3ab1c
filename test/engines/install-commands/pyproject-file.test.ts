/** Tests for reading the dependencies a pyproject.toml declares (PEP 621, PEP 735, Poetry). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePyprojectText } from '../../../src/engines/install-commands/pyproject-file.js';
import { type InstallTarget } from '../../../src/engines/install-commands/types.js';

function summarise(target: InstallTarget): string {
  return target.kind === 'registry'
    ? `registry ${target.spec}`
    : `${target.kind} ${target.location}${target.name ? ` (${target.name})` : ''}`;
}

const FILE = '/repo/pyproject.toml';

describe('parsePyprojectText', () => {
  it.each([
    [
      'PEP 621 dependencies',
      '[project]\nname = "app"\ndependencies = ["requests>=2.31", "flask[async]", "rich ; python_version > \'3.8\'"]\n',
      ['registry requests>=2.31', 'registry flask', 'registry rich'],
    ],
    [
      'optional dependencies',
      '[project.optional-dependencies]\ndev = ["pytest"]\ndocs = ["sphinx==7.2"]\n',
      ['registry pytest', 'registry sphinx==7.2'],
    ],
    [
      'dependency groups, include-group skipped',
      '[dependency-groups]\ntest = ["pytest", { include-group = "lint" }]\nlint = ["ruff"]\n',
      ['registry pytest', 'registry ruff'],
    ],
    [
      'direct references',
      '[project]\ndependencies = ["pkg @ https://example.com/pkg-1.0.whl"]\n',
      ['url https://example.com/pkg-1.0.whl (pkg)'],
    ],
    [
      'Poetry tables',
      '[tool.poetry.dependencies]\npython = "^3.10"\nrequests = "^2.31"\nflask = { version = "~3.0", extras = ["async"] }\nlocal = { path = "../local", develop = true }\nvcs = { git = "https://github.com/x/vcs.git" }\nany = "*"\n',
      [
        'registry requests>=2.31,<3.0',
        'registry flask>=3.0,<3.1',
        'editable ../local (local)',
        'vcs https://github.com/x/vcs.git (vcs)',
        'registry any',
      ],
    ],
    [
      'Poetry dev and group tables',
      '[tool.poetry.dev-dependencies]\nblack = "23.1"\n[tool.poetry.group.test.dependencies]\npytest = ">=7,<9"\n',
      ['registry black==23.1', 'registry pytest>=7,<9'],
    ],
    [
      'Poetry multiple-constraint list',
      '[tool.poetry.dependencies]\nnumpy = [{ version = "<2", python = "<3.9" }, { version = ">=2", python = ">=3.9" }]\n',
      ['registry numpy<2', 'registry numpy>=2'],
    ],
    [
      'uv, rye, pdm and hatch development dependencies',
      '[tool.uv]\ndev-dependencies = ["pytest"]\n[tool.rye]\ndev-dependencies = ["ruff"]\n[tool.pdm.dev-dependencies]\nlint = ["black"]\n[tool.hatch.envs.test]\ndependencies = ["coverage"]\nextra-dependencies = ["mypy"]\n',
      ['registry pytest', 'registry ruff', 'registry black', 'registry coverage', 'registry mypy'],
    ],
    ['only the build backend (installed to build the project)', '[build-system]\nrequires = ["hatchling"]\n', ['registry hatchling']],
  ])('%s', (_name, text, expected) => {
    const request = parsePyprojectText(text, FILE);
    expect(request.unresolved).toEqual([]);
    expect(request.targets.map(summarise)).toEqual(expected);
    expect(request).toMatchObject({ manager: 'pip', installs: true, files: [FILE] });
  });

  it('records where each dependency was declared', () => {
    const request = parsePyprojectText('[project]\ndependencies = ["a", "b"]\n[tool.poetry.dependencies]\nc = "1"\n', FILE);
    expect(request.targets.map((t) => t.origin)).toEqual([
      `${FILE} [project] dependencies[0]`,
      `${FILE} [project] dependencies[1]`,
      `${FILE} [tool.poetry.dependencies] c`,
    ]);
  });

  it('takes Poetry sources as indexes', () => {
    const request = parsePyprojectText('[[tool.poetry.source]]\nname = "corp"\nurl = "https://pypi.corp.example/simple"\n', FILE);
    expect(request.indexes).toEqual(['https://pypi.corp.example/simple']);
  });

  it.each([
    ['invalid TOML', 'dependencies = [', /not valid TOML/],
    ['a non-list dependencies', '[project]\ndependencies = "requests"\n', /expected a list/],
    ['a non-string entry', '[project]\ndependencies = [1]\n', /expected a requirement string/],
    ['a Poetry entry of the wrong type', '[tool.poetry.dependencies]\nx = 1\n', /expected a version string/],
  ])('reports %s as unresolved', (_name, text, why) => {
    const request = parsePyprojectText(text, FILE);
    expect(request.unresolved).toHaveLength(1);
    expect(request.unresolved[0]!.why).toMatch(why);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const request = parsePyprojectText(`[project]\ndependencies = [${text}]\n${text}`, FILE);
        expect(Array.isArray(request.targets)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
