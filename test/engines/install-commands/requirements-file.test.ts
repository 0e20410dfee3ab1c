/** Tests for pip's requirement reading: one requirement, the option scanner, requirements files. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  type PipContext,
  logicalLines,
  parseRequirementsFile,
  splitShellWords,
  targetFromRequirement,
} from '../../../src/engines/install-commands/requirements-file.js';
import { type ArgumentEvent, defineOptions, scanArguments } from '../../../src/engines/install-commands/option-scanner.js';
import { type FileReader, type InstallTarget } from '../../../src/engines/install-commands/types.js';

/** An in-memory FileReader: the real interface over a Map of absolute path → text. */
function memoryFiles(entries: Record<string, string>): FileReader {
  const files = new Map(Object.entries(entries));
  return { readText: (path) => files.get(path) };
}

function contextWith(entries: Record<string, string>, env: Record<string, string> = {}): PipContext {
  return { cwd: '/repo', env, files: memoryFiles(entries) };
}

/** One line per target: `kind spec-or-location (name) @origin`. */
function summarise(target: InstallTarget): string {
  const what = target.kind === 'registry' ? target.spec : target.location;
  const name = target.kind !== 'registry' && target.name !== undefined ? ` (${target.name})` : '';
  return `${target.kind} ${what}${name} @${target.origin}`;
}

describe('targetFromRequirement', () => {
  it.each([
    ['requests', 'registry requests'],
    ['requests==2.31', 'registry requests==2.31'],
    ['requests[socks] >= 2 ; python_version > "3"', 'registry requests>=2'],
    ['Django (>=4,<5)', 'registry Django>=4,<5'],
    ['requests>=2 ;', 'registry requests>=2'],
    ['name @ https://e.example/a;b ; os_name == "nt"', 'url https://e.example/a (name)'],
    ['.', 'path .'],
    ['..', 'path ..'],
    ['./pkg', 'path ./pkg'],
    ['./pkg[dev,test]', 'path ./pkg'],
    ['../x', 'path ../x'],
    ['/abs/dir', 'path /abs/dir'],
    ['C:\\src\\pkg', 'path C:\\src\\pkg'],
    ['sub/dir', 'path sub/dir'],
    ['dist/pkg-1.0-py3-none-any.whl', 'path dist/pkg-1.0-py3-none-any.whl'],
    ['pkg-1.0.tar.gz', 'path pkg-1.0.tar.gz'],
    ['pkg-1.0.ZIP', 'path pkg-1.0.ZIP'],
    ['pkg.tgz[extra]', 'path pkg.tgz'],
    ['git+https://github.com/o/r.git@v1#egg=r', 'vcs git+https://github.com/o/r.git@v1#egg=r (r)'],
    ['git+ssh://git@github.com/o/r', 'vcs git+ssh://git@github.com/o/r'],
    ['hg+https://hg.example/r', 'vcs hg+https://hg.example/r'],
    ['svn+svn://svn.example/r', 'vcs svn+svn://svn.example/r'],
    ['bzr+lp:project', 'vcs bzr+lp:project'],
    ['git://github.com/o/r', 'vcs git://github.com/o/r'],
    ['https://example.com/x-1.0-py3-none-any.whl', 'url https://example.com/x-1.0-py3-none-any.whl'],
    ['https://example.com/x.tar.gz; python_version > "3"', 'url https://example.com/x.tar.gz'],
    ['ftp://example.com/x.zip', 'url ftp://example.com/x.zip'],
    ['file:///srv/x.whl', 'path file:///srv/x.whl'],
    ['foo @ https://example.com/foo.whl', 'url https://example.com/foo.whl (foo)'],
    ['foo@https://example.com/foo.whl', 'url https://example.com/foo.whl (foo)'],
    ['foo @ git+https://github.com/o/foo', 'vcs git+https://github.com/o/foo (foo)'],
    ['foo @ file:///srv/foo', 'path file:///srv/foo (foo)'],
  ])('%j → %s', (input, expected) => {
    expect(summarise(targetFromRequirement(input, 'argv'))).toBe(`${expected} @argv`);
  });

  it.each([
    ['reqυests==2.0', 'reqυests'],
    ['requests 2.0', 'requests 2.0'],
    ['requests=2.0', 'requests=2.0'],
    ['-', '-'],
  ])('keeps the name of malformed %j for the name check to judge', (input, name) => {
    expect(targetFromRequirement(input, 'argv')).toMatchObject({ kind: 'registry', name, spec: input });
  });

  it('keeps the argument as written in raw', () => {
    expect(targetFromRequirement('  requests [socks]  ', 'r.txt:3')).toEqual({
      ecosystem: 'pypi',
      kind: 'registry',
      raw: '  requests [socks]  ',
      name: 'requests',
      spec: 'requests',
      origin: 'r.txt:3',
    });
  });
});

