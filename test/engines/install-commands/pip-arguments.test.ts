/** Tests for reading `pip install` and `uv pip install` arguments. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type PipInstallOptions, parsePipInstall, splitRequirementList } from '../../../src/engines/install-commands/pip-arguments.js';
import { type PipContext } from '../../../src/engines/install-commands/requirements-file.js';
import { type FileReader, type InstallTarget } from '../../../src/engines/install-commands/types.js';

/** An in-memory FileReader: the real interface over a Map of absolute path → text. */
function memoryFiles(entries: Record<string, string>): FileReader {
  const files = new Map(Object.entries(entries));
  return { readText: (path) => files.get(path) };
}

const FILES = {
  '/repo/requirements.txt': 'requests==2.31\n-r nested/dev.txt\n',
  '/repo/nested/dev.txt': 'pytest>=8\n--extra-index-url https://dev.example/simple\n',
  '/repo/constraints.txt': 'urllib3<2\n-i https://mirror.example/simple\n',
  '/repo/sub/req.txt': 'from-sub\n',
};

const context: PipContext = { cwd: '/repo', env: {}, files: memoryFiles(FILES) };

function summarise(target: InstallTarget): string {
  const what = target.kind === 'registry' ? target.spec : target.location;
  const name = target.kind !== 'registry' && target.name !== undefined ? ` (${target.name})` : '';
  return `${target.kind} ${what}${name}`;
}

function read(args: string[], options?: PipInstallOptions) {
  const request = parsePipInstall(args, context, options);
  return { ...request, targets: request.targets.map(summarise) };
}

describe('parsePipInstall: targets', () => {
  it.each<[string[], string[]]>([
    [['requests'], ['registry requests']],
    [
      ['requests==2.31', 'flask>=2,<3'],
      ['registry requests==2.31', 'registry flask>=2,<3'],
    ],
    [['requests[socks]>=2'], ['registry requests>=2']],
    [['requests (>=2)'], ['registry requests>=2']],
    [['requests; python_version>"3.7"'], ['registry requests']],
    [['-U', 'requests', '--no-deps', '-q'], ['registry requests']],
    [['.'], ['path .']],
    [['./pkg[dev]'], ['path ./pkg']],
    [['../sibling'], ['path ../sibling']],
    [['/abs/project'], ['path /abs/project']],
    [['dist/x-1.0-py3-none-any.whl'], ['path dist/x-1.0-py3-none-any.whl']],
    [['x-1.0.tar.gz'], ['path x-1.0.tar.gz']],
    [['x-1.0.zip'], ['path x-1.0.zip']],
    [['git+https://github.com/o/r'], ['vcs git+https://github.com/o/r']],
    [['hg+https://hg.example/r'], ['vcs hg+https://hg.example/r']],
    [['svn+https://svn.example/r'], ['vcs svn+https://svn.example/r']],
    [['bzr+https://bzr.example/r'], ['vcs bzr+https://bzr.example/r']],
    [['https://example.com/x-1.0-py3-none-any.whl'], ['url https://example.com/x-1.0-py3-none-any.whl']],
    [['name @ https://example.com/x.whl'], ['url https://example.com/x.whl (name)']],
    [['-e', '.'], ['editable .']],
    [['-e.'], ['editable .']],
    [['--editable=./pkg[test]'], ['editable ./pkg']],
    [['-e', 'git+https://github.com/o/r#egg=r'], ['vcs git+https://github.com/o/r#egg=r (r)']],
    [['--edit', './abbreviated'], ['editable ./abbreviated']],
    [['--', '-weird'], ['registry -weird']],
    [['-t', 'target-dir', '--prefix', '/p', '--root', '/r', 'pkg'], ['registry pkg']],
    [['--python-version', '3.11', '--platform', 'manylinux', '--implementation', 'cp', '--abi', 'cp311', 'pkg'], ['registry pkg']],
    [['--src', 'src', '--upgrade-strategy', 'eager', '--progress-bar', 'off', 'pkg'], ['registry pkg']],
    [['--log', 'l.txt', '--cache-dir', '/c', '--trusted-host', 'h', 'pkg'], ['registry pkg']],
    [['--no-binary', ':all:', '--only-binary=numpy', 'pkg'], ['registry pkg']],
    [['-C', 'k=v', '--config-settings', 'a=b', '--global-option', '--x', 'pkg'], ['registry pkg']],
    [['--report', 'r.json', '--root-user-action', 'ignore', '--timeout', '5', 'pkg'], ['registry pkg']],
    [['-d', 'out', 'pkg'], ['registry pkg']],
    [['-w', 'wheels', 'pkg'], ['registry pkg']],
    [
      ['-r', 'requirements.txt'],
      ['registry requests==2.31', 'registry pytest>=8'],
    ],
    [
      ['-rrequirements.txt', 'extra'],
      ['registry requests==2.31', 'registry pytest>=8', 'registry extra'],
    ],
    [['--requirement=sub/req.txt'], ['registry from-sub']],
    [['--extra-ind', 'https://mirror.example/simple', '--constr', 'constraints.txt', 'urllib3'], ['registry urllib3']],
    // Ambiguous since pip added --requirements-from-script: pip refuses it; the word is reported unreadable.
    [['--requirem', 'sub/req.txt'], []],
    // Ambiguous (--requirement, --require-hashes, --require-virtualenv): pip refuses it too.
    [['--req', 'sub/req.txt'], []],
    [
      ['-r', 'requirements.txt', '-r', 'requirements.txt'],
      ['registry requests==2.31', 'registry pytest>=8'],
    ],
    [['-c', 'constraints.txt', 'urllib3'], ['registry urllib3']],
  ])('%j', (args, targets) => {
    expect(read(args).targets).toEqual(targets);
  });
});

