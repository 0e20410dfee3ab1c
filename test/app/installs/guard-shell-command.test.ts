/** Tests for guardShellCommand: real shell parsing, real parsers and name lists, the policy's fail modes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardShellCommand } from '../../../src/app/installs/guard-shell-command.js';
import { mergePolicyLayers, type PolicyLayer } from '../../../src/engines/policy/index.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

beforeAll(async () => {
  home = await makeGuardHome();
  cwd = home.project('repo');
  home.write('repo/requirements.txt', 'flask\nreqeusts==2.0\n');
  home.write('repo/ok.txt', 'flask\nrequests\n');
});
afterAll(() => home.cleanup());

const guard = (command: string, layer?: Omit<PolicyLayer, 'version'>, env: Record<string, string> = {}) =>
  guardShellCommand(command, {
    cwd,
    env: { ...home.env, ...env },
    ...(layer ? { policy: mergePolicyLayers([{ version: 1, ...layer }]) } : {}),
  });

describe('guardShellCommand', () => {
  it('blocks a misspelled package inside a compound command, with the suggestion', async () => {
    const verdict = await guard('cd . && pip install reqeusts && echo ok');
    expect(verdict.verdict).toBe('block');
    expect(verdict.commands.map((c) => c.argv)).toEqual([['pip', 'install', 'reqeusts']]);
    expect(verdict.reasons[0]).toMatch(/"reqeusts": PyPI package "reqeusts" does not exist .* Did you mean "requests"/);
    expect(verdict.suggestions[0]).toMatchObject({ ecosystem: 'pypi', package: 'reqeusts' });
    expect(verdict.suggestions[0]!.names[0]).toBe('requests');
    expect(verdict.report).toContain('$ pip install reqeusts');
  });

  it('allows real packages and commands that run no package manager', async () => {
    expect(await guard('python3 -m pip install requests flask')).toMatchObject({ verdict: 'allow', reasons: [], report: '' });
    expect(await guard('echo "pip install reqeusts" && git commit -m "pip install reqeusts"')).toMatchObject({
      verdict: 'allow',
      commands: [],
    });
    expect(await guard('pip list && npm test')).toMatchObject({ verdict: 'allow' });
  });

  it('reads the word after an unknown pip option as the package it may be: no doubt when it exists, never a missing name', async () => {
    // A flag then `plumbum`, or the option's value: either way only existing packages are installed.
    expect((await guard('sudo pip3 install -y plumbum')).verdict).toBe('allow');
    expect((await guard('pip install --not-a-pip-option requests flask')).verdict).toBe('allow');
    // A word that is no package keeps the doubt; it is not reported as a package that does not exist.
    const doubt = await guard('pip install --not-a-pip-option reqeusts flask');
    expect(doubt.verdict).toBe('block');
    expect(doubt.reasons[0]).toMatch(/unknown option --not-a-pip-option/);
    expect(doubt.reasons.join('\n')).not.toMatch(/does not exist/);
    // A path or URL after it is no package either.
    expect((await guard('pip install -y ./local-dir')).verdict).toBe('block');
    // Read as a package, it answers to the policy like any other.
    expect((await guard('pip install -y plumbum', { packages: { deny: [{ ecosystem: 'pypi', name: 'plumbum' }] } })).verdict).toBe('block');
  });

  it('lets a conda name off the conda-forge list through on a channel the policy trusts, telling the agent; policy can block it', async () => {
    const trusted = await guard('conda install -c bioconda -y samtools zzq-ghost-bio');
    expect(trusted.verdict).toBe('allow');
    expect(trusted.reasons).toEqual([]);
    expect(trusted.notes?.join('\n')).toMatch(/"zzq-ghost-bio" does not exist on conda-forge .*bioconda .*may exist there/);
    // Unknown channels (no condarc in sight) keep the doubt; a complete list keeps the block; policy may treat the list as complete.
    expect((await guard('conda install -y zzq-ghost-bio')).verdict).toBe('warn');
    expect((await guard('conda install -c conda-forge zzq-ghost-bio')).verdict).toBe('block');
    expect((await guard('conda install -c bioconda zzq-ghost-bio', { registries: { uncovered_names: 'block' } })).verdict).toBe('block');
  });

  it('lets an unlisted conda channel through with a note when every name is on the conda-forge list; strict policy refuses it', async () => {
    for (const command of [
      'conda install -c rdkit -y rdkit numpy',
      'conda install -y rdkit::rdkit',
      'mamba install --channel rdkit rdkit',
    ]) {
      const verdict = await guard(command);
      expect(verdict.verdict, command).toBe('allow');
      expect(verdict.reasons).toEqual([]);
      expect(verdict.notes?.join('\n')).toMatch(/conda channel rdkit is not listed under registries\.conda/);
    }
    // A name on no list keeps the doubt about the channel (and the name).
    const unknown = await guard('conda install -c rdkit -y rdkit zzq-ghost-chem');
    expect(unknown.verdict).not.toBe('allow');
    expect(unknown.reasons.join('\n')).toMatch(/rdkit is not an allowed conda index/);
    // unlisted: block and a strict policy refuse the channel whatever its packages.
    const strict = await guard('conda install -c rdkit -y rdkit', { registries: { unlisted: 'block' } });
    expect(strict.verdict).toBe('block');
    expect(strict.reasons[0]).toMatch(/rdkit is not an allowed conda index/);
    expect(strict.notes).toBeUndefined();
  });

  it('follows nested shells and wrappers', async () => {
    const verdict = await guard(`sudo -E bash -c 'pip install --quiet reqeusts'`);
    expect(verdict.verdict).toBe('block');
  });

  it('reads -r files against the cwd it is given', async () => {
    const verdict = await guard('pip install -r requirements.txt');
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons[0]).toMatch(/"reqeusts==2.0"/);
    expect(verdict.commands[0]!.verdict.report).toContain('requirements.txt:2');
    expect((await guard('pip install -r ok.txt')).verdict).toBe('allow');
    // pip stops on a missing file before installing anything, unless the command may write it first.
    expect((await guard('pip install -r missing.txt')).verdict).toBe('allow');
    // Written with literal text by the same command: read as bash would write it.
    expect((await guard('echo reqeusts > missing.txt && pip install -r missing.txt')).reasons[0]).toMatch(/"reqeusts"/);
    expect((await guard('echo "$X" > missing.txt && pip install -r missing.txt')).reasons[0]).toMatch(
      /missing.txt statically: requirements file not found/,
    );
  });

  it('denies what cannot be verified in strict mode and warns in permissive mode', async () => {
    const strict = await guard('pip install $(cat list)');
    expect(strict.verdict).toBe('block');
    expect(strict.reasons).toEqual([
      'cannot verify `pip install $(cat list)` statically: pip: $(cat list) is known only at run time (a command substitution)',
    ]);
    expect((await guard('pip install $(cat list)', { on_unverifiable: 'warn' })).verdict).toBe('warn');
    expect((await guard('xargs pip install < list', { on_unverifiable: 'allow' })).verdict).toBe('allow');
  });

  it('takes the strictest verdict of all commands and parts', async () => {
    const verdict = await guard('pip install requests; pip install -i https://mirror.example/simple flask; eval "$X"');
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons[0]).toMatch(/eval/);
    expect(verdict.reasons.some((r) => r.includes('https://mirror.example/simple is not an allowed pypi index'))).toBe(true);
  });

  it('uses VAR=x prefixes when reading files', async () => {
    home.write('repo/env-reqs.txt', 'flask\n--extra-index-url ${MIRROR}\n');
    const verdict = await guard('MIRROR=https://pypi.org/simple pip install -r env-reqs.txt');
    expect(verdict.verdict).toBe('allow');
  });
});

describe('the environment the command runs with (wrapper, shims)', () => {
  it('judges its index variables like --index-url only when told the command runs with it', async () => {
    const env = { ...home.env, PIP_INDEX_URL: 'http://evil-idx.invalid/simple', npm_config_registry: 'http://evil-idx.invalid/' };
    const wrapped = await guardShellCommand('pip install requests', { cwd, env, runsWithEnv: true });
    expect(wrapped.verdict).not.toBe('allow');
    expect(wrapped.reasons.join('\n')).toContain('evil-idx.invalid');
    expect((await guardShellCommand('uv pip install requests', { cwd, env, runsWithEnv: true })).verdict).not.toBe('allow');
    // A hook's own environment is not the agent shell's: left to the user's set-up.
    expect((await guardShellCommand('pip install requests', { cwd, env })).verdict).toBe('allow');
  });
});

describe('variables set as a prefix of a program that runs the install in turn', () => {
  it.each([
    `PIP_INDEX_URL=https://evil.invalid/simple bash -c 'pip install requests'`,
    `PIP_INDEX_URL=https://evil.invalid/simple python3 -c 'import os; os.system("pip install requests")'`,
    `env PIP_INDEX_URL=https://evil.invalid/simple setsid sh -c 'pip install requests'`,
  ])('%s is judged with the index the install inherits', async (command) => {
    const verdict = await guardShellCommand(command, { cwd, env: home.env });
    expect(verdict.verdict).not.toBe('allow');
    expect(verdict.reasons.join('\n')).toContain('evil.invalid');
  });

  it('does not carry a prefix past the program it was given to', async () => {
    const verdict = await guardShellCommand(`PIP_INDEX_URL=https://evil.invalid/simple true; pip install requests`, { cwd, env: home.env });
    expect(verdict.verdict).toBe('allow');
  });
});

describe('a project named by a directory option', () => {
  it.each(['poetry --directory sub install', 'poetry -C sub install', 'uv sync --directory sub', 'uv --directory=sub sync'])(
    '%s reads sub/pyproject.toml',
    async (command) => {
      home.write(
        'repo/sub/pyproject.toml',
        '[project]\nname = "s"\nversion = "0.1"\ndependencies = ["zzq-ghost-sub-dir"]\n\n[tool.poetry.dependencies]\nzzq-ghost-sub-dir = "*"\n',
      );
      const verdict = await guardShellCommand(command, { cwd, env: home.env });
      expect(verdict.verdict).toBe('block');
      expect(verdict.reasons.join('\n')).toContain('zzq-ghost-sub-dir');
    },
  );
});

describe('a folder installed as an npm package', () => {
  // Its own home with an imported npm list: the shipped npm snapshot takes minutes to load on a busy machine.
  let npmHome: GuardHome;
  let repo: string;
  beforeAll(async () => {
    npmHome = await makeGuardHome({ lists: { npm: ['lodash', 'express'] } });
    repo = npmHome.project('repo');
    npmHome.write('repo/pkg/package.json', '{"name":"pkg","version":"1.0.0","dependencies":{"zzq-ghost-folder":"1.0.0"}}\n');
    npmHome.write('repo/okpkg/package.json', '{"name":"okpkg","version":"1.0.0","dependencies":{"lodash":"^4.17.0"}}\n');
  });
  afterAll(() => npmHome.cleanup());

  it.each(['npm install ./pkg', 'npm i file:pkg', 'pnpm add ./pkg', 'cd pkg/.. && npm install ./pkg/'])(
    '%s reads pkg/package.json',
    async (command) => {
      const verdict = await guardShellCommand(command, { cwd: repo, env: npmHome.env });
      expect(verdict.verdict).toBe('block');
      expect(verdict.reasons.join('\n')).toContain('zzq-ghost-folder');
    },
  );

  it('allows a folder whose dependencies exist', async () => {
    expect((await guardShellCommand('npm install ./okpkg', { cwd: repo, env: npmHome.env })).verdict).toBe('allow');
  });
});

describe('interpreter code that changes directory before it runs a package manager', () => {
  it.each([
    `python3 -c "import os; os.chdir('sub'); os.system('pip install -r ok.txt')"`,
    `python3 -c "import subprocess; subprocess.run(['pip', 'install', '-r', 'ok.txt'], cwd='sub')"`,
    `node -e "require('child_process').execSync('pip install -r ok.txt', { cwd: 'sub' })"`,
    `python3 -c "import os; os.system('cd sub && pip install -r ok.txt')"`,
    `perl -e 'chdir "sub"; system("pip install -r ok.txt")'`,
  ])('%s runs it in a directory known only at run time', async (command) => {
    const verdict = await guardShellCommand(command, { cwd, env: home.env });
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toMatch(/directory/);
  });

  it('still reads code that runs a package manager where it is', async () => {
    const command = `python3 -c "import subprocess, sys; subprocess.check_call([sys.executable, '-m', 'pip', 'install', 'requests'])"`;
    expect((await guardShellCommand(command, { cwd, env: home.env })).verdict).toBe('allow');
  });
});

describe('projects of pipenv, rye and pixi', () => {
  it.each<[string, Record<string, string>]>([
    ['pipenv install', { Pipfile: '[packages]\nrequests = "*"\nzzq-ghost-pipfile = "*"\n' }],
    ['pipenv install --dev', { Pipfile: '[packages]\nrequests = "*"\n\n[dev-packages]\nzzq-ghost-pipfile = ">=1"\n' }],
    ['pipenv sync', { 'Pipfile.lock': '{"default": {"zzq-ghost-pipfile": {"version": "==1.0"}}, "develop": {}}\n' }],
    ['cd sub && pipenv install', { 'sub/Pipfile': '[packages]\nzzq-ghost-pipfile = "*"\n' }],
    ['rye sync', { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\ndependencies = ["zzq-ghost-pipfile"]\n' }],
    ['rye sync', { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\n\n[tool.rye]\ndev-dependencies = ["zzq-ghost-pipfile"]\n' }],
    [
      'pixi install',
      {
        'pixi.toml':
          '[project]\nname = "a"\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n[pypi-dependencies]\nzzq-ghost-pipfile = "*"\n',
      },
    ],
    [
      'pixi run test',
      { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\n\n[tool.pixi.pypi-dependencies]\nzzq-ghost-pipfile = "*"\n' },
    ],
    ['pixi add --pypi zzq-ghost-pipfile', {}],
    ['rye add zzq-ghost-pipfile', {}],
  ])('%s vets what the project lists (%j)', async (command, files) => {
    const dir = home.project(`project-${Math.random().toString(36).slice(2)}`);
    for (const [path, text] of Object.entries(files)) home.write(`${dir.split('/').pop()}/${path}`, text);
    const verdict = await guardShellCommand(command, { cwd: dir, env: home.env });
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toContain('zzq-ghost-pipfile');
  });

  it('allows a Pipfile of real names', async () => {
    const dir = home.project('pipenv-ok');
    home.write('pipenv-ok/Pipfile', '[packages]\nrequests = "*"\nflask = ">=2"\n');
    expect((await guardShellCommand('pipenv install', { cwd: dir, env: home.env })).verdict).toBe('allow');
  });
});

describe('guardShellCommand: setup.cfg', () => {
  it.each([
    ["pip install -e '.[test]'", '[metadata]\nname = a\n\n[options.extras_require]\ntest =\n    zzq-ghost-extra\n'],
    ['pip install .', '[metadata]\nname = a\n\n[options]\nsetup_requires = zzq-ghost-extra\ninstall_requires =\n    requests\n'],
  ])('%s reads the extras and setup requirements of setup.cfg', async (command, text) => {
    const dir = home.project(`setupcfg-${Math.random().toString(36).slice(2)}`);
    home.write(`${dir.split('/').pop()}/setup.cfg`, text);
    const verdict = await guardShellCommand(command, { cwd: dir, env: home.env });
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toContain('zzq-ghost-extra');
  });
});

describe('guardShellCommand: conda recipe builds', () => {
  const RECIPE = 'package:\n  name: widget\nrequirements:\n  host:\n    - python\n    - pip\n  run:\n    - numpy\n    - {{ dep }}\n';
  it.each<[string, Record<string, string>, 'allow' | 'block']>([
    ['conda build -c conda-forge recipe', { 'recipe/meta.yaml': '{% set dep = "zzq-ghost-recipe" %}\n' + RECIPE }, 'block'],
    ['conda build -c conda-forge recipe', { 'recipe/meta.yaml': '{% set dep = "scipy" %}\n' + RECIPE }, 'allow'],
    ['conda build -c conda-forge recipe', { 'recipe/meta.yaml': RECIPE }, 'block'],
    ['cd pkg && rattler-build build -r recipe.yaml', { 'pkg/recipe.yaml': 'requirements:\n  run: [zzq-ghost-recipe]\n' }, 'block'],
    ['rattler-build build', { 'recipe.yaml': 'context:\n  d: numpy\nrequirements:\n  run: ["${{ d }}", python]\n' }, 'allow'],
    // No recipe there: the builder stops before it installs anything, unless the same command may write one first.
    ['conda build -c conda-forge recipe', {}, 'allow'],
    ['git clone https://example.invalid/r.git recipe && conda build recipe', {}, 'block'],
  ])('%s with %j: %s', async (command, files, expected) => {
    const dir = home.project(`recipe-${Math.random().toString(36).slice(2)}`);
    for (const [path, text] of Object.entries(files)) home.write(`${dir.split('/').pop()}/${path}`, text);
    const verdict = await guardShellCommand(command, { cwd: dir, env: home.env });
    expect(verdict.verdict, verdict.reasons.join('\n')).toBe(expected);
  });
});

describe('guardShellCommand: conda config in the same command', () => {
  it('reads a channel `conda config` added as `-c` would be read; harmless settings change nothing; others stay unverifiable', async () => {
    expect((await guard('conda config --add channels bioconda && conda install -y zzq-ghost-bio')).verdict).toBe('allow');
    expect(
      (await guard('conda config --add channels conda-forge && conda config --set channel_priority strict && conda install -y numpy'))
        .verdict,
    ).toBe('allow');
    // A name the list covers stays missing; an unlisted channel is named in a note beside names all on the list, as with `-c`,
    // and keeps the doubt beside a name on no list.
    expect((await guard('conda config --add channels conda-forge && mamba install -y zzq-ghost-bio')).verdict).toBe('block');
    for (const command of [
      'conda config --add channels evil-idx.invalid && conda install -y numpy',
      'conda install -c evil-idx.invalid -y numpy',
      '(conda config --add channels evil-idx.invalid) && conda install -y numpy',
    ]) {
      const verdict = await guard(command);
      expect(verdict.verdict, command).toBe('allow');
      expect(verdict.notes?.join('\n')).toMatch(/conda channel evil-idx\.invalid is not listed/);
    }
    expect((await guard('conda config --add channels evil-idx.invalid && conda install -y zzq-ghost-bio')).verdict).not.toBe('allow');
    expect((await guard('conda install -c evil-idx.invalid -y numpy', { registries: { unlisted: 'block' } })).verdict).toBe('block');
    expect((await guard('conda config --set channel_alias https://evil-idx.invalid && conda install -y numpy')).verdict).toBe('block');
  });
});
