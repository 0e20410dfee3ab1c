/**
 * The fourth round of tune probes (see tune-additions.ts): the forms of each class the earlier rounds did not reach (interpreter options that take values, code naming its own arguments, scripts from /dev/stdin or a process substitution, aliases, more wrappers taking a command string, CDPATH and background cd, manifest line forms).
 * `SUB` and `SUB_PY` are the seeded project trees of the earlier rounds.
 */

type BashRow = [string, string, Record<string, string>?];
type ArgvRow = [string, string[], Record<string, string>?, Record<string, string>?];
type Files = Record<string, string>;

export function fourthRound(SUB: Files, SUB_PY: Files): { bash: readonly BashRow[]; argv: readonly ArgvRow[] } {
  const OTHER = {
    'sub/requirements.txt': 'requests\n',
    'other/sub/requirements.txt': '{P}\n',
  };
  const bash: BashRow[] = [
    ['interpreter', "python3 -X dev -c \"import os; os.system('pi' + 'p install {P}')\""],
    ['interpreter', "python3 -W ignore -c \"import os; c = 'np' + 'm i {P}'; os.system(c)\""],
    ['interpreter', "node --eval=\"require('child_process').execSync('np' + 'm i {P}')\""],
    ['interpreter', "node --print=\"require('child_process').execSync(['npm', 'i', '{P}'].join(' ')).length\""],
    ['interpreter', "python3 -c \"import subprocess, sys; subprocess.run(['pip', 'install', *sys.argv[1:]])\" {P}"],
    ['interpreter', "node -e \"require('child_process').execFileSync('npm', ['i', ...process.argv.slice(1)])\" {P}"],
    ['interpreter', 'perl -e \'system("pip", "install", @ARGV)\' {P}'],
    ['interpreter', "python3 /dev/stdin <<'EOF'\nimport os\nos.system('pip install {P}')\nEOF"],
    ['interpreter', "node /dev/stdin <<< \"require('child_process').execSync('npm i {P}')\""],
    ['interpreter', 'python3 <(echo \'import os; os.system("pip install {P}")\')'],
    ['interpreter', "python3 -u - <<'EOF'\nimport subprocess as sp\nsp.check_call(['pip', 'install', '{P}'])\nEOF"],
    ['interpreter', 'python3 -c "import os; os.system(bytes.fromhex(\'{HEX:pip install {P}}\').decode())"'],
    ['interpreter', "tclsh <<'EOF'\nexec pip install {P}\nEOF"],
    ['interpreter', "node -r fs -e \"require('child_process').execSync('np' + 'm i {P}')\""],
    ['interpreter', "python3 -c \"import os; os.system('pip install ' + '{P}')\" && echo ok"],
    ['runner-string', "shopt -s expand_aliases\nalias pi='pip install'\npi {P}"],
    ['runner-string', "shopt -s expand_aliases; alias n='npm'\nn i {P}"],
    ['runner-string', 'bash <(echo pip install {P})'],
    ['runner-string', "source <(printf 'npm i %s\\n' {P})"],
    ['runner-string', "watch -n 1 -g 'pip install {P}' >/dev/null"],
    ['runner-string', "script -q -c 'npm i {P}' /dev/null"],
    ['runner-string', "flock -c 'pip install {P}' /tmp/lock"],
    ['runner-string', "ssh -o BatchMode=yes host 'npm i {P}'"],
    ['runner-string', "docker exec -i ctr sh -c 'pip install {P}'"],
    ['runner-string', "kubectl exec pod -- bash -c 'npm i {P}'"],
    ['runner-string', "sh -c 'eval \"$0\"' 'pip install {P}'"],
    ['runner-string', 'sh -c \'exec "$@"\' sh pip install {P}'],
    ['runner-string', 'bash -c \'"$@"\' _ npm i {P}'],
    ['runner-string', "echo 'npm i {P}' > /tmp/x.sh; sh /tmp/x.sh"],
    ['runner-string', "printf 'all:\\n\\tpip install {P}\\n' | make -f -"],
    ['runner-string', "make -f - <<'EOF'\nall:\n\tnpm i {P}\nEOF"],
    ['runner-string', "taskset -c 0 sh -ec 'pip install {P}'"],
    ['runner-string', "ionice -c 3 bash -c 'npm i {P}'"],
    ['runner-string', "setsid --wait sh -c 'pip install {P}'"],
    ['runner-string', "bash -c 'pip install {P}' &\nwait"],
    ['runner-string', "xargs -0 -I CMD sh -c CMD <<< 'pip install {P}'"],
    ['runner-string', "env --split-string='npm i {P}'"],
    ['runner-string', "git config alias.inst '!pip install {P}' && git inst"],
    ['cwd', 'export CDPATH=other; cd sub && pip install -r requirements.txt', OTHER],
    ['cwd', 'CDPATH=other cd sub && pip install -r requirements.txt', OTHER],
    ['cwd', 'cd other & cd other/sub; pip install -r requirements.txt', { ...OTHER, 'requirements.txt': 'requests\n' }],
    ['cwd', 'cd sub; cd -; cd other/sub; pip install -r requirements.txt', OTHER],
    ['cwd', 'pushd other >/dev/null; pushd sub >/dev/null; pip install -r requirements.txt', OTHER],
    ['cwd', 'cd other/sub/ && pip install -r ./requirements.txt', OTHER],
    ['cwd', 'cd ./other/./sub && pip install -r requirements.txt', OTHER],
    ['cwd', 'cd other/sub/../sub; pip install -r requirements.txt', OTHER],
    ['cwd', 'npm install -C sub', SUB],
    ['cwd', 'npm ci --prefix sub', SUB],
    ['cwd', 'pnpm --dir=sub install', SUB],
    ['cwd', 'uv sync --project sub', SUB_PY],
    ['cwd', 'poetry install -P sub', SUB_PY],
    ['cwd', 'bash -c "cd sub && npm install"', SUB],
    ['cwd', 'cd sub; bash -c "pip install -r requirements.txt"', SUB],
    ['cwd', 'if cd sub; then npm install; fi', SUB],
    ['cwd', '{ cd sub && npm install; }', SUB],
    ['cwd', 'cd sub\nnpm install', SUB],
    ['manifests', 'pip install -r requirements.txt', { 'requirements.txt': '\ufeff{P}\n' }],
    ['manifests', 'pip install -r requirements.txt', { 'requirements.txt': 'requests\r\n{P}\r\n' }],
    ['manifests', 'pip install -r requirements.txt', { 'requirements.txt': '{P}[extra] >= 1.0  # pinned\n' }],
    [
      'manifests',
      'pip install -r requirements.txt',
      { 'requirements.txt': '-e ./sub\n', 'sub/pyproject.toml': '[project]\nname = "s"\nversion = "0.1"\ndependencies = ["{P}"]\n' },
    ],
    ['manifests', 'pip install -r requirements.txt', { 'requirements.txt': '\t{P}\n' }],
    ['manifests', 'pip install -r requirements.txt', { 'requirements.txt': '--requirement base.txt\n', 'base.txt': '{P}==1.0\n' }],
    [
      'manifests',
      'pip install .',
      {
        'pyproject.toml':
          '[project]\nname = "a"\nversion = "0.1"\ndynamic = ["dependencies"]\n\n[tool.setuptools.dynamic]\ndependencies = {file = ["requirements.in"]}\n',
        'requirements.in': '{P}\n',
      },
    ],
    [
      'manifests',
      'pip install .',
      { 'setup.py': 'from setuptools import setup\nsetup(name="a", version="0.1", install_requires=["{P}"])\n' },
    ],
    ['manifests', 'pip install ./sub', { 'sub/setup.cfg': '[metadata]\nname = s\n\n[options]\ninstall_requires = {P}\n' }],
    [
      'manifests',
      'uv sync --all-extras',
      { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\n\n[project.optional-dependencies]\nx = ["{P}>=1"]\n' },
    ],
    [
      'manifests',
      'uv sync --group lint',
      {
        'pyproject.toml':
          '[project]\nname = "a"\nversion = "0.1"\n\n[dependency-groups]\nlint = [{include-group = "base"}]\nbase = ["{P}"]\n',
      },
    ],
    ['manifests', 'uv sync', { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\n\n[tool.uv]\ndev-dependencies = ["{P}"]\n' }],
    [
      'manifests',
      'poetry install',
      { 'pyproject.toml': '[tool.poetry]\nname = "a"\nversion = "0.1"\n\n[tool.poetry.group.dev.dependencies]\n{P} = "*"\n' },
    ],
    ['manifests', 'npm install', { 'package.json': '{"name":"a","version":"1.0.0","peerDependencies":{"{P}":"1.0.0"}}\n' }],
    [
      'manifests',
      'npm install',
      {
        'package.json': '{"name":"a","version":"1.0.0","workspaces":["sub"]}\n',
        'sub/package.json': '{"name":"s","version":"1.0.0","dependencies":{"{P}":"1.0.0"}}\n',
      },
    ],
    ['manifests', 'npm install', { 'package.json': '{"name":"a","version":"1.0.0","dependencies":{"lodash":"npm:{P}@1.0.0"}}\n' }],
    ['manifests', 'pnpm install', { 'package.json': '{"name":"a","version":"1.0.0","pnpm":{"overrides":{"lodash":"npm:{P}@1"}}}\n' }],
    ['unmodelled', 'rye add --dev {P}'],
    ['unmodelled', 'rye sync', { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\ndependencies = ["{P}"]\n' }],
    ['unmodelled', 'rye install {P}'],
    ['unmodelled', 'pixi add --pypi {P}'],
    ['unmodelled', 'pixi global install {P}'],
    [
      'unmodelled',
      'pixi install',
      {
        'pyproject.toml':
          '[project]\nname = "a"\nversion = "0.1"\n\n[tool.pixi.project]\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n[tool.pixi.dependencies]\n{P} = "*"\n',
      },
    ],
    ['unmodelled', 'pipenv install --dev', { Pipfile: '[packages]\nrequests = "*"\n\n[dev-packages]\n{P} = "*"\n' }],
    ['unmodelled', 'pipenv sync', { Pipfile: '[packages]\n{P} = "*"\n' }],
    [
      'unmodelled',
      'hatch env create',
      { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\n\n[tool.hatch.envs.default]\ndependencies = ["{P}"]\n' },
    ],
    ['unmodelled', 'pdm install', { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\ndependencies = ["{P}"]\n' }],
    ['unmodelled', 'pnpm --filter web add {P}'],
    ['unmodelled', 'yarn global add {P}'],
    ['unmodelled', 'npm i -g {P}@latest'],
    ['unmodelled', 'npm x -- {P}'],
    ['unmodelled', 'pipx install --include-deps {P}'],
    ['unmodelled', 'uv tool run --from {P} x'],
    ['unmodelled', 'uv add --dev {P}'],
    ['unmodelled', 'poetry add --group dev {P}'],
    ['unmodelled', 'conda install -c conda-forge -y {P}'],
    ['unmodelled', 'bun add -d {P}'],
    ['unmodelled', 'fnm exec --using=20 npm i {P}'],
    ['unmodelled', 'volta run --node 20 npm i {P}'],
  ];
  const argv: ArgvRow[] = [
    ['manifests-argv', ['pip', 'install', '-r', 'requirements.txt'], undefined, { 'requirements.txt': '\ufeff{P}\n' }],
    ['manifests-argv', ['pip', 'install', '-r', 'requirements.txt'], undefined, { 'requirements.txt': 'requests\r\n{P}\r\n' }],
    [
      'manifests-argv',
      ['pip', 'install', '.'],
      undefined,
      {
        'pyproject.toml':
          '[project]\nname = "a"\nversion = "0.1"\ndynamic = ["dependencies"]\n\n[tool.setuptools.dynamic]\ndependencies = {file = ["requirements.in"]}\n',
        'requirements.in': '{P}\n',
      },
    ],
    [
      'manifests-argv',
      ['pip', 'install', '.'],
      undefined,
      { 'setup.py': 'from setuptools import setup\nsetup(name="a", version="0.1", install_requires=["{P}"])\n' },
    ],
    [
      'manifests-argv',
      ['npm', 'install'],
      undefined,
      { 'package.json': '{"name":"a","version":"1.0.0","peerDependencies":{"{P}":"1.0.0"}}\n' },
    ],
    [
      'manifests-argv',
      ['npm', 'install'],
      undefined,
      { 'package.json': '{"name":"a","version":"1.0.0","dependencies":{"lodash":"npm:{P}@1.0.0"}}\n' },
    ],
    [
      'manifests-argv',
      ['uv', 'sync'],
      undefined,
      { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\n\n[tool.uv]\ndev-dependencies = ["{P}"]\n' },
    ],
    ['manifests-argv', ['pipenv', 'install'], undefined, { Pipfile: '[packages]\n{P} = "*"\n' }],
    [
      'manifests-argv',
      ['pixi', 'install'],
      undefined,
      { 'pixi.toml': '[project]\nname = "a"\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n[dependencies]\n{P} = "*"\n' },
    ],
    [
      'manifests-argv',
      ['rye', 'sync'],
      undefined,
      { 'pyproject.toml': '[project]\nname = "a"\nversion = "0.1"\ndependencies = ["{P}"]\n' },
    ],
    ['unmodelled-argv', ['rye', 'add', '{P}']],
    ['unmodelled-argv', ['pixi', 'add', '{P}']],
    ['unmodelled-argv', ['pixi', 'global', 'install', '{P}']],
  ];
  return { bash, argv };
}
