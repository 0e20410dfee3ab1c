/** Tests for reading conda, mamba and micromamba command lines, spec files and environment files. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyCondaSpec, parseCondaCommand } from '../../../src/engines/install-commands/conda-managers.js';
import { type FileReader, type InstallRequest, type InstallTarget } from '../../../src/engines/install-commands/types.js';

function memoryFiles(files: Map<string, string>): FileReader {
  return { readText: (path) => files.get(path) };
}

const noFiles = memoryFiles(new Map());

function parse(argv: string[], files: FileReader = noFiles): InstallRequest | undefined {
  return parseCondaCommand(argv, { cwd: '/proj', files });
}

type Shape = Pick<InstallTarget, 'ecosystem' | 'kind' | 'name' | 'spec' | 'location'>;

function shape(target: InstallTarget): Shape {
  const { ecosystem, kind, name, spec, location } = target;
  return { ecosystem, kind, name, spec, location };
}

const environment = [
  'name: science',
  'channels:',
  '  - conda-forge',
  '  - defaults   # the default channel',
  'dependencies:',
  '  - python=3.11',
  '  - conda-forge::numpy>=1.26',
  '  - "scipy 1.11.*"',
  '  - \'pandas[version=">=2,<3"]\'',
  '  - pip',
  '  # a comment line',
  '  - pip:',
  '      - requests==2.31.0',
  '      - "flask[async]>=3 ; python_version >= \'3.9\'"',
  '      - --extra-index-url https://pypi.example/simple',
  '      - -e ./src',
  '      - -r extra-requirements.txt',
  '      - httpx @ https://files.example/httpx-0.27-py3-none-any.whl',
  '      - git+https://github.com/user/tool.git',
  '  - nodejs',
  'variables:',
  '  MY_VAR: value',
].join('\n');

const specFile = ['# pinned specs', 'numpy=1.26', '', 'bioconda::samtools  # aligner', 'scipy >=1.11'].join('\n');

const explicitFile = [
  '# platform: linux-64',
  '@EXPLICIT',
  'https://conda.anaconda.org/conda-forge/linux-64/numpy-1.26.4-py311h.conda#abc123',
].join('\n');

const project = memoryFiles(
  new Map([
    ['/proj/environment.yml', environment],
    ['/proj/envs/dev.yaml', 'dependencies:\n- black\n- pip:\n  - ruff\n'],
    ['/proj/specs.txt', specFile],
    ['/proj/explicit.txt', explicitFile],
    ['/proj/flow.yml', 'channels: [conda-forge, bioconda]\ndependencies: [python=3.12, "numpy 2.*"]\n'],
  ]),
);

describe('classifyCondaSpec', () => {
  it.each<[string, Omit<Shape, 'ecosystem'>]>([
    ['numpy', { kind: 'registry', name: 'numpy', spec: 'numpy' }],
    ['numpy=1.2.*', { kind: 'registry', name: 'numpy', spec: 'numpy=1.2.*' }],
    ['numpy==1.2', { kind: 'registry', name: 'numpy', spec: 'numpy==1.2' }],
    ['numpy>=1.2,<2', { kind: 'registry', name: 'numpy', spec: 'numpy>=1.2,<2' }],
    ['numpy 1.2.*', { kind: 'registry', name: 'numpy', spec: 'numpy 1.2.*' }],
    ['numpy 1.2.* py311*', { kind: 'registry', name: 'numpy', spec: 'numpy 1.2.* py311*' }],
    ["numpy[version='>=1.2']", { kind: 'registry', name: 'numpy', spec: "numpy[version='>=1.2']" }],
    ['numpy=1.2=py311_0', { kind: 'registry', name: 'numpy', spec: 'numpy=1.2=py311_0' }],
    ['numpy~=1.2', { kind: 'registry', name: 'numpy', spec: 'numpy~=1.2' }],
    ['numpy!=1.3', { kind: 'registry', name: 'numpy', spec: 'numpy!=1.3' }],
    ['conda-forge::numpy', { kind: 'registry', name: 'numpy', spec: 'conda-forge::numpy' }],
    ['conda-forge::numpy=1.26', { kind: 'registry', name: 'numpy', spec: 'conda-forge::numpy=1.26' }],
    ['conda-forge/label/dev::numpy', { kind: 'registry', name: 'numpy', spec: 'conda-forge/label/dev::numpy' }],
    ['https://conda.example/channel::numpy', { kind: 'registry', name: 'numpy', spec: 'https://conda.example/channel::numpy' }],
    ['python-dateutil', { kind: 'registry', name: 'python-dateutil', spec: 'python-dateutil' }],
    ['./numpy-1.26.conda', { kind: 'path', location: './numpy-1.26.conda' }],
    ['numpy-1.26-py311.tar.bz2', { kind: 'path', location: 'numpy-1.26-py311.tar.bz2' }],
    ['/abs/pkgs/x.conda', { kind: 'path', location: '/abs/pkgs/x.conda' }],
    ['file:///abs/pkgs/x.conda', { kind: 'path', location: '/abs/pkgs/x.conda' }],
    ['https://conda.example/x-1.0-0.conda', { kind: 'url', location: 'https://conda.example/x-1.0-0.conda' }],
    ['>=1.2', { kind: 'registry', name: '>=1.2', spec: '>=1.2' }],
  ])('%j', (input, expected) => {
    expect(shape(classifyCondaSpec(input, 'argv'))).toEqual({ ecosystem: 'conda', ...expected });
  });
});

describe('parseCondaCommand: command lines', () => {
  it.each<[string[], string[]]>([
    [['conda', 'install', 'numpy'], ['numpy']],
    [
      ['conda', 'install', '-y', 'numpy=1.26', 'scipy>=1.11,<2'],
      ['numpy=1.26', 'scipy>=1.11,<2'],
    ],
    [
      ['conda', 'create', '-n', 'env', 'python=3.11', 'numpy'],
      ['python=3.11', 'numpy'],
    ],
    [['conda', 'create', '--name', 'env', 'python'], ['python']],
    [['conda', 'create', '--name=env', 'python'], ['python']],
    [['conda', 'create', '-p', './env', 'python'], ['python']],
    [['conda', 'create', '--prefix', '/opt/env', 'python'], ['python']],
    [['conda', 'install', '--solver', 'libmamba', 'numpy'], ['numpy']],
    [['conda', 'install', '--solver=classic', 'numpy'], ['numpy']],
    [['conda', 'install', '-C', 'numpy'], ['numpy']],
    [['conda', 'install', '--override-channels', '-c', 'conda-forge', 'numpy'], ['numpy']],
    [['conda', 'install', 'numpy 1.26.*'], ['numpy 1.26.*']],
    [['conda', 'install', "numpy[version='>=1.2']"], ["numpy[version='>=1.2']"]],
    [['conda', 'update', 'numpy'], ['numpy']],
    [['conda', 'update', '--all'], []],
    [['conda', '--no-plugins', 'install', 'numpy'], ['numpy']],
    [['/opt/conda/bin/conda', 'install', 'numpy'], ['numpy']],
    [['C:\\Miniconda3\\Scripts\\conda.exe', 'install', 'numpy'], ['numpy']],
    [['mamba', 'install', 'numpy'], ['numpy']],
    [['mamba', 'create', '-n', 'x', 'pytorch::pytorch'], ['pytorch::pytorch']],
    [['micromamba', 'install', '-c', 'conda-forge', 'xtensor'], ['xtensor']],
    [['micromamba', 'create', '-r', '/root', '-n', 'x', 'python'], ['python']],
    [['conda', 'install', '-ycconda-forge', 'numpy'], ['numpy']],
    [['conda', 'install', '--', '-weird'], ['-weird']],
    [['conda', 'install', ''], []],
  ])('%j', (argv, specs) => {
    const request = parse(argv);
    expect(request?.installs).toBe(true);
    expect(request?.targets.map((target) => target.spec)).toEqual(specs);
    expect(request?.targets.every((target) => target.ecosystem === 'conda' && target.origin === 'argv')).toBe(true);
  });

  it.each<[string[], string[]]>([
    [['conda', 'install', '-c', 'conda-forge', 'numpy'], ['conda-forge']],
    [
      ['conda', 'install', '--channel', 'bioconda', '--channel=conda-forge', 'x'],
      ['bioconda', 'conda-forge'],
    ],
    [['conda', 'install', '-c', 'https://conda.example/private', 'x'], ['https://conda.example/private']],
    [['conda', 'install', 'pytorch::pytorch', 'x'], ['pytorch']],
    [['conda', 'install', '-c', 'pytorch', 'pytorch::pytorch'], ['pytorch']],
    [['mamba', 'install', '-cconda-forge', 'x'], ['conda-forge']],
    [['conda', 'install', "numpy[channel='conda-forge',version='>=1']"], ['conda-forge']],
    [['conda', 'install', 'numpy[channel=bioconda]'], ['bioconda']],
    [['conda', 'install', 'x'], []],
  ])('%j points at %j', (argv, indexes) => {
    expect(parse(argv)?.indexes).toEqual(indexes);
  });

  it('classifies local packages and URLs on the command line', () => {
    const request = parse(['conda', 'install', './pkgs/x-1.0.conda', 'https://conda.example/y-1.0.tar.bz2']);
    expect(request?.targets.map((target) => [target.kind, target.location])).toEqual([
      ['path', './pkgs/x-1.0.conda'],
      ['url', 'https://conda.example/y-1.0.tar.bz2'],
    ]);
  });

  it.each<[string[]]>([
    [['conda', 'list']],
    [['conda', 'remove', 'numpy']],
    [['conda', 'search', 'numpy']],
    [['conda', 'activate', 'env']],
    [['conda', 'env', 'list']],
    [['conda', 'env', 'remove', '-n', 'x']],
    [['conda', 'run', '-n', 'env', 'pip', 'install', 'x']],
    [['conda', '--version']],
    [['conda']],
    [['mamba', 'repoquery', 'depends', 'x']],
    [['micromamba', 'shell', 'init']],
  ])('%j installs nothing', (argv) => {
    const request = parse(argv, project);
    expect(request?.installs).toBe(false);
    expect(request?.targets).toEqual([]);
  });

  it.each([['pip'], ['condax'], ['npm'], ['']])('%s is not a conda manager', (program) => {
    expect(parse([program, 'install', 'numpy'])).toBeUndefined();
  });

  it.each<[string, string]>([
    ['conda', 'conda'],
    ['mamba', 'mamba'],
    ['micromamba', 'micromamba'],
    ['/usr/local/bin/micromamba', 'micromamba'],
  ])('%s is reported as %s', (program, manager) => {
    expect(parse([program, 'install', 'x'])?.manager).toBe(manager);
  });
});

describe('parseCondaCommand: spec files', () => {
  it.each<[string[]]>([
    [['conda', 'install', '--file', 'specs.txt']],
    [['conda', 'create', '-n', 'x', '--file=specs.txt']],
    [['mamba', 'install', '-f', 'specs.txt']],
    [['conda', 'install', '--file', '/proj/specs.txt']],
  ])('%j reads specs one per line', (argv) => {
    const request = parse(argv, project);
    expect(request?.files).toEqual(['/proj/specs.txt']);
    expect(request?.targets.map((target) => [target.spec, target.origin])).toEqual([
      ['numpy=1.26', '/proj/specs.txt:2'],
      ['bioconda::samtools', '/proj/specs.txt:4'],
      ['scipy >=1.11', '/proj/specs.txt:5'],
    ]);
    expect(request?.indexes).toEqual(['bioconda']);
  });

  it('reads explicit files as package URLs', () => {
    const request = parse(['conda', 'create', '-n', 'x', '--file', 'explicit.txt'], project);
    expect(request?.targets.map((target) => [target.kind, target.location])).toEqual([
      ['url', 'https://conda.anaconda.org/conda-forge/linux-64/numpy-1.26.4-py311h.conda#abc123'],
    ]);
  });

  it('adds command-line specs to those from the file', () => {
    const request = parse(['conda', 'install', '--file', 'specs.txt', 'pandas'], project);
    expect(request?.targets.map((target) => target.name)).toEqual(['pandas', 'numpy', 'samtools', 'scipy']);
  });

  it.each<[string[], string]>([
    [['conda', 'install', '--file', 'missing.txt'], '/proj/missing.txt'],
    [['conda', 'install', '--file'], '--file'],
    [['conda', 'env', 'create', '-f', 'nope.yml'], '/proj/nope.yml'],
  ])('%j reports %s as unresolved', (argv, what) => {
    const request = parse(argv, project);
    expect(request?.installs).toBe(true);
    expect(request?.unresolved.map((entry) => entry.what)).toEqual([what]);
  });
});

describe('parseCondaCommand: environment files', () => {
  it.each<[string[]]>([
    [['conda', 'env', 'create', '-f', 'environment.yml']],
    [['conda', 'env', 'create', '--file', 'environment.yml', '-n', 'science']],
    [['conda', 'env', 'create']],
    [['conda', 'env', 'update', '--file=environment.yml', '--prune']],
    [['mamba', 'env', 'create', '-f', '/proj/environment.yml']],
    [['micromamba', 'create', '-f', 'environment.yml']],
    [['micromamba', 'install', '-f', 'environment.yml']],
  ])('%j reads conda and pip dependencies', (argv) => {
    const request = parse(argv, project);
    expect(request?.installs).toBe(true);
    expect(request?.files).toEqual(['/proj/environment.yml']);
    expect(request?.targets.map(shape)).toEqual([
      { ecosystem: 'conda', kind: 'registry', name: 'python', spec: 'python=3.11' },
      { ecosystem: 'conda', kind: 'registry', name: 'numpy', spec: 'conda-forge::numpy>=1.26' },
      { ecosystem: 'conda', kind: 'registry', name: 'scipy', spec: 'scipy 1.11.*' },
      { ecosystem: 'conda', kind: 'registry', name: 'pandas', spec: 'pandas[version=">=2,<3"]' },
      { ecosystem: 'conda', kind: 'registry', name: 'pip', spec: 'pip' },
      { ecosystem: 'pypi', kind: 'registry', name: 'requests', spec: 'requests==2.31.0' },
      {
        ecosystem: 'pypi',
        kind: 'registry',
        name: 'flask',
        spec: "flask[async]>=3 ; python_version >= '3.9'",
      },
      { ecosystem: 'pypi', kind: 'editable', location: './src' },
      {
        ecosystem: 'pypi',
        kind: 'url',
        name: 'httpx',
        location: 'https://files.example/httpx-0.27-py3-none-any.whl',
      },
      { ecosystem: 'pypi', kind: 'vcs', location: 'git+https://github.com/user/tool.git' },
      { ecosystem: 'conda', kind: 'registry', name: 'nodejs', spec: 'nodejs' },
    ]);
    expect(request?.indexes).toEqual(['conda-forge', 'defaults', 'https://pypi.example/simple']);
    expect(request?.unresolved.map((entry) => entry.why)).toEqual(['pip requirement files named in an environment file are not read']);
  });

  it('records the file and line of each entry', () => {
    const request = parse(['conda', 'env', 'create'], project);
    const lines = environment.split('\n');
    const requests = request?.targets.find((target) => target.name === 'requests');
    expect(requests?.origin).toBe(`/proj/environment.yml:${lines.findIndex((line) => line.includes('requests')) + 1}`);
  });

  it('reads compact lists at the key indentation', () => {
    const request = parse(['conda', 'env', 'update', '-f', 'envs/dev.yaml'], project);
    expect(request?.targets.map((target) => `${target.ecosystem} ${target.name}`)).toEqual(['conda black', 'pypi ruff']);
  });

  it('reads flow lists', () => {
    const request = parse(['conda', 'env', 'create', '-f', 'flow.yml'], project);
    expect(request?.targets.map((target) => target.spec)).toEqual(['python=3.12', 'numpy 2.*']);
    expect(request?.indexes).toEqual(['conda-forge', 'bioconda']);
  });

  it('reports nested entries it does not read', () => {
    const text = 'dependencies:\n  - numpy\n  - cuda:\n      - x\n';
    const request = parse(['conda', 'env', 'create'], memoryFiles(new Map([['/proj/environment.yml', text]])));
    expect(request?.targets.map((target) => target.name)).toEqual(['numpy']);
    expect(request?.unresolved.map((entry) => entry.what)).toEqual(['/proj/environment.yml:3 cuda']);
  });

  it('reports a remote environment spec as unresolved', () => {
    const request = parse(['conda', 'env', 'create', 'user/env'], project);
    expect(request?.unresolved.map((entry) => entry.what)).toContain('user/env');
  });
});

describe('parseCondaCommand: bad input', () => {
  const tokens = [
    'install',
    'create',
    'env',
    'update',
    '-c',
    '-f',
    '--file',
    '--file=',
    '-n',
    '--',
    '-',
    '::',
    'a::',
    '"unterminated',
    "x[version='",
    'environment.yml',
    'specs.txt',
    'pip:',
    '\u0000\uffff',
  ];
  const token = fc.oneof(fc.constantFrom(...tokens), fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));
  const programs = ['conda', 'mamba', 'micromamba', 'pip'];

  it('never throws on arbitrary argv', () => {
    fc.assert(
      fc.property(fc.constantFrom(...programs), fc.array(token, { maxLength: 10 }), (program, rest) => {
        const request = parse([program, ...rest], project);
        if (program === 'pip') expect(request).toBeUndefined();
        else expect(request).toBeDefined();
      }),
      { numRuns: 3000 },
    );
  });

  const yamlLine = fc.oneof(
    fc.constantFrom('dependencies:', 'channels:', '  - pip:', '  - numpy', '- x', '    - requests', '#', "'", '"', '[a, b'),
    fc.string(),
    fc.string({ unit: 'binary' }),
  );

  it('never throws on arbitrary environment and spec files', () => {
    fc.assert(
      fc.property(fc.array(yamlLine, { maxLength: 20 }), (lines) => {
        const text = lines.join('\n');
        const files = memoryFiles(
          new Map([
            ['/proj/environment.yml', text],
            ['/proj/specs.txt', text],
          ]),
        );
        expect(parse(['conda', 'env', 'create'], files)?.installs).toBe(true);
        expect(parse(['conda', 'install', '--file', 'specs.txt'], files)?.installs).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it.each<[string, string]>([
    ['a long plain spec', 'n'.repeat(100_000)],
    ['a long run of spaces', `a${' '.repeat(100_000)}b`],
    ['a long run of colons', `a${':'.repeat(100_000)}`],
    ['a long pip line', `  - pip:\n    - x${' @'.repeat(50_000)}`],
    ['many brackets', `x${'['.repeat(100_000)}`],
    ['a long bracket', `x[${' channel'.repeat(20_000)}`],
    ['a long comment', `dependencies:\n  - numpy ${'#'.repeat(100_000)}`],
    ['many lines', `dependencies:\n${'  - numpy\n'.repeat(10_000)}`],
    ['a long quoted line', `dependencies:\n  - "${'\\"'.repeat(50_000)}`],
  ])('finishes on %s', (_, text) => {
    const files = memoryFiles(
      new Map([
        ['/proj/environment.yml', text],
        ['/proj/specs.txt', text],
      ]),
    );
    expect(parse(['conda', 'install', text], files)?.installs).toBe(true);
    expect(parse(['conda', 'env', 'create'], files)?.installs).toBe(true);
    expect(parse(['conda', 'install', '--file', 'specs.txt'], files)?.installs).toBe(true);
  });
});