describe('scanArguments', () => {
  const table = defineOptions(['-r/--requirement', '-i/--index-url', '--extra-index-url'], ['-q/--quiet', '-U/--upgrade']);
  const optparse = { abbreviations: true, shortEquals: false };
  const clap = { abbreviations: false, shortEquals: true };

  const render = (events: ArgumentEvent[]): string[] =>
    events.map((event) =>
      event.kind === 'positional'
        ? `+${event.value}`
        : `${event.name}${event.value !== undefined ? `=${event.value}` : ''}${event.missingValue ? '!' : ''}`,
    );

  it.each<[string[], boolean, string[]]>([
    [['-r', 'a.txt', 'x'], true, ['--requirement=a.txt', '+x']],
    [['--requirement=a.txt'], true, ['--requirement=a.txt']],
    [['-ra.txt'], true, ['--requirement=a.txt']],
    [['-qUr', 'a.txt'], true, ['--quiet', '--upgrade', '--requirement=a.txt']],
    [['-qra.txt'], true, ['--quiet', '--requirement=a.txt']],
    [['-r=a.txt'], true, ['--requirement==a.txt']],
    [['-r=a.txt'], false, ['--requirement=a.txt']],
    [['--index', 'u'], true, ['--index-url=u']],
    [['--index', 'u'], false, ['--index', '+u']],
    [['--ext=u'], true, ['--extra-index-url=u']],
    [['--re', 'x'], true, ['--requirement=x']],
    [['--unknown', 'x'], true, ['--unknown', '+x']],
    [['-r'], true, ['--requirement!']],
    [['--', '-r', 'x'], true, ['+-r', '+x']],
    [['-', 'x'], true, ['+-', '+x']],
    [['--upgrade=yes'], true, ['--upgrade']],
  ])('%j (optparse %s)', (args, abbreviations, expected) => {
    const style = abbreviations ? optparse : clap;
    expect(render(scanArguments(args, table, style).events)).toEqual(expected);
  });

  it('stops at the first positional when asked', () => {
    const scanned = scanArguments(['-q', 'install', '-r', 'x'], table, { ...optparse, stopAtPositional: true });
    expect(render(scanned.events)).toEqual(['--quiet']);
    expect(scanned.rest).toEqual(['install', '-r', 'x']);
  });
});

describe('logicalLines', () => {
  it.each<[string, Array<[number, string]>]>([
    [
      'a\nb',
      [
        [1, 'a'],
        [2, 'b'],
      ],
    ],
    ['# only a comment\n\n   \nx  # trailing', [[4, 'x']]],
    ['https://h/p#egg=x', [[1, 'https://h/p#egg=x']]],
    [
      'a \\\n  >=1 \\\n  ,<2\nb',
      [
        [1, 'a   >=1   ,<2'],
        [4, 'b'],
      ],
    ],
    [
      'a \\\n# comment \\\nb',
      [
        [1, 'a'],
        [3, 'b'],
      ],
    ],
    ['# comment ending in \\\nb', [[2, 'b']]],
    ['last \\', [[1, 'last']]],
    [
      '\uFEFFa\r\nb\rc',
      [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ],
    ],
    ['x\t# tab comment', [[1, 'x']]],
  ])('%j', (text, expected) => {
    expect(logicalLines(text).map(({ line, text: content }) => [line, content])).toEqual(expected);
  });
});

