/** Tests for what task runners and build front ends run from project files (make, just, tox, nox, invoke, python -m build, setup.py), through guardShellCommand. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardShellCommand } from '../../../src/app/installs/guard-shell-command.js';
import { projectTasksRun } from '../../../src/app/installs/project-tasks.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let cwd: string;

const MAKEFILE = [
  'PIP ?= pip',
  'PKG := zzq-make-dep-7',
  'all: deps',
  '',
  'deps: tools',
  '\t@$(PIP) install $(PKG)',
  '',
  'tools:',
  '\t-npm install -g zzq-make-tool-8 \\',
  '\t  --silent',
  '',
  'clean:',
  '\trm -rf build $$HOME/cache',
  '',
  'cc: main.c',
  '\t$(CC) -o $@ $^',
  '',
].join('\n');

beforeAll(async () => {
  home = await makeGuardHome();
  cwd = home.project('repo');
  home.write('repo/Makefile', MAKEFILE);
  home.write('repo/pyproject.toml', '[build-system]\nrequires = ["setuptools", "zzq-build-dep-1"]\n');
  home.write(
    'repo/setup.py',
    'from setuptools import setup\nsetup(name="x", install_requires=["zzq-inst-dep-2"], setup_requires=["zzq-setup-dep-3"])\n',
  );
  home.write(
    'repo/tox.ini',
    '[tox]\nrequires = tox>=4\n[testenv]\ndeps =\n    pytest\n    zzq-tox-dep-4\ncommands = pip install {posargs} zzq-tox-cmd-5\n',
  );
  home.write(
    'repo/noxfile.py',
    'import nox\n@nox.session\ndef tests(session):\n    session.install("pytest", "zzq-nox-dep-6")\n    session.run("pytest")\n',
  );
  home.write('repo/justfile', 'default: setup\n\nsetup:\n    @pip install zzq-just-dep-8\n\nlint:\n    ruff check .\n');
  home.write('repo/tasks.py', 'from invoke import task\n@task\ndef setup(c):\n    c.run("pip install zzq-inv-dep-9")\n');
  home.write('repo/dyn/noxfile.py', 'import nox\nPKGS = ["a"]\n@nox.session\ndef tests(session):\n    session.install(*PKGS)\n');
  home.write('repo/clean/Makefile', 'test:\n\tpytest -q\n');
  home.write('repo/clean/justfile', 'test:\n    pytest\n');
  home.write('repo/clean/tox.ini', '[testenv]\ndeps = pytest\ncommands = pytest {posargs}\n');
  home.write('repo/patterns/Makefile', 'include $(CONFIG)\n%.o: %.c\n\tcc -c $<\n');
});
afterAll(() => home.cleanup());

const guard = (command: string) => guardShellCommand(command, { cwd, env: home.env });

describe('task runners and build front ends', () => {
  it.each([
    ['make', ['zzq-make-dep-7', 'zzq-make-tool-8']],
    ['make deps', ['zzq-make-dep-7']],
    ['make -C . tools', ['zzq-make-tool-8']],
    ['just', ['zzq-just-dep-8']],
    ['just setup', ['zzq-just-dep-8']],
    ['tox', ['zzq-tox-dep-4']],
    ['tox -e py312', ['zzq-tox-dep-4']],
    ['nox', ['zzq-nox-dep-6']],
    ['invoke setup', ['zzq-inv-dep-9']],
    ['inv setup', ['zzq-inv-dep-9']],
    ['python -m build', ['zzq-build-dep-1', 'zzq-setup-dep-3']],
    ['python3 setup.py install', ['zzq-inst-dep-2', 'zzq-setup-dep-3']],
    ['python setup.py develop', ['zzq-inst-dep-2']],
    ['python setup.py bdist_wheel', ['zzq-inst-dep-2']],
    ['pip wheel .', ['zzq-build-dep-1', 'zzq-inst-dep-2']],
  ])('%s vets what it installs', async (command, names) => {
    const verdict = await guard(command);
    expect(verdict.verdict).toBe('block');
    for (const name of names) expect(verdict.reasons.join('\n')).toContain(`"${name}"`);
  });

  it.each([
    'make clean',
    'make cc',
    'cd clean && make',
    'cd clean && just',
    'cd clean && tox',
    'just lint',
    'python setup.py --version',
    'make -C nowhere',
  ])('%s is allowed: it installs nothing unknown', async (command) => {
    expect((await guard(command)).verdict).toBe('allow');
  });

  it.each([
    ['cd dyn && nox', /known only at run time/],
    ['cd patterns && make x.o', /included file|pattern rule/],
    ['make "$TARGET"', /known only at run time/],
    ['cd "$D" && make', /directory an earlier `cd` chose at run time/],
  ])('%s is unverifiable', async (command, why) => {
    const verdict = await guard(command);
    expect(verdict.verdict).toBe('block');
    expect(verdict.reasons.join('\n')).toMatch(why);
  });

  it('expands make variables as make does, and keeps an undefined one a run-time word', () => {
    const files = {
      readText: (path: string) =>
        path === '/p/Makefile' ? 'A = pip\nB = $(A) install\nrun:\n\t$(B) $(NAME) $$X $(shell echo y)\n' : undefined,
    };
    expect(projectTasksRun(['make', 'run'], '/p', files).shell.map((s) => s.text)).toEqual(['pip install ${NAME} $X $(echo y)']);
    expect(projectTasksRun(['make', 'run', 'NAME=zzq'], '/p', files).shell.map((s) => s.text)).toEqual(['pip install zzq $X $(echo y)']);
  });
});
