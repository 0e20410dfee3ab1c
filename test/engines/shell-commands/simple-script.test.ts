/**
 * Tests for the small install-command parser: it covers what agents write most, and (property)
 * whatever it parses, it parses to exactly the tree the full parser (mvdan/sh) gives.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../../src/engines/shell-commands/io/mvdan-parser.js';
import { parseSimpleScript, MAX_SIMPLE_LENGTH } from '../../../src/engines/shell-commands/simple-script.js';
import { type ShellParser } from '../../../src/engines/shell-commands/index.js';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

function full(source: string) {
  const parsed = parser.parse(source);
  return parsed.ok ? parsed.statements : parsed.error;
}

describe('parseSimpleScript', () => {
  it.each([
    'pip install requests',
    'pip install -r requirements.txt',
    'cd web && npm install left-pad && npm test',
    'npm i -D typescript 2>&1 | tail -5',
    'VAR=x FOO="a b" uv add "fastapi[all]"',
    "python3 -m pip install 'requests>=2.31' numpy==1.26.4",
    'pip install requests > /tmp/log 2>&1; echo done',
    'yarn add react\nnpm run build',
    'pnpm add zod ||\n  echo failed',
    'conda install -c conda-forge numpy=1.26',
    'pip install x >> log < /dev/null',
    'cd ~/project && pip install -e .',
    'EMPTY= pip install x',
    'pip install a"b"\'c\'d ""',
    '   pip install requests   ;   ',
    '',
    'pip install cfn-lint[sarif] "ray[tune]"',
    'pip install dist/*.whl opencv-python==4.6.* lodash@^2.8.5 x?y {a,b} !z',
    'pip install -e . # editable install',
    '# setup\npip install x',
    'pip install -e git+https://github.com/o/r.git#egg=r',
    'pip install torch==$TORCH "numpy==${NP}" "$PKG" "a $X b"',
    'pip install a\\ b "x\\"y\\$z"',
    'pip install \\\n  requests \\\n  numpy',
  ])('parses %j exactly as the full parser does', (source) => {
    const simple = parseSimpleScript(source);
    expect(simple).toBeDefined();
    expect(simple).toEqual(full(source));
  });

  it.each([
    'pip install $(cat reqs)',
    'pip install `cat reqs`',
    'pip install $1',
    'pip install "$@"',
    'pip install ${PKG:-x}',
    "pip install $'x'",
    'pip install "$(cat reqs)"',
    'if true; then pip install x; fi',
    'export X=1 && pip install x',
    '(cd web && npm i)',
    '{ pip install x; }',
    'pip install x &',
    'pip install x |& tee log',
    'cat <<EOF | sh\npip install x\nEOF',
    'pip install a\\\nb',
    'a[1]=x pip install y',
    'X=1',
    '> out',
    'pip install x && ',
    '&& pip install x',
    'pip install "unterminated',
    "pip install 'déjà'",
    'time pip install x',
    '! pip install x',
    'pip install x ;; y',
    'pip install x <(ls)',
    'pip install x 2>',
    'a=(1 2) pip install x',
    'X+=1 pip install x',
  ])('leaves %j to the full parser', (source) => {
    expect(parseSimpleScript(source)).toBeUndefined();
  });

  it('leaves long sources to the full parser', () => {
    expect(parseSimpleScript(`pip install ${'a '.repeat(MAX_SIMPLE_LENGTH)}`)).toBeUndefined();
  });

  const piece = fc.constantFrom(
    'pip',
    'install',
    'requests',
    '-r',
    'reqs.txt',
    'npm',
    'i',
    '-D',
    '@types/node',
    'uv',
    'add',
    'cd',
    'web',
    'x=1',
    'A_B=c',
    '"a b"',
    "'c d'",
    '""',
    "''",
    'x"y"',
    "p'q'r",
    '~/x',
    'a,b',
    '1',
    '2',
    '%',
    '+x',
    '--index-url=https://e.org/simple',
    'X+=1',
    'if',
    'then',
    'fi',
    'export',
    'time',
    '!',
    '{',
    '}',
    '$X',
    '*',
    '[x]',
    '#c',
    '\\',
    '(',
    ')',
    'é',
    '${X}',
    '"$X y"',
    '"${X}"',
    '$1',
    '${X:-y}',
    '$',
    'a$X',
    '"a\\"b"',
    '"\\$X"',
    'a\\ b',
    '\\#',
    'x#y',
    'a[1]=2',
    'a[1]',
    '[',
    '[[',
    ']]',
    'x*',
    '?(a)',
    '^2',
    '!x',
    '{a,b}',
    '{x',
    'x}',
    '`x`',
    "$'x'",
  );
  const glue = fc.constantFrom(
    ' ',
    ' ',
    ' ',
    '  ',
    '\t',
    ' && ',
    ' || ',
    ' | ',
    '|',
    '&&',
    '; ',
    ';',
    '\n',
    ' \n ',
    ' & ',
    ' > ',
    '>',
    ' >> ',
    ' < ',
    ' 2>&1 ',
    ' 2>',
    '>&',
    ' ;; ',
    '',
    ' \\\n',
    ' \\\n  ',
    '\\\n',
    ' #c\n',
    ' # c && x\n',
    '#',
  );
  const source = fc
    .array(fc.tuple(glue, piece), { maxLength: 12 })
    .chain((pairs) => fc.tuple(fc.constant(pairs.map(([g, p]) => g + p).join('')), glue).map(([body, tail]) => body + tail));

  // Mostly well-formed commands, so the property also covers many parsed ones.
  const safeWord = fc.constantFrom(
    'pip',
    'install',
    'requests',
    '-r',
    'reqs.txt',
    'npm',
    'i',
    '@types/node',
    '"a b"',
    "'c d'",
    '""',
    'x"y"',
    '~/x',
    '2',
    '--index-url=https://e.org/simple',
    'uv',
    'add',
    'cfn-lint[sarif]',
    '"ray[tune]"',
    'dist/*.whl',
    'numpy==1.*',
    'cors@^2.8.5',
    'git+https://e.org/r.git#egg=r',
    'torch==$V',
    '"x==${V}"',
    '"$PKG"',
    'a\\ b',
  );
  const assignment = fc.constantFrom('X=1', 'A_B="q r"', "E=''", 'E=');
  const redirect = fc.constantFrom(' > out', ' 2>&1 ', ' >> log', ' < in', ' >x', ' 1>&2 ');
  // The command's name has no `[` (mvdan/sh may read `a[…]` there as an array element, so those go to it).
  const program = fc.constantFrom('pip', 'npm', 'uv', 'cd', '"a b"', 'x"y"', '$PIP', '2');
  const command = fc
    .tuple(fc.array(assignment, { maxLength: 2 }), program, fc.array(safeWord, { maxLength: 5 }), fc.array(redirect, { maxLength: 2 }))
    .map(([assigns, name, words, redirects]) => [...assigns, name, ...words].join(' ') + redirects.join(''));
  const wellFormed = fc
    .tuple(
      command,
      fc.array(fc.tuple(fc.constantFrom(' && ', ' || ', ' | ', '; ', '\n', ' &&\n  ', '|', ' \\\n  && ', ' # note\n'), command), {
        maxLength: 4,
      }),
      fc.constantFrom('', ';', '\n', ' '),
    )
    .map(([first, rest, end]) => first + rest.map(([op, next]) => op + next).join('') + end);

  // Strings over the characters that matter to shell syntax: quoting, operators, expansions, escapes, odd and non-ASCII ones.
  const shellish = fc.string({
    unit: fc.constantFrom(...'ab x=_1-./[]*?#${}\\\'"\n\t;&|<>!^~@%+,:()`é\u0000\r'.split('')),
    maxLength: 24,
  });

  it('parses to exactly what the full parser gives, whenever it parses at all (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 3, arbitrary: source },
          { weight: 3, arbitrary: wellFormed },
          { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
          { weight: 2, arbitrary: shellish },
        ),
        (text) => {
          const simple = parseSimpleScript(text);
          if (simple !== undefined) expect(simple).toEqual(full(text));
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('takes every well-formed command of the subset (the fast path is not empty)', () => {
    const samples = fc.sample(wellFormed, { numRuns: 1000, seed: 7 });
    expect(samples.filter((text) => parseSimpleScript(text) === undefined)).toEqual([]);
  });
});
