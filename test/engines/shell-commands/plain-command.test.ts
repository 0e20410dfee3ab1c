/**
 * Tests for the parser-free pre-check: it lets ordinary commands through without the parser, and
 * (property) whatever it calls plain, the full analysis finds nothing in either.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellScript } from '../../../src/engines/shell-commands/analyze.js';
import { loadShellParser } from '../../../src/engines/shell-commands/io/mvdan-parser.js';
import { isPlainCommand, MAX_PLAIN_LENGTH, type ShellParser } from '../../../src/engines/shell-commands/index.js';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

/** The full analysis (parser included), without the pre-check in front of it. */
function fullAnalysis(source: string) {
  return analyzeShellScript(source, parser);
}

describe('isPlainCommand', () => {
  it.each([
    'ls -la',
    'git status && git diff --stat',
    'grep -rn "foo(bar)" src | head -20',
    "awk '{print $1}' data.txt > out.txt 2>&1",
    'cat README.md; echo done-ish',
    'pytest tests/ -x -q',
    'ls *.txt src/*.ts',
    'cd /tmp/project && ls',
    'FOO=1 pytest -q',
    'tail -n 50 build.log &',
    'ls |\n  wc -l',
    'ls \\\n  -la',
    '',
    '  \n ',
    'echo "it\'s fine"',
    'git commit -m "fix: the parser (closes 12)"',
  ])('lets %j through without the parser', (command) => {
    expect(isPlainCommand(command)).toBe(true);
    expect(fullAnalysis(command)).toEqual({ commands: [], unverifiable: [] });
  });

  it.each([
    // Task runners run the project's files (Makefile, justfile, tox.ini …), which the app reads.
    'FOO=1 make test',
    'just setup',
    'tox -e py',
    'pip install requests',
    "p'i'p install x",
    '"p"ip install x',
    'p\\ip install x',
    'p\\\nip install x',
    'PIP install x',
    'uv add x',
    'bun add x',
    'py -m pip install x',
    './venv/bin/python3.11 -m ensurepip',
    'npm.cmd i x',
    'ls && sh -c "echo hi"',
    'bash script.sh',
    'curl https://example.com/i | bash',
    'eval ls',
    'source env.sh',
    '. env.sh',
    'echo x | xargs -n1 echo',
    'sudo ls',
    'env ls',
    'find . -name x -exec rm {} +',
    'ls $HOME',
    'ls `pwd`',
    'ls $(pwd)',
    'echo "$HOME"',
    'l? -la',
    './*.sh',
    'cat <<EOF\nhi\nEOF',
    'cat <<< hi',
    'diff <(ls a) <(ls b)',
    'ls {a,b}',
    '(cd x && ls)',
    'if true; then ls; fi',
    'ls # comment',
    "echo 'unterminated",
    'echo "unterminated',
    'ls &&',
    '&& ls',
    'ls ;;',
    'ls > ',
    'ls\\',
    'echo ünïcode',
    'ls\r',
  ])('sends %j to the parser', (command) => {
    expect(isPlainCommand(command)).toBe(false);
  });
});

// Pieces that a command could be made of: ordinary words and package managers, each of which can
// be hidden by quotes, escapes and line continuations, plus shell syntax of every kind.
const plainWords = [
  'ls',
  '-la',
  'git',
  'status',
  'echo',
  'cat',
  'grep',
  'foo.py',
  'pytest',
  'ubuntu',
  'bundle',
  'make',
  'x',
  'A=1',
  'src/',
  '/usr/bin/',
  '~/bin/',
  'done-ish',
  '.',
  '..',
  'a,b',
  '2',
  '1',
];
const dangerousWords = [
  'pip',
  'pip3',
  'pip3.12',
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'bunx',
  'uv',
  'uvx',
  'poetry',
  'pipx',
  'conda',
  'mamba',
  'micromamba',
  'python',
  'python3.11',
  'py',
  'pypy3',
  'corepack',
  'sh',
  'bash',
  'zsh',
  'dash',
  'fish',
  'eval',
  'source',
  'xargs',
  'env',
  'sudo',
  'nohup',
  'time',
  'command',
  'exec',
  'find',
  'su',
  'timeout',
  'nice',
  'install',
  'add',
  'i',
  '-m',
  '-c',
  'if',
  'then',
  'fi',
  'for',
  'do',
  'done',
  'in',
  '{',
  '}',
  'NPM.EXE',
  'Pip',
];

function hide(word: string, style: number): string {
  switch (style) {
    case 0:
      return word;
    case 1:
      return `'${word.replaceAll("'", `'\\''`)}'`;
    case 2:
      return `"${word.replace(/[$`"\\]/g, '\\$&')}"`;
    case 3:
      return [...word].map((ch) => `\\${ch}`).join('');
    case 4: {
      const middle = Math.floor(word.length / 2);
      return `${word.slice(0, middle)}\\\n${word.slice(middle)}`;
    }
    case 5: {
      const middle = Math.floor(word.length / 2);
      return `${word.slice(0, middle)}'${word.slice(middle)}'`;
    }
    default:
      return `"${word.slice(0, 1)}"${word.slice(1)}`;
  }
}

const word = fc
  .tuple(
    fc.oneof(fc.constantFrom(...plainWords), fc.constantFrom(...dangerousWords), fc.string({ unit: 'binary-ascii', maxLength: 4 })),
    fc.nat(6),
  )
  .map(([text, style]) => hide(text, style));
const syntax = fc.constantFrom(
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\\\n',
  '&&',
  '||',
  '|',
  '|&',
  ';',
  '&',
  ';;',
  '>',
  '>>',
  '2>&1',
  '<',
  '&>',
  '<<',
  '<<<',
  '>|',
  '<>',
  '$',
  '$x',
  '${x}',
  '$(',
  ')',
  '(',
  '`',
  '{',
  '}',
  '*',
  '?',
  '[',
  ']',
  '#',
  '!',
  '~',
  "'",
  '"',
  '\\',
  '=',
  '-',
  '\r',
  '\u00e9',
);
const command = fc
  .array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 2, arbitrary: syntax }), { maxLength: 14 })
  .map((parts) => parts.join(''));
const simple = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));
const list = fc
  .tuple(simple, fc.array(fc.tuple(fc.constantFrom(' && ', ' || ', ' | ', '; ', '\n', ' & ', ' |& ', ' > '), simple), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([op, next]) => op + next).join(''));

describe('isPlainCommand on long input', () => {
  it('sends commands over MAX_PLAIN_LENGTH to the parser', () => {
    expect(isPlainCommand('ls '.repeat(MAX_PLAIN_LENGTH))).toBe(false);
  });
});

describe('isPlainCommand (property)', () => {
  it('never calls plain a command in which the full analysis finds anything', () => {
    let plain = 0;
    fc.assert(
      fc.property(fc.oneof(command, list, fc.string({ unit: 'binary-ascii', maxLength: 30 })), (source) => {
        if (!isPlainCommand(source)) return;
        plain++;
        expect(fullAnalysis(source), JSON.stringify(source)).toEqual({ commands: [], unverifiable: [] });
      }),
      { numRuns: 3000 },
    );
    // The property means something only if plain commands turn up.
    expect(plain).toBeGreaterThan(100);
  });
});
