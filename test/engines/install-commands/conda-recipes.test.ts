/** Tests for reading conda recipes (meta.yaml, recipe.yaml) and the recipe builders' command lines. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readRecipeText } from '../../../src/engines/install-commands/conda-recipes.js';
import { parseRecipeCommand } from '../../../src/engines/install-commands/recipe-commands.js';
import { parseInstallCommand } from '../../../src/engines/install-commands/parse-install-command.js';
import { emptyRequest } from '../../../src/engines/install-commands/install-request.js';
import { type FileReader, type InstallRequest } from '../../../src/engines/install-commands/types.js';
import { isPackageManagerProgram } from '../../../src/engines/shell-commands/programs.js';

function memoryFiles(files: Record<string, string>): FileReader {
  return { readText: (path) => files[path] };
}

function readText(text: string, format: 'meta' | 'rattler'): InstallRequest {
  const request = emptyRequest('conda', true);
  readRecipeText(text, format, 'recipe/meta.yaml', request);
  return request;
}

const names = (request: InstallRequest | undefined): string[] => (request?.targets ?? []).map((target) => target.name ?? '');

const META = [
  '{% set name = "Widget-Kit" %}',
  '{% set version = "1.2.0" %}',
  '{# a comment {{ nothing }} #}',
  'package:',
  '  name: {{ name|lower }}',
  '  version: {{ version }}',
  'requirements:',
  '  build:',
  "    - {{ compiler('c') }}",
  "    - {{ stdlib('c') }}",
  '  host:',
  '    - python {{ python }}',
  "    - {{ pin_compatible('numpy') }}",
  '    - pip',
  '  run:',
  '    - python',
  '    - pywin32  # [win]',
  '    - uvloop >=0.14  # [not win]',
  '    - tomli  # [py<311]',
  '    - zzq-recipe-run',
  '  run_constrained:',
  '    - zzq-only-a-constraint',
  'test:',
  '  requires:',
  '    - pytest',
  'outputs:',
  '  - name: widget-kit-extras',
  '    requirements:',
  "      - {{ pin_subpackage('widget-kit', exact=True) }}",
  '      - zzq-output-run',
  '    test:',
  '      requires: [zzq-output-test]',
].join('\n');

describe('meta.yaml', () => {
  it('reads build, host, run and test requirements with the Jinja subset and Linux selectors', () => {
    const request = readText(META, 'meta');
    expect(names(request)).toEqual([
      'gcc_linux-64',
      'sysroot_linux-64',
      'python',
      'numpy',
      'pip',
      'python',
      'uvloop',
      'tomli',
      'zzq-recipe-run',
      'pytest',
      'zzq-output-run',
      'zzq-output-test',
    ]);
    expect(request.unresolved).toEqual([]);
    expect(request.targets.every((target) => target.ecosystem === 'conda' && target.kind === 'registry')).toBe(true);
  });

  it.each([
    ['a statement outside the subset', '{% if linux %}\nrequirements:\n  run: [numpy]\n{% endif %}\n'],
    ['a name from an unknown variable', 'requirements:\n  run:\n    - {{ dep }}\n'],
    ['a name from a function it does not evaluate', "requirements:\n  run:\n    - {{ cdt('mesa-libgl') }}\n"],
    ['a macro call', "{% macro dep() %}x{% endmacro %}\nrequirements:\n  run: ['{{ dep() }}']\n"],
    ['YAML broken after rendering', 'requirements: [run:\n'],
    ['a requirement that is a mapping', 'requirements:\n  run:\n    - {name: numpy}\n'],
  ])('leaves %s unverifiable', (_label, text) => {
    const request = readText(text, 'meta');
    expect(request.unresolved.length).toBeGreaterThan(0);
  });

  it('keeps the name when only the version is unreadable, and evaluates concatenations and filters', () => {
    const text = [
      '{% set base = "zzq" %}',
      "{% set dep = base ~ '-' + 'Joined'|lower %}",
      'requirements:',
      '  run:',
      '    - {{ dep }} {{ environ.get("V") }}',
      '    - {{ ("ZZQ-" ~ "upper")|lower|replace("upper", "rep") }}',
    ].join('\n');
    expect(names(readText(text, 'meta'))).toEqual(['zzq-joined', 'zzq-rep']);
  });

  it('keeps the last of repeated keys, as conda-build does', () => {
    expect(names(readText('requirements:\n  run: [a1]\n  run: [zzq-last]\n', 'meta'))).toEqual(['zzq-last']);
  });
});

describe('recipe.yaml', () => {
  const RECIPE = [
    'context:',
    '  name: zzq-tool',
    '  dep: ${{ name }}-core',
    'package:',
    '  name: ${{ name }}',
    'requirements:',
    '  build:',
    '    - ${{ compiler("cxx") }}',
    '  host:',
    '    - python ${{ python_min }}.*',
    '    - if: linux',
    '      then: zzq-linux-only',
    '      else: [zzq-elsewhere]',
    '  run:',
    '    - ${{ dep }}',
    '  run_constraints:',
    '    - zzq-constraint',
    'tests:',
    '  - requirements:',
    '      run: [zzq-test-run]',
    '    script: [zzq-tool --help]',
    '  - downstream: zzq-downstream',
    '  - python:',
    '      imports: [zzq_tool]',
    'outputs:',
    '  - package:',
    '      name: zzq-tool-core',
    '    requirements:',
    '      run: [zzq-output-dep]',
  ].join('\n');

  it('reads context variables, both branches of an if item, test requirements and outputs', () => {
    const request = readText(RECIPE, 'rattler');
    expect(names(request)).toEqual([
      'gxx_linux-64',
      'python',
      'zzq-linux-only',
      'zzq-elsewhere',
      'zzq-test-run',
      'zzq-downstream',
      'zzq-output-dep',
    ]);
    expect(request.unresolved).toEqual([]);
  });

  it('leaves a name built from an unknown variable unverifiable', () => {
    const request = readText('requirements:\n  run:\n    - ${{ secret }}-pkg\n', 'rattler');
    expect(request.targets).toEqual([]);
    expect(request.unresolved).toHaveLength(1);
  });
});

describe('recipe builder commands', () => {
  const files = memoryFiles({
    '/proj/recipe/meta.yaml': 'requirements:\n  run: [zzq-meta-dep]\n',
    '/proj/rr/recipe.yaml': 'requirements:\n  run: [zzq-rattler-dep]\n',
    '/proj/recipe.yaml': 'requirements:\n  host: [zzq-default-dep]\n',
  });
  const parse = (argv: string[]): InstallRequest | undefined => parseRecipeCommand(argv, { cwd: '/proj', files });

  it.each([
    [['conda', 'build', '-c', 'conda-forge', '--python', '3.11', 'recipe'], ['zzq-meta-dep'], ['conda-forge']],
    [['conda', 'mambabuild', 'recipe/meta.yaml'], ['zzq-meta-dep'], []],
    [['/opt/conda/bin/conda-build', '--channel=bioconda', 'recipe'], ['zzq-meta-dep'], ['bioconda']],
    [['rattler-build', 'build', '--recipe', 'rr', '-c', 'conda-forge'], ['zzq-rattler-dep'], ['conda-forge']],
    [['rattler-build', '-v', 'build'], ['zzq-default-dep'], ['conda-forge']],
    [['boa', 'build', 'rr'], ['zzq-rattler-dep'], []],
  ])('%j installs the recipe requirements', (argv, expected, channels) => {
    const request = parse(argv);
    expect(request?.installs).toBe(true);
    expect(names(request)).toEqual(expected);
    expect(request?.indexes).toEqual(channels);
    expect(request?.unresolved).toEqual([]);
  });

  it.each([
    [['conda', 'build', 'missing']],
    [['conda', 'build']],
    [['conda', 'build', 'https://example.invalid/recipe.tar.bz2']],
    [['conda', 'build', '--test', 'dist/pkg-1.0-0.conda']],
    [['conda-build', '--extra-deps', 'zzq-extra', 'recipe']],
    [['rattler-build', 'build', '--recipe-dir', 'recipes']],
    [['rattler-build', 'build', 'stray-word']],
    [['rattler-build', 'frobnicate']],
    [['boa', 'mystery']],
  ])('%j is unverifiable', (argv) => {
    const request = parse(argv);
    expect(request?.installs).toBe(true);
    expect(request?.unresolved.length).toBeGreaterThan(0);
  });

  it.each([[['rattler-build', 'completion', '--shell', 'bash']], [['rattler-build']], [['boa', 'convert', 'meta.yaml']]])(
    '%j installs nothing by rule',
    (argv) => {
      const request = parse(argv);
      expect(request?.installs).toBe(false);
      expect(request?.unresolved).toEqual([]);
    },
  );

  it('is reached through the one door and the shell walker knows the builders', () => {
    expect(names(parseInstallCommand(['conda', 'build', 'recipe'], { cwd: '/proj', files, env: {} }))).toEqual(['zzq-meta-dep']);
    expect(parseInstallCommand(['conda', 'install', 'numpy'], { cwd: '/proj', files, env: {} })?.targets[0]?.name).toBe('numpy');
    for (const program of ['rattler-build', 'boa', 'conda-build']) expect(isPackageManagerProgram(program)).toBe(true);
  });

  it('property: every requirement of a recipe is vetted or unverifiable, never dropped', () => {
    const word = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim().length > 0 && !text.includes('#'));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom('meta', 'rattler'), (items, format) => {
        const text = `requirements:\n  run:\n${items.map((item) => `    - ${JSON.stringify(item)}`).join('\n')}\n`;
        const request = readText(text, format);
        expect(request.targets.length + request.unresolved.length).toBeGreaterThan(0);
      }),
    );
  });
});