describe('parsePipInstall: indexes, files and what cannot be read', () => {
  it.each<[string[], string[]]>([
    [['-i', 'https://a.example/simple', 'x'], ['https://a.example/simple']],
    [['-ihttps://a.example/simple', 'x'], ['https://a.example/simple']],
    [['--index-url=https://a.example/simple', 'x'], ['https://a.example/simple']],
    [['--index', 'https://abbrev.example/simple', 'x'], ['https://abbrev.example/simple']],
    [['--extra-index-url', 'https://b.example/simple', 'x'], ['https://b.example/simple']],
    [
      ['-f', './wheels', '--find-links=https://f.example/', 'x'],
      ['./wheels', 'https://f.example/'],
    ],
    [['-c', 'constraints.txt', 'x'], ['https://mirror.example/simple']],
    [['-r', 'requirements.txt', '-i', 'https://dev.example/simple'], ['https://dev.example/simple']],
  ])('%j', (args, indexes) => {
    expect(read(args).indexes).toEqual(indexes);
  });

  it.each<[string[], string[] | undefined]>([
    [['-i', 'https://a.example/simple', 'x'], undefined],
    [['--extra-index-url', 'https://b.example/simple', '-i', 'https://a.example/simple', 'x'], ['https://b.example/simple']],
    [
      ['-f', 'https://f.example/', '--find-links', './wheels', 'x'],
      ['https://f.example/', './wheels'],
    ],
    [['--no-index', '-f', 'https://f.example/', 'x'], undefined],
    // A requirements file's index lines are not marked: they count as replacing the default.
    [['-r', 'requirements.txt'], undefined],
  ])('marks the indexes read beside the default: %j', (args, extra) => {
    expect(read(args).extraIndexes).toEqual(extra);
  });

  it('records every file it read', () => {
    expect(read(['-r', 'requirements.txt', '-c', 'constraints.txt']).files).toEqual([
      '/repo/requirements.txt',
      '/repo/nested/dev.txt',
      '/repo/constraints.txt',
    ]);
  });

  it('does not install what constraints list', () => {
    expect(read(['-c', 'constraints.txt']).targets).toEqual([]);
  });

  it.each<[string[], { what: string; why: string }]>([
    [['-r', 'missing.txt'], { what: 'missing.txt', why: 'requirements file not found (from argv)' }],
    [['-c', 'gone.txt', 'x'], { what: 'gone.txt', why: 'constraints file not found (from argv)' }],
    [['pkg', '-r'], { what: '-r', why: 'option needs a value (argv)' }],
    [['--index-url'], { what: '--index-url', why: 'option needs a value (argv)' }],
    // uv stops when the pyproject.toml holding the group is not there.
    [['--group', 'dev'], { what: 'pyproject.toml', why: 'pyproject file not found (from argv)' }],
    [['', 'x'], { what: '""', why: 'empty requirement (argv)' }],
    [['-e', '  '], { what: '"  "', why: 'empty requirement (argv)' }],
  ])('%j is reported', (args, entry) => {
    expect(read(args).unresolved).toEqual([entry]);
  });

  it('answers pip with installs true', () => {
    expect(read(['x'])).toMatchObject({ manager: 'pip', installs: true });
  });

  it('uses the origin it is given for argv targets', () => {
    const request = parsePipInstall(['x'], { ...context, origin: 'hook' });
    expect(request.targets[0]?.origin).toBe('hook');
  });
});

describe('parsePipInstall: the word after an unknown option', () => {
  it.each<[string[], string | undefined]>([
    [['-y', 'plumbum'], 'plumbum'],
    [['--no-such-option', 'requests==2.31'], 'requests==2.31'],
    [['-y', './local-dir'], undefined],
    [['-y', 'https://example.com/x.whl'], undefined],
  ])('%j: the part names %j as the package it may be, never as a target', (args, maybe) => {
    const request = parsePipInstall(args, context);
    expect(request.targets).toEqual([]);
    expect(request.unresolved).toHaveLength(1);
    expect(request.unresolved[0]!.maybePackage?.spec).toBe(maybe);
  });
});

