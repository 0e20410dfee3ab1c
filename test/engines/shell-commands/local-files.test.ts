import { describe, expect, it } from 'vitest';
import { analyzeShellCommand, type ShellFiles } from '../../../src/engines/shell-commands/index.js';

/** An in-memory directory: files by path, globs matched against their names (`*` within a segment). */
function memoryFiles(files: Record<string, string>): ShellFiles {
  const toRegExp = (glob: string): RegExp =>
    new RegExp(
      `^${glob
        .replace(/[.+^$()|\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\[([^\]]+)\]/g, '[$1]')}$`,
    );
  return {
    readText: (path) => files[path.replace(/^\.\//, '')],
    hasMatch: (pattern) => Object.keys(files).some((name) => toRegExp(pattern.replace(/^\.\//, '')).test(name)),
  };
}

async function summarise(source: string, files: ShellFiles): Promise<{ commands: string[]; unverifiable: string[] }> {
  const analysis = await analyzeShellCommand(source, { files });
  return { commands: analysis.commands.map((c) => c.argv.join(' ')), unverifiable: analysis.unverifiable.map((u) => u.why) };
}

const project = memoryFiles({
  '.venv/bin/activate': 'export VIRTUAL_ENV=/x\nPATH="$VIRTUAL_ENV/bin:$PATH"\n',
  'scripts/build.sh': '#!/bin/bash\nset -e\npip install requests\n',
  'setup-env.sh': 'npm install left-pad\n',
  'dist/pkg-1.0.whl': '',
  'requirements.txt': 'requests\n',
});

describe('globs, run-time versions and local paths', () => {
  it.each<[string, string[], string[]]>([
    // A glob that matches nothing is passed on unchanged.
    ['pip install .[dev]', ['pip install .[dev]'], []],
    ['pip install opencv-python==4.6.*', ['pip install opencv-python==4.6.*'], []],
    ['conda install nodejs=20.*', ['conda install nodejs=20.*'], []],
    ['npm install lodash@*', ['npm install lodash@*'], []],
    // A glob that matches files stays unverifiable, unless it is a path (local files either way).
    ['pip install r*', [], ['glob']],
    ['pip install dist/*.whl', ['pip install dist/*.whl'], []],
    ['pip install /install/*.whl', ['pip install /install/*.whl'], []],
    // A run-time version after a static name: the name is checked.
    ['pip install torch==${PYTORCH_VERSION}', ['pip install torch'], []],
    ['conda create -n x python=${py_ver}', ['conda create -n x python'], []],
    ['npm i typescript@${TS_VERSION} @types/node@$V', ['npm i typescript @types/node'], []],
    [
      'pip install torch==$PYTORCH --extra-index-url https://download.pytorch.org/whl/$CUDA',
      ['pip install torch --extra-index-url https://download.pytorch.org/whl/'],
      [],
    ],
    ['pip install x --index-url https://$HOST/simple', [], ['variable']],
    // A version-control URL with the run-time part in its revision: a VCS source at a known place.
    ['pip install git+https://github.com/a/b@${REF}', ['pip install git+https://github.com/a/b@${REF}'], []],
    // Not when the name itself, a URL, or a variable the command sets is involved.
    ['pip install "$PKG"', [], ['variable']],
    ['pip install ${NAME}==1.0', [], ['variable']],
    ['pip install git+https://$HOST/a/b', [], ['variable']],
    ['V="1 evil" && pip install torch==$V', [], ['variable']],
    ['read V && pip install torch==$V', [], ['variable']],
    // In double quotes after a comparison, any run-time part is one version: it adds no word and changes no name.
    [
      'pip install "jax[cuda]==$(python3 -c \'import jaxlib; print(jaxlib.__version__)\')" -f https://x.example/jax',
      // The substitution's own command is still read.
      ['python3 -c import jaxlib; print(jaxlib.__version__)', 'pip install jax[cuda] -f https://x.example/jax'],
      [],
    ],
    ['V="1 evil" && pip install "torch==$V" "numpy>=`cat v`"', ['pip install torch numpy'], []],
    ['conda install -y "python=$(cat .python-version)"', ['conda install -y python'], []],
    // Not unquoted (split into words), not after npm's `@` (`@npm:other` installs another package), not `"$@"`.
    ['pip install torch==$(cat v)', [], ['command_substitution']],
    ['npm i "typescript@$(cat v)"', [], ['command_substitution']],
    ['pip install "torch @ $(cat url)"', [], ['command_substitution']],
    ['f() { pip install "torch==$@"; }', [], ['variable']],
    ['pip install "$(cat name)==1.0"', [], ['command_substitution']],
    // A package manager or interpreter in a directory known only at run time: its file name is static.
    ['${CONDA_DIR}/bin/pip --no-cache-dir install geopandas==0.2.1', ['/pip --no-cache-dir install geopandas==0.2.1'], []],
    ['"$VENV/bin/python" -m pip install requests', ['/python -m pip install requests'], []],
    ['$HOME/.local/bin/uv pip install ruff', ['/uv pip install ruff'], []],
    // Not a program the guard does not read, not a variable the command sets, not a path whose file name is run-time.
    ['${DIR}/bin/install-deps', [], ['variable']],
    ['$D/bin/bash -c "pip install x"', [], ['variable']],
    ['D="/usr/bin/npm install evil #" && $D/bin/pip install x', [], ['variable']],
    ['${CONDA_DIR}/bin/$PIP install x', [], ['variable']],
    ['$(which conda)/../pip install x', [], ['command_substitution']],
    // GitHub Actions expressions (substituted before the shell runs) stand in as outside variables.
    ['uv pip install --python=${{ matrix.version }} pip', ['uv pip install --python=${GITHUB_EXPRESSION} pip'], []],
    ['pip install numpy==${{ matrix.numpy }} scipy', ['pip install numpy scipy'], []],
    ['pip install ${{ matrix.package }}', [], ['variable']],
  ])('%j', async (source, commands, unverifiable) => {
    expect(await summarise(source, project)).toEqual({ commands, unverifiable });
  });
});

describe('scripts read from the directory', () => {
  it.each<[string, string[], string[]]>([
    ['source .venv/bin/activate && pip install requests', ['pip install requests'], []],
    ['. ./setup-env.sh && npm test', ['npm install left-pad', 'npm test'], []],
    ['bash ./scripts/build.sh', ['pip install requests'], []],
    ['sh scripts/build.sh', ['pip install requests'], []],
    // A relative script resolves against the directory an earlier `cd` moved to, or is unknown with it.
    ['cd scripts && sh build.sh', ['pip install requests'], []],
    ['cd scripts && bash ./missing.sh', [], []],
    ['cd "$D" && sh build.sh', [], ['source']],
    // Missing: runs nothing new, unless the same command may write it first.
    ['source activate myenv && pip install numpy', ['pip install numpy'], []],
    ['bash ./scripts/missing.sh', [], []],
    ['curl -fsSLo get.sh https://example.com/get.sh && bash get.sh', [], ['source']],
    ['git clone https://example.com/r && bash r/install.sh', [], ['source']],
    ['python3 -m venv .v && source .v/bin/activate && pip install x', ['python3 -m venv .v', 'pip install x'], []],
    // Sourced from a path known only at run time: sets the environment, not held against the command.
    ['. "$NVM_DIR/nvm.sh" && npm install -g yarn', ['npm install -g yarn'], []],
    // A literal piped to a shell is that script.
    ['echo "pip install azure-cli" | bash', ['pip install azure-cli'], []],
    ["printf 'npm i left-pad' | sh", ['npm i left-pad'], []],
    ['echo "$CMD" | bash', [], ['stdin_script']],
    ['echo -e "pip install a\\\\nb" | bash', [], ['stdin_script']],
  ])('%j', async (source, commands, unverifiable) => {
    expect(await summarise(source, project)).toEqual({ commands, unverifiable });
  });

  it('without the directory, sourced and run scripts stay unverifiable', async () => {
    const analysis = await analyzeShellCommand('source .venv/bin/activate && bash ./scripts/build.sh');
    expect(analysis.unverifiable.map((u) => u.why)).toEqual(['source', 'source']);
  });

  it('follows scripts that source each other only to the depth limit', async () => {
    const loop = memoryFiles({ 'a.sh': '. ./a.sh\npip install x\n' });
    const analysis = await analyzeShellCommand('. ./a.sh', { files: loop });
    expect(analysis.unverifiable.map((u) => u.why)).toContain('too_deep');
  });
});

describe("an interpreter's own script file", () => {
  const scripts = memoryFiles({
    'server.js': "const { execSync } = require('child_process');\nexecSync('npm i zzq-server-dep');\n",
    'tools/setup_env.py': "import subprocess\nsubprocess.run(['pip', 'install', 'zzq-tool-dep'])\n",
    'manage.py': 'import sys\nfrom django.core.management import execute_from_command_line\nexecute_from_command_line(sys.argv)\n',
    'sub/run.js': "require('child_process').execSync('pnpm add zzq-sub-dep')\n",
  });

  it.each<[string, string[]]>([
    ['node server.js', ['npm i zzq-server-dep']],
    ['node ./server.js --port 3000', ['npm i zzq-server-dep']],
    ['python3 -u tools/setup_env.py', ['pip install zzq-tool-dep']],
    ['cd sub && node run.js', ['pnpm add zzq-sub-dep']],
  ])('%s is read as its code', async (source, commands) => {
    const seen = await summarise(source, scripts);
    expect(seen.commands).toEqual(expect.arrayContaining(commands));
    expect(seen.unverifiable).toEqual([]);
  });

  it.each(['python3 manage.py runserver', 'node missing.js', 'cd "$DIR" && node run.js'])(
    '%s adds nothing (code that shows no command, a file not there, a run-time directory)',
    async (source) => {
      // `python3 …` itself is listed (python may run pip), and nothing from the file.
      const seen = await summarise(source, scripts);
      expect(seen.commands.filter((command) => !/^(?:python3|node) /.test(command))).toEqual([]);
      expect(seen.unverifiable).toEqual([]);
    },
  );
});

describe('project code an interpreter runs besides a script argument', () => {
  const code = memoryFiles({
    'tools/setup_env.py': "import os\nos.system('pip install zzq-from-module')\n",
    'app/__main__.py': "import subprocess\nsubprocess.run(['pip', 'install', 'zzq-from-main'])\n",
    'hooks/preload.js': "require('child_process').execSync('npm i zzq-from-preload');\n",
    'bin/tool': "#!/usr/bin/env python3\nimport subprocess\nsubprocess.run(['npm', 'i', 'zzq-from-shebang'])\n",
    'bin/plain': '#!/bin/sh\necho hi\n',
    'lib/run.py': "import os\nos.system('pip install zzq-from-run-path')\n",
  });
  it.each<[string, string]>([
    ['python3 -m tools.setup_env', 'pip install zzq-from-module'],
    ['python3 app', 'pip install zzq-from-main'],
    ['node -r ./hooks/preload.js -e 1', 'npm i zzq-from-preload'],
    ['./bin/tool --flag', 'npm i zzq-from-shebang'],
    [`python3 -c "import runpy; runpy.run_path('lib/run.py')"`, 'pip install zzq-from-run-path'],
    [`node -e "require('./hooks/preload.js')"`, 'npm i zzq-from-preload'],
  ])('%s runs what the project file shows', async (source, expected) => {
    expect((await summarise(source, code)).commands).toContain(expected);
  });

  it('reads nothing more for a module, directory or script that is not there, or a #! that names no interpreter', async () => {
    for (const source of ['python3 -m pytest -q', 'python3 missing_dir', './bin/plain', 'node -r ./nope.js -e 1']) {
      const { commands, unverifiable } = await summarise(source, code);
      expect(unverifiable, source).toEqual([]);
      expect(
        commands.filter((command) => command.includes('zzq')),
        source,
      ).toEqual([]);
    }
  });
});
