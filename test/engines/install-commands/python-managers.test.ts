/** Tests for reading pip, python -m pip, uv, uvx, poetry and pipx command lines. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePythonCommand, poetryTarget, toPep440 } from '../../../src/engines/install-commands/python-managers.js';
import { type PipContext } from '../../../src/engines/install-commands/requirements-file.js';
import { type FileReader, type InstallTarget } from '../../../src/engines/install-commands/types.js';

/** An in-memory FileReader: the real interface over a Map of absolute path → text. */
function memoryFiles(entries: Record<string, string>): FileReader {
  const files = new Map(Object.entries(entries));
  return { readText: (path) => files.get(path) };
}

const context: PipContext = {
  cwd: '/repo',
  env: { INDEX: 'https://env.example/simple' },
  files: memoryFiles({
    '/repo/requirements.txt': 'requests==2.31\n-r dev/more.txt\n',
    '/repo/dev/more.txt': 'pytest\n',
    '/repo/tools.txt': 'black\n--extra-index-url ${INDEX}\n',
    '/repo/app/requirements.txt': 'app-dep\n',
  }),
};

function summarise(target: InstallTarget): string {
  const what = target.kind === 'registry' ? target.spec : target.location;
  const name = target.kind !== 'registry' && target.name !== undefined ? ` (${target.name})` : '';
  return `${target.kind} ${what}${name}`;
}

function read(argv: string[]) {
  const request = parsePythonCommand(argv, context);
  if (request === undefined) return undefined;
  return { manager: request.manager, installs: request.installs, targets: request.targets.map(summarise) };
}

type Expected = { manager: string; installs: boolean; targets: string[] };
const installs = (manager: string, ...targets: string[]): Expected => ({ manager, installs: true, targets });
const idle = (manager: string): Expected => ({ manager, installs: false, targets: [] });

describe('parsePythonCommand: pip', () => {
  it.each<[string[], Expected]>([
    [['pip', 'install', 'requests'], installs('pip', 'registry requests')],
    [['pip3', 'install', 'requests==2.31'], installs('pip', 'registry requests==2.31')],
    [['pip3.11', 'install', '-U', 'flask'], installs('pip', 'registry flask')],
    [['/usr/bin/pip3', 'install', 'x'], installs('pip', 'registry x')],
    [['C:\\Python312\\Scripts\\pip.exe', 'install', 'x'], installs('pip', 'registry x')],
    [['pip', '--isolated', '-q', 'install', 'x'], installs('pip', 'registry x')],
    [['pip', '--python', '/venv/bin/python', 'install', 'x'], installs('pip', 'registry x')],
    [['pip', '--proxy', 'http://p:3128', 'install', 'x'], installs('pip', 'registry x')],
    [['pip', 'install', '-r', 'requirements.txt'], installs('pip', 'registry requests==2.31', 'registry pytest')],
    [['pip', 'download', 'x', '-d', 'out'], installs('pip', 'registry x')],
    [['pip', 'wheel', '-w', 'wheels', 'x'], installs('pip', 'registry x')],
    [['pip', 'lock', 'x'], installs('pip', 'registry x')],
    [['pip', 'install', '-e', '.'], installs('pip', 'editable .')],
    [['pip', 'list'], idle('pip')],
    [['pip', 'show', 'requests'], idle('pip')],
    [['pip', 'freeze'], idle('pip')],
    [['pip', 'uninstall', '-y', 'requests'], idle('pip')],
    [['pip', 'help', 'install'], idle('pip')],
    [['pip', '--version'], idle('pip')],
    [['pip'], idle('pip')],
  ])('%j', (argv, expected) => {
    expect(read(argv)).toEqual(expected);
  });
});

