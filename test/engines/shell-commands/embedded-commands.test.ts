import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstallCommand } from '../../../src/engines/install-commands/index.js';
import { analyzeShellCommand } from '../../../src/engines/shell-commands/index.js';

const GHOST = 'zzq-ghost-pkg';
const files = { readText: () => undefined };

/** True when the analysis hands the ghost install to the install-command parsers (the second engine) or reports the command unverifiable. */
async function seen(source: string): Promise<boolean> {
  const analysis = await analyzeShellCommand(source);
  if (analysis.unverifiable.length > 0) return true;
  return analysis.commands.some((command) => {
    const request = parseInstallCommand(command.argv, { cwd: '/tmp', env: {}, files });
    return request?.targets.some((target) => target.name === GHOST) === true;
  });
}

const INSTALLS = [
  `pip install ${GHOST}`,
  `npm install ${GHOST}`,
  `pip3 install ${GHOST}`,
  `npm i ${GHOST}`,
  `pnpm add ${GHOST}`,
  `uv pip install ${GHOST}`,
];
// Programs the guard has no list entry for, with options of the usual shapes.
const RUNNER = fc
  .tuple(
    fc.constantFrom(
      'setsid',
      'ionice',
      'taskset',
      'strace',
      'flock',
      'chrt',
      'prlimit',
      'firejail',
      'xvfb-run',
      'my-runner',
      'ssh',
      'docker',
      'kubectl',
      'with-env',
    ),
    fc.array(fc.constantFrom('-c3', '-f', '--quiet', '-n', '0', 'host', 'exec', 'app', '--', '-o', '/dev/null'), { maxLength: 4 }),
  )
  .map(([program, options]) => [program, ...options].join(' '));

describe('hidden installs (property)', () => {
  it('never lets an install behind unlisted runners, quoted strings or interpreter code pass unread', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(RUNNER, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...INSTALLS),
        fc.constantFrom('bare', 'quoted', 'python', 'node', 'trap', 'assignment'),
        async (runners, install, form) => {
          const prefix = runners.join(' ');
          const source = {
            bare: `${prefix} ${install}`,
            quoted: `${prefix} '${install}'`,
            python: `${prefix} python3 -c "import os; os.system('${install}')"`,
            node: `${prefix} node -e "require('child_process').execSync('${install}')"`,
            trap: `trap '${install}' EXIT; ${prefix} true`,
            assignment: `PAGER='${install}' ${prefix}`,
          }[form];
          expect(await seen(source), source).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('interpreter code forms (property)', () => {
  // The forms of the seventh tune round: argv lists, f-strings, pip's API, pty/exec*, child_process through a variable,
  // dynamic import, Function, a shell option, awk and sed, heredocs and pipes. Each either shows the install or is unverifiable.
  const FORMS: ReadonlyArray<(words: string[]) => string> = [
    (w) => `python3 -c "import subprocess, sys; subprocess.check_call([sys.executable, '-m', ${w.map((x) => `'${x}'`).join(', ')}])"`,
    (w) => `python3 -c "import subprocess as sp; p = '${w.at(-1)}'; sp.run(f'${w.slice(0, -1).join(' ')} {p}', shell=True)"`,
    (w) => `python3 -c "import pty; pty.spawn([${w.map((x) => `'${x}'`).join(', ')}])"`,
    (w) => `python3 -c 'import os; os.execlp("${w[0]}", ${w.map((x) => `"${x}"`).join(', ')})'`,
    (w) => `python3 <<'PY'\nimport subprocess\nsubprocess.run(${JSON.stringify(w)})\nPY`,
    (w) => `echo "import os; os.system('${w.join(' ')}')" | python3 -`,
    (w) => `node -e "require('child_process').spawnSync('${w.join(' ')}', { shell: true })"`,
    (w) => `node -e "const m = 'child_' + 'process'; require(m).execSync('${w.join(' ')}')"`,
    (w) => `node -e "import('child_process').then(({ execSync }) => execSync('${w.join(' ')}'))"`,
    (w) => `node -e "new Function('r', 'r(\\"child_process\\").execSync(\\"${w.join(' ')}\\")')(require)"`,
    (w) => `perl -e 'my @c = (${w.map((x) => `"${x}"`).join(', ')}); system(@c)'`,
    (w) => `echo ${w.at(-1)} | awk '{ system("${w.slice(0, -1).join(' ')} " $1) }'`,
    (w) => `awk 'BEGIN { c = "${w.join(' ')}"; while ((c | getline l) > 0) print l }'`,
    (w) => `echo '${w.join(' ')}' | sed e`,
  ];
  it('never lets an install written in any of these forms pass unread', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORMS), fc.constantFrom(...INSTALLS), async (form, install) => {
        const source = form(install.split(' '));
        expect(await seen(source), source).toBe(true);
      }),
      { numRuns: 120 },
    );
  });
});