describe('parsePipInstall: uv flavour', () => {
  const uv: PipInstallOptions = { flavour: 'uv' };

  it.each<[string[], string[]]>([
    [['-r=requirements.txt'], ['registry requests==2.31', 'registry pytest>=8']],
    [['--requirements', 'sub/req.txt'], ['registry from-sub']],
    [['-p', '3.12', 'pkg'], ['registry pkg']],
    [['--python', '/usr/bin/python3', 'pkg'], ['registry pkg']],
    [['-P', 'other', '--reinstall-package', 'x', 'pkg'], ['registry pkg']],
    [['--extra', 'dev', '--resolution', 'lowest', 'pkg'], ['registry pkg']],
    [
      ['--override', 'constraints.txt', 'pkg'],
      ['registry urllib3<2', 'registry pkg'],
    ],
    [['-b', 'constraints.txt', 'pkg'], ['registry pkg']],
    [['--index', 'https://evil.example', 'pkg'], ['registry pkg']],
    [['--directory', 'sub', '-r', 'req.txt'], ['registry from-sub']],
    [['-e', '.', '--system'], ['editable .']],
  ])('%j', (args, targets) => {
    expect(read(args, uv).targets).toEqual(targets);
  });

  it.each<[string[], string[]]>([
    [['--index', 'corp=https://corp.example/simple', 'x'], ['https://corp.example/simple']],
    [['--default-index', 'https://d.example/simple', 'x'], ['https://d.example/simple']],
    [['--override', 'constraints.txt', 'x'], ['https://mirror.example/simple']],
  ])('indexes of %j', (args, indexes) => {
    expect(read(args, uv).indexes).toEqual(indexes);
  });

  it('does not expand abbreviations, as clap does not', () => {
    expect(read(['--extra', 'dev', 'pkg'], uv).indexes).toEqual([]);
  });

  it.each(['pyproject.toml', 'sub/pyproject.toml'])('reads -r %s as the project metadata it declares, and reports it missing', (file) => {
    expect(read(['-r', file], uv).unresolved).toEqual([{ what: file, why: 'pyproject file not found (from argv)' }]);
    const files = {
      readText: (p: string) =>
        p.endsWith(file) ? '[project]\ndependencies = ["flask>=3"]\n[dependency-groups]\ndev = ["pytest"]\n' : undefined,
    };
    const request = parsePipInstall(['-r', file], { ...context, files }, uv);
    expect(request.unresolved).toEqual([]);
    expect(request.targets.map((t) => t.name)).toEqual(['flask', 'pytest']);
    expect(
      parsePipInstall(
        ['--group', 'dev'],
        {
          ...context,
          files: { readText: (p: string) => (p.endsWith('/pyproject.toml') ? '[dependency-groups]\ndev = ["pytest"]\n' : undefined) },
        },
        uv,
      ).targets.map((t) => t.name),
    ).toEqual(['pytest']);
  });

  it.each(['setup.cfg', 'setup.py', 'pylock.toml'])('reports -r %s as project metadata it does not read', (file) => {
    expect(read(['-r', file], uv).unresolved).toEqual([{ what: file, why: expect.stringContaining('not vetted') }]);
  });

  it('reads positionals as requirements files for uv pip sync', () => {
    const request = read(['requirements.txt', 'sub/req.txt'], { flavour: 'uv', positionals: 'requirement-files' });
    expect(request.targets).toEqual(['registry requests==2.31', 'registry pytest>=8', 'registry from-sub']);
    expect(request.manager).toBe('uv');
  });
});

describe('splitRequirementList', () => {
  it.each<[string, string[]]>([
    ['a', ['a']],
    ['a,b', ['a', 'b']],
    ['a>=1,<2,b', ['a>=1,<2', 'b']],
    ['a[x,y],b', ['a[x,y]', 'b']],
    ['a[x,y]>=1, <2 , c', ['a[x,y]>=1, <2', 'c']],
    [',,', []],
  ])('%j', (value, expected) => {
    expect(splitRequirementList(value)).toEqual(expected);
  });
});

describe('parsePipInstall: bad input', () => {
  const argv = fc.array(
    fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('-r', '-c', '-e', '-i', '--', '-', '-rrequirements.txt', 'requirements.txt', '--index', '-qUr', '--extra=', '@', '.'),
    ),
  );

  it.each<PipInstallOptions>([{}, { flavour: 'uv' }, { flavour: 'uv', positionals: 'requirement-files' }])(
    'never throws on arbitrary argv (%j)',
    (options) => {
      fc.assert(
        fc.property(argv, (args) => {
          const request = parsePipInstall(args, context, options);
          expect(request.installs).toBe(true);
          for (const target of request.targets) {
            expect((target.name ?? target.location ?? '').trim().length).toBeGreaterThan(0);
          }
        }),
      );
    },
  );

  it.each([
    ['one huge argument', ['x'.repeat(100_000)]],
    ['a huge option cluster', [`-${'q'.repeat(100_000)}`]],
    ['a huge glued value', [`-r${'a/'.repeat(50_000)}`]],
    ['many index options', Array.from({ length: 30_000 }, (_, index) => `-ihttps://${index}`)],
    ['many long options', Array.from({ length: 30_000 }, () => '--inde=x')],
    ['many requirements', Array.from({ length: 30_000 }, (_, index) => `p${index}`)],
    ['many -r of one file', Array.from({ length: 30_000 }, () => '-rrequirements.txt')],
  ])('finishes on %s', (_label, args) => {
    expect(parsePipInstall(args, context).installs).toBe(true);
  });
});
