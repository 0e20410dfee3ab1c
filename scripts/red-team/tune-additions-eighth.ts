/**
 * The eighth round of tune probes (see tune-additions.ts), found by the differential method rather
 * than by hand: files an installer reads whose edit the guard did not read (lock files of every
 * manager, requirements files named by `-r`/`-f` elsewhere or shaped as one under another name, conda
 * environments under any name, `.condarc` and pyproject index tables, setup.py extras, pixi's PyPI
 * tables in pyproject, pnpm catalogs), and manifests reaching an installer through argv forms the
 * parsers did not read (`pip-sync`, `file:` URLs for requirements files and project folders).
 * Same fill markers as tune-additions.ts: `{P}` the made-up name, `{E}` the untrusted index.
 */

type BashRow = [string, string, Record<string, string>?];
type ArgvRow = [string, string[], Record<string, string>?, Record<string, string>?];
/** [tool, tool_input, the command that then installs, files present before]. */
type EditRow = [string, Record<string, unknown>, string, Record<string, string>?];

const PY_PROJECT = '[project]\nname = "a"\nversion = "0.1"\n';
const DEV = { 'reqs/dev.txt': '{P}\n', 'requirements.txt': 'requests\n' };
const SUB_PY = { 'sub/pyproject.toml': '[project]\nname = "s"\nversion = "0.1"\ndependencies = ["{P}"]\n' };
const NPM_LOCK = JSON.stringify({
  name: 'a',
  version: '1.0.0',
  lockfileVersion: 3,
  packages: { '': { name: 'a', version: '1.0.0', dependencies: { '{P}': '1.0.0' } }, 'node_modules/{P}': { version: '1.0.0' } },
});