describe('classes read', () => {
  it.each([
    `python3 -c "import subprocess; subprocess.run(['pip', 'install', '${GHOST}'])"`,
    `python3 -m pip.__main__ install ${GHOST}`,
    `python3 -c "import importlib; importlib.import_module('pip._internal.cli.main').main(['install', '${GHOST}'])"`,
    `python3 -c "import runpy, sys; sys.argv = ['pip', 'install', '${GHOST}']; runpy.run_module('pip', run_name='__main__')"`,
    // Code that builds the words it hands a package manager.
    `python3 -c "import subprocess; subprocess.run(['pip', 'install', 'zzq' + '-ghost'])"`,
    `python3 -c "import os; os.system('pip install {}'.format('x'))"`,
    `node -e "require('child_process').execSync('npm i lodash ' + 'tsohg'.split('').reverse().join(''))"`,
    `python3 -c "import subprocess; subprocess.run(['pip', 'install', 'tsohg-qzz'[::-1]])"`,
    `node /usr/lib/node_modules/npm/bin/npm-cli.js install ${GHOST}`,
    // A manager's own script found at run time.
    `python3 $(which pip) install ${GHOST}`,
    `python3 "$(command -v pip3)" install ${GHOST}`,
    `node "$PREFIX/lib/node_modules/npm/bin/npm-cli.js" i ${GHOST}`,
    `node "$NVM_BIN/npm" install ${GHOST}`,
    `npm isnta ${GHOST}`,
    `npm installTest ${GHOST}`,
    `npx -y npm@10 install ${GHOST}`,
    `yarn workspaces foreach -A add ${GHOST}`,
    `su -c"pip install ${GHOST}" root`,
    `a[$(pip install ${GHOST})]=1`,
    `X='$(pip install ${GHOST})'; echo \${X@P}`,
    `git -c alias.x='!pip install ${GHOST}' x`,
    `echo 'pip install ${GHOST}' | sed e`,
    `awk 'BEGIN{system("pip install ${GHOST}")}'`,
    // awk builds a command by juxtaposition from a field or a variable: known only at run time.
    `echo ${GHOST} | awk '{ system("pip install " $1) }'`,
    `awk -v p=${GHOST} 'BEGIN { cmd = "npm i " p; system(cmd) }'`,
    `uv tool uvx ${GHOST}`,
    `echo "import os; os.system('pip install ${GHOST}')" | python3`,
    `printf 'import os\\nos.system("pip install ${GHOST}")\\n' | python3 -`,
    `echo "require('child_process').execSync('npm i ${GHOST}')" | node`,
    `npm install-ci-test ${GHOST}`,
    `npm cit ${GHOST}`,
    `pipenv install ${GHOST}`,
    `pipenv --python 3.12 install -d --categories docs ${GHOST}`,
    // Interpreter options that take a value, `--eval=`, scripts on stdin or printed by a process substitution.
    `python3 -X dev -c "import os; os.system('pi' + 'p install ${GHOST}')"`,
    `python3 -W ignore -c "import os; os.system('pip install ${GHOST}')"`,
    `node --eval="require('child_process').execSync('np' + 'm i ${GHOST}')"`,
    `node -r fs -e "require('child_process').execSync('np' + 'm i ${GHOST}')"`,
    `python3 /dev/stdin <<'EOF'\nimport os\nos.system('pip install ${GHOST}')\nEOF`,
    `python3 <(echo 'import os; os.system("pip install ${GHOST}")')`,
    `python3 <(cat x.py) ${GHOST}`,
    // Code that hands its own arguments to the program it starts.
    `python3 -c "import subprocess, sys; subprocess.run(['pip', 'install', *sys.argv[1:]])" ${GHOST}`,
    `perl -e 'system("pip", "install", @ARGV)' ${GHOST}`,
    // Aliases, a sourced process substitution, makefiles and other programs fed code on stdin, git settings.
    `shopt -s expand_aliases\nalias pi='pip install'\npi ${GHOST}`,
    `alias n=npm\nn i ${GHOST}`,
    `source <(printf 'npm i %s\\n' ${GHOST})`,
    `. <(echo pip install ${GHOST})`,
    `make -f - <<'EOF'\nall:\n\tnpm i ${GHOST}\nEOF`,
    `printf 'all:\\n\\tpip install ${GHOST}\\n' | make -f -`,
    `tclsh <<'EOF'\nexec pip install ${GHOST}\nEOF`,
    `ssh host <<'EOF'\npip install ${GHOST}\nEOF`,
    `git config alias.inst '!pip install ${GHOST}' && git inst`,
    `git config --global core.pager 'pip install ${GHOST}'`,
  ])('%s', async (source) => {
    expect(await seen(source)).toBe(true);
  });

  it.each([
    'pdm sync',
    'pipenv run pip install x',
    'rye self update',
    'pixi global sync',
    'deno run npm:x',
    'volta install x',
    'easy_install x',
    'mise use npm:x',
    'hatch frob x',
    'deno frob x',
    'volta frob x',
    'mise frob x',
  ])('%s is unverifiable (not modelled)', async (source) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.unverifiable.map((u) => u.why)).toContain('unmodelled');
  });

  it.each([
    `python3 -c "import os; os.system('pip install zzq\\x2dghost')"`,
    `node -e "require('child_process').execSync('npm i \\u007a')"`,
    `perl -e 'system("pip install \\172zq")'`,
  ])('%s: an escape in a command string is built at run time (unverifiable)', async (source) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.unverifiable.map((u) => u.why)).toContain('eval');
  });

  it('reads a package name inside an argv list as a word of the command, not a command of its own', async () => {
    const analysis = await analyzeShellCommand(
      `python3 -c "import subprocess; subprocess.run(['pip', 'install', '-U', 'pip', 'setuptools'])"`,
    );
    expect(analysis.commands.map((c) => c.argv.join(' '))).not.toContain('pip setuptools');
    expect(analysis.commands.map((c) => c.argv.join(' '))).toContain('pip install -U pip setuptools');
  });

  it.each(['hatch version', 'deno fmt', 'volta list', 'fnm install 20', 'mise ls', 'hatch', 'deno --version'])(
    '%s installs nothing by a rule',
    async (source) => {
      expect((await analyzeShellCommand(source)).unverifiable).toEqual([]);
    },
  );

  it('property: a random sub-command of an unmodelled manager is unverifiable unless a rule names it', async () => {
    const { unmodelledInstall, unmodelledRuleNames } = await import('../../../src/engines/shell-commands/unmodelled-managers.js');
    const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
    fc.assert(
      fc.property(fc.constantFrom('hatch', 'deno', 'volta', 'mise', 'pdm', 'pipenv', 'rye', 'pixi', 'easy_install'), word, (name, sub) => {
        if (unmodelledInstall(name, [name, sub, 'zzq-x']) === undefined) expect(unmodelledRuleNames(name, sub)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    'ls -la',
    'git status',
    'python3 -c "print(1)"',
    'node -e "console.log(1)"',
    'pip install -U pip setuptools',
    'npm i -g npm',
    "awk '{print $1}' f",
    'sed -i s/a/b/ f',
  ])('%s adds nothing unverifiable', async (source) => {
    expect((await analyzeShellCommand(source)).unverifiable).toEqual([]);
  });

  it.each([
    ["perl -i -pe 's/requests/x/' requirements.txt; pip install -r requirements.txt", 'requirements.txt'],
    ["python3 -c \"import shutil; shutil.copy('seed.txt', 'requirements.txt')\" && pip install -r requirements.txt", 'requirements.txt'],
    ['awk 1 seed.txt > requirements.txt; pip install -r requirements.txt', 'requirements.txt'],
    ['sort seed.txt -o requirements.txt && pip install -r requirements.txt', 'requirements.txt'],
    ['sort -uorequirements.txt seed.txt; pip install -r requirements.txt', 'requirements.txt'],
    ['uniq seed.txt requirements.txt && pip install -r requirements.txt', 'requirements.txt'],
    ['xxd -r -p seed.hex requirements.txt && pip install -r requirements.txt', 'requirements.txt'],
    ['find zzq -fprint requirements.txt; pip install -r requirements.txt', 'requirements.txt'],
  ])('takes any program that names a file as possibly writing it: %s', async (source, path) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.commands.find((c) => c.argv[0] === 'pip')?.written).toContain(path);
  });

  it.each([
    'sort -u requirements.txt && pip install -r requirements.txt',
    'python3 -m pip install -r requirements.txt && pip install -r requirements.txt',
    'python manage.py migrate && pip install -r requirements.txt',
  ])('does not take a reader, a package manager or a script run as a writer: %s', async (source) => {
    const analysis = await analyzeShellCommand(source);
    expect(analysis.commands.at(-1)?.written ?? []).not.toContain('requirements.txt');
    expect(analysis.commands.at(-1)?.written ?? []).not.toContain('manage.py');
  });

  it('reports a script an interpreter runs after an earlier part of the command wrote it', async () => {
    const analysis = await analyzeShellCommand(`echo 'import os; os.system("npm i ${GHOST}")' > t.py; python3 t.py`);
    expect(analysis.unverifiable).toEqual([
      expect.objectContaining({ why: 'source', detail: expect.stringContaining('runs t.py, which an earlier part') }),
    ]);
    expect((await analyzeShellCommand('python3 t.py')).unverifiable).toEqual([]);
  });

  it('tracks cd, exports and files written earlier in the same command', async () => {
    const analysis = await analyzeShellCommand('cd sub && export PIP_INDEX_URL=http://x/simple; echo y >> r.txt && pip install -r r.txt');
    expect(analysis.commands).toEqual([
      expect.objectContaining({
        argv: ['pip', 'install', '-r', 'r.txt'],
        cwd: './sub',
        literalWrites: [{ path: './sub/r.txt', text: 'y\n', append: true }],
        env: { PIP_INDEX_URL: 'http://x/simple' },
      }),
    ]);
  });

  it('runs the command a wrapper moves with a directory option there, and only that command', async () => {
    const analysis = await analyzeShellCommand(
      'env -C sub npm install; sudo --chdir=/srv pip install -r r.txt; env --chdir "$D" npm ci; pip install -r r.txt',
    );
    expect(analysis.commands.map((command) => command.cwd)).toEqual(['./sub', '/srv', null, undefined]);
    const chroot = await analyzeShellCommand('cd sub && sudo -R /jail npm ci && npm ci');
    expect(chroot.commands.map((command) => command.cwd)).toEqual([null, './sub']);
  });

  it('leaves the directory unknown when CDPATH may redirect cd, and keeps a background cd to itself', async () => {
    const cdpath = await analyzeShellCommand('export CDPATH=other; cd sub && pip install -r r.txt; cd ./sub && npm ci');
    expect(cdpath.commands.map((command) => command.cwd)).toEqual([null, null]);
    const prefixed = await analyzeShellCommand('CDPATH=other cd sub && pip install -r r.txt');
    expect(prefixed.commands.map((command) => command.cwd)).toEqual([null]);
    const background = await analyzeShellCommand('cd other & cd sub; pip install -r r.txt');
    expect(background.commands.map((command) => command.cwd)).toEqual(['./sub']);
  });
});