describe('parsePythonCommand: python -m pip', () => {
  it.each<[string[], Expected]>([
    [['python', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['python3', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['python3.11', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['/usr/local/bin/python3.12', '-mpip', 'install', 'x'], installs('pip', 'registry x')],
    [['python', '-u', '-I', '-X', 'dev', '-W', 'ignore', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['python', '-Xdev', '-Wignore', '-Im', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['python', '-BsE', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['python', '--check-hash-based-pycs', 'always', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['py', '-3.12', '-m', 'pip', 'install', 'x'], installs('pip', 'registry x')],
    [['python', '-m', 'pip', 'list'], idle('pip')],
    [['python', '-m', 'uv', 'pip', 'install', 'x'], installs('uv', 'registry x')],
    [['python', '-m', 'pipx', 'install', 'x'], installs('pipx', 'registry x')],
  ])('%j', (argv, expected) => {
    expect(read(argv)).toEqual(expected);
  });

  it.each([
    [['python', 'script.py', 'install', 'x']],
    [['python', '-c', 'import pip']],
    [['python', '-m', 'venv', '.venv']],
    [['python', '-m', 'http.server']],
    [['python', '-', 'pip']],
    [['python', '--', '-m', 'pip']],
    [['python', '-m']],
    [['python']],
  ])('%j is not a package manager command', (argv) => {
    expect(read(argv)).toBeUndefined();
  });
});

describe('parsePythonCommand: uv', () => {
  it.each<[string[], Expected]>([
    [['uv', 'pip', 'install', 'x'], installs('uv', 'registry x')],
    [['uv', '--quiet', 'pip', '--verbose', 'install', 'x'], installs('uv', 'registry x')],
    [['uv', 'pip', 'install', '-r=requirements.txt'], installs('uv', 'registry requests==2.31', 'registry pytest')],
    [['uv', '--directory', 'app', 'pip', 'install', '-r', 'requirements.txt'], installs('uv', 'registry app-dep')],
    [['uv', 'pip', 'sync', 'requirements.txt'], installs('uv', 'registry requests==2.31', 'registry pytest')],
    [['uv', 'pip', 'list'], idle('uv')],
    [['uv', 'pip', 'compile', 'requirements.in'], idle('uv')],
    [['uv', 'add', 'httpx'], installs('uv', 'registry httpx')],
    [['uv', 'add', '--dev', 'pytest', 'ruff>=0.5'], installs('uv', 'registry pytest', 'registry ruff>=0.5')],
    [['uv', 'add', '--optional', 'web', 'flask'], installs('uv', 'registry flask')],
    [['uv', 'add', '--group', 'lint', 'ruff'], installs('uv', 'registry ruff')],
    [['uv', 'add', '--index', 'https://i.example', 'x'], installs('uv', 'registry x')],
    [['uv', 'add', '--default-index', 'https://i.example', 'x'], installs('uv', 'registry x')],
    [['uv', 'add', '-r', 'requirements.txt'], installs('uv', 'registry requests==2.31', 'registry pytest')],
    [['uv', 'add', '--editable', './libs/a'], installs('uv', 'editable ./libs/a')],
    [['uv', 'add', 'git+https://github.com/o/r', '--tag', 'v1'], installs('uv', 'vcs git+https://github.com/o/r')],
    [['uv', 'add', 'x @ https://e.example/x.whl'], installs('uv', 'url https://e.example/x.whl (x)')],
    [['uv', 'add', '-m', 'sys_platform == "linux"', 'x'], installs('uv', 'registry x')],
    [['uv', 'tool', 'install', 'ruff'], installs('uv', 'registry ruff')],
    [['uv', 'tool', 'install', 'ruff==0.6.0', '--with', 'plugin'], installs('uv', 'registry ruff==0.6.0', 'registry plugin')],
    [['uv', 'tool', 'install', '--from', 'git+https://github.com/o/t', 'tool'], installs('uv', 'vcs git+https://github.com/o/t')],
    [['uv', 'tool', 'install', '-e', '.'], installs('uv', 'editable .')],
    // `-e` takes a folder: a bare word is the folder of that name, not the registry package.
    [['uv', 'tool', 'install', '-e', 'sub'], installs('uv', 'editable sub')],
    [['uv', 'add', '--editable', 'libs'], installs('uv', 'editable libs')],
    [['uv', 'tool', 'run', 'black', '--check', '.'], installs('uv', 'registry black')],
    [['uv', 'tool', 'upgrade', 'ruff'], installs('uv', 'registry ruff')],
    [['uv', 'tool', 'list'], idle('uv')],
    [['uv', 'run', 'pytest'], idle('uv')],
    [['uv', 'run', '--with', 'rich', 'python', 'x.py'], installs('uv', 'registry rich')],
    [['uv', 'run', 'pip', 'install', 'y'], installs('uv', 'registry y')],
    [['uv', 'run', '--group', 'dev', 'python', '-m', 'pip', 'install', 'z'], installs('uv', 'registry z')],
    [['uv', 'sync'], { manager: 'uv', installs: true, targets: [] }],
    [['uv', 'lock'], idle('uv')],
    [['uv', 'venv'], idle('uv')],
    [['uv', '--version'], idle('uv')],
  ])('%j', (argv, expected) => {
    expect(read(argv)).toEqual(expected);
  });
});

describe('parsePythonCommand: uvx', () => {
  it.each<[string[], Expected]>([
    [['uvx', 'ruff'], installs('uv', 'registry ruff')],
    [['uvx', 'ruff', 'check', '--from', 'not-an-option-of-uvx'], installs('uv', 'registry ruff')],
    [['uvx', 'ruff@0.6.0', 'check'], installs('uv', 'registry ruff==0.6.0')],
    [['uvx', 'ruff@latest'], installs('uv', 'registry ruff')],
    [['uvx', 'mypy[faster-cache]@1.0'], installs('uv', 'registry mypy==1.0')],
    [['uvx', '--from', 'httpie', 'http', 'GET', 'x'], installs('uv', 'registry httpie')],
    [['uvx', '--from', 'ruff>0.5,<0.7', 'ruff'], installs('uv', 'registry ruff>0.5,<0.7')],
    [['uvx', '--from=git+https://github.com/o/t', 'tool'], installs('uv', 'vcs git+https://github.com/o/t')],
    [['uvx', '--with', 'a,b>=1,<2', 'tool'], installs('uv', 'registry tool', 'registry a', 'registry b>=1,<2')],
    [['uvx', '--with', 'a', '--with', 'b', 'tool'], installs('uv', 'registry tool', 'registry a', 'registry b')],
    [['uvx', '--with-editable', './plugin', 'tool'], installs('uv', 'registry tool', 'editable ./plugin')],
    [['uvx', '--with-requirements', 'tools.txt', 'tool'], installs('uv', 'registry tool', 'registry black')],
    [['uvx', '-p', '3.12', '--python-preference', 'managed', 'tool'], installs('uv', 'registry tool')],
    [['uvx', 'python'], idle('uv')],
    [['uvx', '--with', 'numpy', 'python@3.12'], installs('uv', 'registry numpy')],
    [['uvx', 'python@3.12', '--with', 'numpy'], idle('uv')],
    [['uvx', 'https://e.example/t-1.0-py3-none-any.whl'], installs('uv', 'url https://e.example/t-1.0-py3-none-any.whl')],
    [['uvx'], idle('uv')],
  ])('%j', (argv, expected) => {
    expect(read(argv)).toEqual(expected);
  });

  it('reads --with-requirements files with their indexes', () => {
    const request = parsePythonCommand(['uvx', '--with-requirements', 'tools.txt', 'tool'], context);
    expect(request?.indexes).toEqual(['https://env.example/simple']);
    expect(request?.files).toEqual(['/repo/tools.txt']);
  });
});

describe('parsePythonCommand: poetry', () => {
  it.each<[string[], Expected]>([
    [['poetry', 'add', 'requests'], installs('poetry', 'registry requests')],
    [['poetry', 'add', 'requests@^2.31', 'flask@latest'], installs('poetry', 'registry requests>=2.31,<3.0', 'registry flask')],
    [['poetry', 'add', 'pendulum@~2.1'], installs('poetry', 'registry pendulum>=2.1,<2.2')],
    [['poetry', 'add', 'django==4.2', 'numpy>=1.26'], installs('poetry', 'registry django==4.2', 'registry numpy>=1.26')],
    [['poetry', 'add', '--group', 'dev', 'pytest'], installs('poetry', 'registry pytest')],
    [['poetry', 'add', '-G', 'dev', 'pytest', '-D'], installs('poetry', 'registry pytest')],
    [['poetry', 'add', '--source', 'corp', 'internal'], installs('poetry', 'registry internal')],
    [['poetry', 'add', '-E', 'socks', 'requests[socks]'], installs('poetry', 'registry requests')],
    [['poetry', 'add', '--optional', 'x'], installs('poetry', 'registry x')],
    [['poetry', '-C', 'app', 'add', 'x'], installs('poetry', 'registry x')],
    [['poetry', 'add', 'git+https://github.com/o/r.git'], installs('poetry', 'vcs git+https://github.com/o/r.git')],
    [['poetry', 'add', 'git@github.com:o/r.git'], installs('poetry', 'vcs git@github.com:o/r.git')],
    [['poetry', 'add', 'https://github.com/o/r.git#main'], installs('poetry', 'vcs https://github.com/o/r.git#main')],
    [['poetry', 'add', 'https://e.example/x-1.0.tar.gz'], installs('poetry', 'url https://e.example/x-1.0.tar.gz')],
    [['poetry', 'add', './libs/a'], installs('poetry', 'path ./libs/a')],
    [['poetry', 'add', '--editable', './libs/a'], installs('poetry', 'editable ./libs/a')],
    [['poetry', 'add', '../dist/x-1.0-py3-none-any.whl'], installs('poetry', 'path ../dist/x-1.0-py3-none-any.whl')],
    [['poetry', 'self', 'add', 'poetry-plugin-export'], installs('poetry', 'registry poetry-plugin-export')],
    [['poetry', 'install'], { manager: 'poetry', installs: true, targets: [] }],
    [['poetry', 'update'], { manager: 'poetry', installs: true, targets: [] }],
    [['poetry', 'sync'], { manager: 'poetry', installs: true, targets: [] }],
    [['poetry', 'lock'], idle('poetry')],
    [['poetry', 'show'], idle('poetry')],
    [['poetry', 'remove', 'requests'], idle('poetry')],
    [['poetry', 'run', 'pytest'], idle('poetry')],
    [['poetry', 'run', 'pip', 'install', 'x'], installs('poetry', 'registry x')],
  ])('%j', (argv, expected) => {
    expect(read(argv)).toEqual(expected);
  });

  it.each<[string, string | undefined]>([
    ['^1.2.3', '>=1.2.3,<2.0.0'],
    ['^0.2.3', '>=0.2.3,<0.3.0'],
    ['^0.0.3', '>=0.0.3,<0.0.4'],
    ['^0.0', '>=0.0,<0.1'],
    ['^0', '>=0,<1'],
    ['~1.2.3', '>=1.2.3,<1.3.0'],
    ['~1', '>=1,<2'],
    ['1.2.3', '==1.2.3'],
    ['1.2.*', '==1.2.*'],
    ['*', ''],
    ['>=1.2, <2', '>=1.2,<2'],
    ['~=1.4', '~=1.4'],
    ['^1 || ^2', undefined],
    ['nonsense', undefined],
  ])('toPep440(%j) is %j', (constraint, expected) => {
    expect(toPep440(constraint)).toBe(expected);
  });

  it('keeps a bare name for a constraint without a PEP 440 form', () => {
    expect(poetryTarget('x@^1 || ^2', 'argv')).toMatchObject({ kind: 'registry', name: 'x', spec: 'x' });
  });
});

describe('parsePythonCommand: pipx', () => {
  it('reports the lock file of `pipx install --lock` (pipx 1.16) as not vetted', () => {
    const request = parsePythonCommand(['pipx', 'install', '--skip-maintenance', '--lock', 'pylock.toml', 'siteops'], context);
    expect(request?.targets.map((t) => t.name)).toEqual(['siteops']);
    expect(request?.unresolved.map((u) => u.what)).toEqual(['pylock.toml']);
  });

  it.each<[string[], Expected]>([
    [['pipx', 'install', 'black'], installs('pipx', 'registry black')],
    [['pipx', 'install', '-e', 'sub'], installs('pipx', 'editable sub')],
    [['pipx', 'install', 'black==24.1', 'ruff'], installs('pipx', 'registry black==24.1', 'registry ruff')],
    [['pipx', 'install', '--spec', 'git+https://github.com/o/b', 'b'], installs('pipx', 'vcs git+https://github.com/o/b')],
    [['pipx', 'install', '--spec=black[d]==24', 'black'], installs('pipx', 'registry black==24')],
    [['pipx', 'install', '-e', './tool'], installs('pipx', 'editable ./tool')],
    [['pipx', 'install', '-f', 'black'], installs('pipx', 'registry black')],
    [['pipx', 'install', '--python', '3.12', '--suffix', '@2', 'black'], installs('pipx', 'registry black')],
    [['pipx', 'install', '--preinstall', 'setuptools', 'x'], installs('pipx', 'registry x', 'registry setuptools')],
    [['pipx', 'install', '--pip-args=--no-deps extra-dep', 'x'], installs('pipx', 'registry x', 'registry extra-dep')],
    [
      ['pipx', 'install', '--pip-args', '-r requirements.txt', 'x'],
      installs('pipx', 'registry x', 'registry requests==2.31', 'registry pytest'),
    ],
    [['pipx', 'inject', 'black', 'black-plugin', 'other'], installs('pipx', 'registry black-plugin', 'registry other')],
    [['pipx', 'run', 'cowsay', 'install', 'evil'], installs('pipx', 'registry cowsay')],
    [['pipx', 'run', '--spec', 'httpie==3', 'http', 'GET'], installs('pipx', 'registry httpie==3')],
    [['pipx', 'run', '--no-cache', 'https://e.example/script.py'], installs('pipx', 'url https://e.example/script.py')],
    [['pipx', 'runpip', 'black', 'install', 'plugin'], installs('pipx', 'registry plugin')],
    // pipx 1.16: the values of its newer options are no packages; `run --with` names one.
    [
      ['pipx', 'install', '--cooldown', '7', '--fetch-python', 'missing', '--app', 'http', '--output', 'json', 'httpie'],
      installs('pipx', 'registry httpie'),
    ],
    [['pipx', 'install', 'repeatme', '--include-resources-from', 'pycowsay'], installs('pipx', 'registry repeatme')],
    [['pipx', 'run', '--with', 'rich', 'cowsay'], installs('pipx', 'registry cowsay', 'registry rich')],
    [['pipx', 'runpip', 'black', 'list'], idle('pipx')],
    [['pipx', 'upgrade', 'black'], { manager: 'pipx', installs: true, targets: [] }],
    [['pipx', 'list'], idle('pipx')],
    [['pipx', 'uninstall', 'black'], idle('pipx')],
    [['pipx', 'run'], idle('pipx')],
  ])('%j', (argv, expected) => {
    expect(read(argv)).toEqual(expected);
  });

  it('collects pipx index URLs, from its own option and from --pip-args', () => {
    const request = parsePythonCommand(
      ['pipx', 'install', '--index-url', 'https://a.example/simple', '--pip-args', "--extra-index-url 'https://b.example/simple'", 'x'],
      context,
    );
    expect(request?.indexes).toEqual(['https://a.example/simple', 'https://b.example/simple']);
  });

  it('reports an unterminated quote in --pip-args', () => {
    const request = parsePythonCommand(['pipx', 'install', '--pip-args', '"--pre', 'x'], context);
    expect(request?.unresolved).toEqual([{ what: '"--pre', why: expect.stringContaining('unterminated quote') }]);
  });

  it('reports install-all, whose spec file it does not read', () => {
    const request = parsePythonCommand(['pipx', 'install-all', 'pipx.json'], context);
    expect(request).toMatchObject({ installs: true, unresolved: [{ what: 'pipx.json' }] });
  });
});

describe('parsePythonCommand: other programs and bad input', () => {
  const programs = fc.constantFrom('pip', 'pip3', '/usr/bin/python3.11', 'python', 'uv', 'uvx', 'poetry', 'pipx');
  const words = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.constantFrom(
      'install',
      'add',
      'run',
      'tool',
      'pip',
      'sync',
      'inject',
      'runpip',
      'self',
      '-m',
      '-r',
      '-c',
      '-e',
      '--with',
      '--from',
      '--spec',
      '--pip-args',
      '--',
      '-',
      'requirements.txt',
      'x@1',
      'x@^1',
      '-Im',
    ),
  );

  it.each([[['npm', 'install', 'x']], [['hatch', 'run', 'x']], [['ls']], [[]], [['']], [['/usr/bin/']]])(
    '%j is not a Python package manager',
    (argv) => {
      expect(parsePythonCommand(argv, context)).toBeUndefined();
    },
  );

  it.each([
    [['uvx', '']],
    [['uvx', '--from', ' ', 'tool']],
    [['uv', 'add', '']],
    [['pipx', 'install', '']],
    [['pipx', 'run', '--spec', '', 'app']],
    [['poetry', 'add', '\t']],
  ])('%j reports the blank requirement instead of checking an empty name', (argv) => {
    const request = parsePythonCommand(argv, context);
    expect(request?.targets).toEqual([]);
    expect(request?.unresolved).toEqual([{ what: expect.any(String), why: 'empty requirement (argv)' }]);
  });

  it('never yields a target without a name or a location', () => {
    fc.assert(
      fc.property(programs, fc.array(words), (program, args) => {
        for (const target of parsePythonCommand([program, ...args], context)?.targets ?? []) {
          expect((target.name ?? target.location ?? '').trim().length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stops following nested runners after a few levels', () => {
    const argv = [...Array.from({ length: 50 }, () => ['uv', 'run']).flat(), 'pip', 'install', 'x'];
    const request = parsePythonCommand(argv, context);
    expect(request?.unresolved).toEqual([{ what: 'uv', why: expect.stringContaining('nested') }]);
  });

  it('never throws on arbitrary argv', () => {
    fc.assert(
      fc.property(fc.oneof(programs, fc.string({ unit: 'binary' })), fc.array(words), (program, args) => {
        const request = parsePythonCommand([program, ...args], context);
        if (request !== undefined) expect(typeof request.installs).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['pip', ['pip', 'install', 'x'.repeat(100_000)]],
    ['python', ['python', `-${'u'.repeat(100_000)}`, '-m', 'pip', 'install', 'x']],
    ['uvx --with', ['uvx', '--with', `${'a,'.repeat(50_000)}a`, 'tool']],
    ['uvx tool', ['uvx', `${'a'.repeat(100_000)}@`]],
    ['poetry', ['poetry', 'add', `a@${'^'.repeat(100_000)}`]],
    ['poetry git', ['poetry', 'add', `https://${'a.git'.repeat(25_000)}x`]],
    ['pipx --pip-args', ['pipx', 'install', '--pip-args', '-r '.repeat(30_000), 'x']],
    ['many uv run levels', Array.from({ length: 50_000 }, (_, index) => (index % 2 === 0 ? 'uv' : 'run'))],
  ])('finishes on a huge %s command', (_label, argv) => {
    expect(parsePythonCommand(argv, context)).toBeDefined();
  });
});