describe('splitShellWords', () => {
  it.each<[string, string[] | undefined]>([
    ['-i https://x', ['-i', 'https://x']],
    ['--hash="sha256:ab cd"', ['--hash=sha256:ab cd']],
    ["-e 'a b'", ['-e', 'a b']],
    ['a\\ b "c\\"d"', ['a b', 'c"d']],
    ['  ', []],
    ['"open', undefined],
    ['trailing\\', undefined],
  ])('%j', (text, expected) => {
    expect(splitShellWords(text)).toEqual(expected);
  });
});

describe('parseRequirementsFile', () => {
  it('keeps an unknown option and the word after it unresolved (a newer pip may take it, or it is a package)', () => {
    const parts = parseRequirementsFile(
      'requirements.txt',
      contextWith({ '/repo/requirements.txt': 'requests\n--frob zzq-x\n-Z zzq-z\n' }),
    );
    expect(parts.targets.map(summarise)).toEqual(['registry requests @requirements.txt:1']);
    expect(parts.unresolved.map((u) => [u.what, u.maybePackage?.name])).toEqual([
      ['--frob zzq-x', 'zzq-x'],
      ['-Z zzq-z', 'zzq-z'],
    ]);
  });

  it('reads requirements, options, continuations and per-requirement hashes', () => {
    const context = contextWith({
      '/repo/requirements.txt': [
        '# pinned',
        'requests==2.31 --hash=sha256:aaa --hash=sha256:bbb',
        'flask \\',
        '   >=2.0  # web',
        '-e ./libs/core[dev]',
        '--editable git+https://github.com/o/r#egg=r',
        '-i https://pypi.example/simple',
        '--extra-index-url=https://extra.example/simple',
        '-f ./wheels',
        '--find-links https://links.example/',
        '--no-binary :all:',
        '--trusted-host pypi.example',
        '--pre',
        'numpy; python_version >= "3.9"',
        './local',
      ].join('\n'),
    });
    const parts = parseRequirementsFile('requirements.txt', context);
    expect(parts.targets.map(summarise)).toEqual([
      'registry requests==2.31 @requirements.txt:2',
      'registry flask>=2.0 @requirements.txt:3',
      'editable ./libs/core @requirements.txt:5',
      'vcs git+https://github.com/o/r#egg=r (r) @requirements.txt:6',
      'registry numpy @requirements.txt:14',
      'path ./local @requirements.txt:15',
    ]);
    expect(parts.indexes).toEqual(['https://pypi.example/simple', 'https://extra.example/simple', './wheels', 'https://links.example/']);
    expect(parts.files).toEqual(['/repo/requirements.txt']);
    expect(parts.unresolved).toEqual([]);
  });

  it('follows -r across directories, relative to the including file', () => {
    const context = contextWith({
      '/repo/requirements/prod.txt': 'django\n-r ../shared/base.txt\n--requirement=dev/extra.txt\n',
      '/repo/shared/base.txt': 'celery\n-r /abs/common.txt\n',
      '/repo/requirements/dev/extra.txt': 'pytest\n',
      '/abs/common.txt': 'attrs\n',
    });
    const parts = parseRequirementsFile('requirements/prod.txt', context);
    expect(parts.targets.map(summarise)).toEqual([
      'registry django @requirements/prod.txt:1',
      'registry celery @shared/base.txt:1',
      'registry attrs @../abs/common.txt:1',
      'registry pytest @requirements/dev/extra.txt:1',
    ]);
    expect(parts.files).toEqual([
      '/repo/requirements/prod.txt',
      '/repo/shared/base.txt',
      '/abs/common.txt',
      '/repo/requirements/dev/extra.txt',
    ]);
  });

  it('reports a cycle once and keeps what the files list', () => {
    const context = contextWith({
      '/repo/a.txt': 'alpha\n-r b.txt\n',
      '/repo/b.txt': 'beta\n-r a.txt\n',
    });
    const parts = parseRequirementsFile('a.txt', context);
    expect(parts.targets.map((target) => target.name)).toEqual(['alpha', 'beta']);
    expect(parts.unresolved).toEqual([{ what: 'a.txt', why: expect.stringContaining('cycle') }]);
  });

  it('reports a file that includes itself', () => {
    const parts = parseRequirementsFile('self.txt', contextWith({ '/repo/self.txt': '-r self.txt\nx\n' }));
    expect(parts.unresolved).toEqual([{ what: 'self.txt', why: expect.stringContaining('cycle (from self.txt:1)') }]);
    expect(parts.targets.map((target) => target.name)).toEqual(['x']);
  });

  it('reads a file reached twice (a diamond) once, without calling it a cycle', () => {
    const context = contextWith({
      '/repo/top.txt': '-r left.txt\n-r right.txt\n',
      '/repo/left.txt': '-r common.txt\n',
      '/repo/right.txt': '-r common.txt\n',
      '/repo/common.txt': 'shared\n',
    });
    const parts = parseRequirementsFile('top.txt', context);
    expect(parts.targets.map((target) => target.name)).toEqual(['shared']);
    expect(parts.unresolved).toEqual([]);
  });

  it('stops following files nested too deep', () => {
    const entries: Record<string, string> = {};
    for (let depth = 0; depth < 40; depth += 1) entries[`/repo/r${depth}.txt`] = `p${depth}\n-r r${depth + 1}.txt\n`;
    const parts = parseRequirementsFile('r0.txt', contextWith(entries));
    expect(parts.unresolved).toEqual([{ what: 'r32.txt', why: expect.stringContaining('nested more than 32') }]);
  });

  it.each([
    ['the top file', 'missing.txt', {}, 'missing.txt', 'from argv'],
    ['a nested file', 'top.txt', { '/repo/top.txt': 'a\n-r sub/gone.txt\n' }, 'sub/gone.txt', 'from top.txt:2'],
    ['a nested constraints file', 'top.txt', { '/repo/top.txt': '-c gone.txt\n' }, 'gone.txt', 'from top.txt:1'],
  ])('reports %s that does not exist', (_label, file, entries, what, from) => {
    const parts = parseRequirementsFile(file, contextWith(entries));
    expect(parts.unresolved).toEqual([{ what, why: expect.stringContaining(from) }]);
    expect(parts.unresolved[0]?.why).toContain('not found');
  });

  it.each([['https://example.com/reqs.txt'], ['http://example.com/reqs.txt']])('reports remote file %s instead of reading it', (url) => {
    const parts = parseRequirementsFile('top.txt', contextWith({ '/repo/top.txt': `-r ${url}\n` }));
    expect(parts.unresolved).toEqual([{ what: url, why: expect.stringContaining('remote') }]);
  });

  it('reads a file: URL as a local path', () => {
    const context = contextWith({ '/repo/top.txt': '-r file:///srv/r%20s.txt\n', '/srv/r s.txt': 'x\n' });
    expect(parseRequirementsFile('top.txt', context).targets.map((target) => target.name)).toEqual(['x']);
  });

  it('expands ${VAR} from the environment', () => {
    const context = contextWith(
      { '/repo/r.txt': '--extra-index-url https://${USER_NAME}:${TOKEN}@private.example/simple\n${PKG}==1.0\n' },
      { USER_NAME: 'ci', TOKEN: 's3cret', PKG: 'internal-lib' },
    );
    const parts = parseRequirementsFile('r.txt', context);
    expect(parts.indexes).toEqual(['https://ci:s3cret@private.example/simple']);
    expect(parts.targets.map(summarise)).toEqual(['registry internal-lib==1.0 @r.txt:2']);
    expect(parts.unresolved).toEqual([]);
  });

  it.each([
    ['unset', {}],
    ['empty', { PKG: '' }],
  ])('treats a line with an %s ${VAR} as unverifiable, not as dropped', (_label, env) => {
    const context = contextWith({ '/repo/r.txt': 'requests\n${PKG}==1.0\n-i ${PKG}\n' }, env);
    const parts = parseRequirementsFile('r.txt', context);
    expect(parts.targets.map((target) => target.name)).toEqual(['requests']);
    expect(parts.indexes).toEqual([]);
    expect(parts.unresolved).toEqual([
      { what: '${PKG}==1.0', why: '${PKG} not set in the environment (r.txt:2)' },
      { what: '-i ${PKG}', why: '${PKG} not set in the environment (r.txt:3)' },
    ]);
  });

  it('leaves $VAR and ${lowercase} alone, as pip does', () => {
    const parts = parseRequirementsFile('r.txt', contextWith({ '/repo/r.txt': 'a$HOME\n' }, { HOME: '/h' }));
    expect(parts.targets).toEqual([expect.objectContaining({ kind: 'registry', name: 'a$HOME' })]);
    expect(parts.unresolved).toEqual([]);
  });

  it('does not install what a constraints file lists, but counts its indexes', () => {
    const context = {
      ...contextWith({
        '/repo/c.txt': 'urllib3<2\n-e ./pinned\n-i https://mirror.example/simple\n-c more.txt\n',
        '/repo/more.txt': 'idna==3.4\n--extra-index-url https://more.example/simple\n',
      }),
      constraint: true,
    };
    const parts = parseRequirementsFile('c.txt', context);
    expect(parts.targets).toEqual([]);
    expect(parts.indexes).toEqual(['https://mirror.example/simple', 'https://more.example/simple']);
    expect(parts.files).toEqual(['/repo/c.txt', '/repo/more.txt']);
  });

  it('installs what a -r inside a constraints file lists, as pip does', () => {
    const context = { ...contextWith({ '/repo/c.txt': 'pinned<2\n-r real.txt\n', '/repo/real.txt': 'real\n' }), constraint: true };
    expect(parseRequirementsFile('c.txt', context).targets.map((target) => target.name)).toEqual(['real']);
  });

  it('reads a file again as requirements after reading it as constraints', () => {
    const context = contextWith({ '/repo/both.txt': 'dual\n' });
    const seen = new Set<string>();
    expect(parseRequirementsFile('both.txt', { ...context, constraint: true }, seen).targets).toEqual([]);
    expect(parseRequirementsFile('both.txt', context, seen).targets.map((target) => target.name)).toEqual(['dual']);
    expect(parseRequirementsFile('both.txt', context, seen).targets).toEqual([]);
  });

  it('reports an unterminated quote in a line of options', () => {
    const parts = parseRequirementsFile('r.txt', contextWith({ '/repo/r.txt': '-i "https://x\n' }));
    expect(parts.unresolved).toEqual([{ what: '-i "https://x', why: 'unterminated quote (r.txt:1)' }]);
  });

  it('reports an option missing its value', () => {
    const parts = parseRequirementsFile('r.txt', contextWith({ '/repo/r.txt': '--extra-index-url\n' }));
    expect(parts.unresolved).toEqual([{ what: '--extra-index-url', why: 'option needs a value (r.txt:1)' }]);
  });

  it('accepts abbreviated options in files, as optparse does', () => {
    const parts = parseRequirementsFile('r.txt', contextWith({ '/repo/r.txt': '--index https://evil.example/simple\n' }));
    expect(parts.indexes).toEqual(['https://evil.example/simple']);
  });

  it('never throws on arbitrary file contents and environments', () => {
    const soup = fc
      .array(
        fc.constantFrom('-r a.txt', '-c a.txt', '-e .', '-i u', '${X}', '\\', '\n', '#', ' ', 'req', '"', '==1', '--hash=x', '-r b.txt'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), soup), fc.oneof(fc.string({ unit: 'binary' }), soup), (a, b) => {
        const context = contextWith({ '/repo/a.txt': a, '/repo/b.txt': b }, { X: '-r b.txt' });
        const parts = parseRequirementsFile('a.txt', context);
        expect(Array.isArray(parts.targets)).toBe(true);
      }),
    );
  });

  it.each([
    ['one long line', 'x'.repeat(100_000)],
    ['many continuations', 'a \\\n'.repeat(25_000)],
    ['a long run of backslashes', `${'\\'.repeat(50_000)}x\\`],
    ['many comments', ' #'.repeat(50_000)],
    ['many variables', '${A'.repeat(30_000)],
    ['many lines', 'pkg\n'.repeat(25_000)],
  ])('finishes on %s', (_label, text) => {
    const parts = parseRequirementsFile('r.txt', contextWith({ '/repo/r.txt': text }));
    expect(Array.isArray(parts.targets)).toBe(true);
  });
});