export const EDIT_EIGHTH: readonly EditRow[] = [
  ['Write', { file_path: 'deps.txt', content: '-i https://pypi.org/simple\n{P}\n' }, 'pip install -r deps.txt'],
  [
    'Write',
    { file_path: 'ci/deps', content: 'requests\n{P}\n' },
    'pip install -r ci/deps',
    { Dockerfile: 'FROM python:3.12\nRUN pip install -r ci/deps\n' },
  ],
  ['Write', { file_path: 'reqs.pip', content: '{P}==1.0\n' }, 'pip install -r reqs.pip'],
  ['Write', { file_path: 'requirements/dev', content: '{P}\n' }, 'pip install -r requirements/dev'],
  [
    'Write',
    { file_path: 'more.reqs', content: '{P}\n' },
    'pip install -r requirements.txt',
    { 'requirements.txt': 'requests\n-r more.reqs\n' },
  ],
  [
    'Edit',
    { file_path: 'extra.in', old_string: 'requests', new_string: 'requests\n{P}' },
    'pip install -r extra.in',
    { 'extra.in': 'requests\n' },
  ],
  [
    'Write',
    { file_path: 'env.yml', content: 'name: x\nchannels:\n  - conda-forge\ndependencies:\n  - python\n  - pip:\n    - {P}\n' },
    'conda env create -f env.yml',
  ],
  ['Write', { file_path: 'conda.yaml', content: 'dependencies:\n  - {P}\n' }, 'mamba env create -f conda.yaml'],
  ['Write', { file_path: 'package-lock.json', content: `${NPM_LOCK}\n` }, 'npm ci', { 'package.json': '{"name":"a","version":"1.0.0"}\n' }],
  [
    'Write',
    { file_path: 'npm-shrinkwrap.json', content: `${NPM_LOCK}\n` },
    'npm ci',
    { 'package.json': '{"name":"a","version":"1.0.0"}\n' },
  ],
  [
    'Write',
    { file_path: 'yarn.lock', content: '{P}@^1.0.0:\n  version "1.0.0"\n  resolved "https://registry.yarnpkg.com/{P}/-/{P}-1.0.0.tgz"\n' },
    'yarn install --frozen-lockfile',
  ],
  [
    'Write',
    {
      file_path: 'pnpm-lock.yaml',
      content:
        "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      {P}:\n        specifier: 1.0.0\n        version: 1.0.0\npackages:\n  {P}@1.0.0:\n    resolution: {integrity: sha512-x}\n",
    },
    'pnpm install --frozen-lockfile',
  ],
  [
    'Write',
    {
      file_path: 'uv.lock',
      content: 'version = 1\n\n[[package]]\nname = "{P}"\nversion = "1.0"\nsource = { registry = "https://pypi.org/simple" }\n',
    },
    'uv sync --frozen',
    { 'pyproject.toml': PY_PROJECT },
  ],
  [
    'Write',
    { file_path: 'poetry.lock', content: '[[package]]\nname = "{P}"\nversion = "1.0"\n' },
    'poetry install',
    { 'pyproject.toml': '[tool.poetry]\nname = "a"\nversion = "0.1"\n' },
  ],
  [
    'Write',
    { file_path: 'Pipfile.lock', content: '{"_meta": {}, "default": {"{P}": {"version": "==1.0"}}, "develop": {}}\n' },
    'pipenv sync',
  ],
  [
    'Write',
    { file_path: 'pylock.toml', content: 'lock-version = "1.0"\n\n[[packages]]\nname = "{P}"\nversion = "1.0"\n' },
    'uv pip sync pylock.toml',
  ],
  [
    'Write',
    {
      file_path: 'bun.lock',
      content:
        '{"lockfileVersion": 1, "workspaces": {"": {"dependencies": {"{P}": "1.0.0"}}}, "packages": {"{P}": ["{P}@1.0.0", "", {}, "sha512-x"]}}\n',
    },
    'bun install --frozen-lockfile',
  ],
  ['Write', { file_path: 'requirements.lock', content: '{P}==1.0\n' }, 'pip install -r requirements.lock'],
  [
    'Write',
    { file_path: 'pnpm-workspace.yaml', content: 'packages:\n  - .\ncatalog:\n  left-pad: npm:{P}@1.0.0\n' },
    'pnpm install',
    { 'package.json': '{"name":"a","version":"1.0.0","dependencies":{"left-pad":"catalog:"}}\n' },
  ],
  [
    'Write',
    { file_path: 'setup.py', content: "from setuptools import setup\n\nsetup(name='a', extras_require={'x': ['{P}']})\n" },
    "pip install '.[x]'",
  ],
  ['Write', { file_path: 'pyproject.toml', content: `${PY_PROJECT}\n[tool.pixi.pypi-dependencies]\n{P} = "*"\n` }, 'pixi install'],
  ['Write', { file_path: '.condarc', content: 'channels:\n  - {E}\n' }, 'conda install numpy'],
  ['Write', { file_path: 'pyproject.toml', content: `${PY_PROJECT}\n[[tool.uv.index]]\nname = "x"\nurl = "{E}"\n` }, 'uv sync'],
];

export const ARGV_EIGHTH: readonly ArgvRow[] = [
  ['manifests-argv', ['pip-sync', 'reqs/dev.txt'], undefined, DEV],
  ['manifests-argv', ['pip-sync'], undefined, { 'requirements.txt': '{P}\n' }],
  ['manifests-argv', ['pip-sync', '--ask', 'requirements.txt', 'reqs/dev.txt'], undefined, DEV],
  ['manifests-argv', ['pip', 'install', '-r', 'file:reqs/dev.txt'], undefined, DEV],
  ['manifests-argv', ['uv', 'pip', 'install', '--requirement=file:reqs/dev.txt'], undefined, DEV],
  ['manifests-argv', ['pip', 'install', 'file:./sub'], undefined, SUB_PY],
  ['manifests-argv', ['pip', 'install', '-e', 'file:sub'], undefined, SUB_PY],
];

export const BASH_EIGHTH: readonly BashRow[] = [
  ['manifests', 'pip-sync reqs/dev.txt', DEV],
  ['manifests', "printf '%s\\n' {P} > locked.txt && pip-sync locked.txt"],
  ['manifests', 'pip install -r file:reqs/dev.txt', DEV],
  ['manifests', 'pip install file:./sub', SUB_PY],
];
