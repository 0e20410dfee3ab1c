/** Tests for the mvdan/sh adapter: the AST it builds, its error messages, and its limits. */
import { describe, expect, it } from 'vitest';
import { loadShellParser } from '../../../../src/engines/shell-commands/io/mvdan-parser.js';
import { type ShellCommand, type ShellParseResult, type ShellStatement } from '../../../../src/engines/shell-commands/types.js';

const parser = await loadShellParser();

function statements(source: string): ShellStatement[] {
  const result: ShellParseResult = parser.parse(source);
  if (!result.ok) throw new Error(`expected a parse: ${result.error}`);
  return result.statements;
}

function command(source: string): ShellCommand | undefined {
  return statements(source)[0]?.command;
}

describe('the AST', () => {
  it('splits simple commands into assignments and words as written', () => {
    expect(command('A=1 pip install "x[y]"')).toEqual({
      type: 'simple',
      assignments: [{ name: 'A', value: { parts: [{ type: 'literal', raw: '1', context: 'bare' }], text: '1' }, items: [] }],
      words: [
        { parts: [{ type: 'literal', raw: 'pip', context: 'bare' }], text: 'pip' },
        { parts: [{ type: 'literal', raw: 'install', context: 'bare' }], text: 'install' },
        {
          parts: [{ type: 'double-quoted', parts: [{ type: 'literal', raw: 'x[y]', context: 'double-quoted' }] }],
          text: '"x[y]"',
        },
      ],
    });
  });

  it.each([
    ['a && b || c', ['&&', '||']],
    ['a | b |& c', ['|', '|&']],
    ['a && b | c', ['&&']],
  ])('flattens %j into a list with operators %j', (source, ops) => {
    const list = command(source);
    expect(list?.type).toBe('list');
    if (list?.type === 'list') expect(list.rest.map((link) => link.op)).toEqual(ops);
  });

  it('keeps long chains flat, without deep recursion', () => {
    const list = command(`${'a && '.repeat(20_000)}b`);
    expect(list?.type === 'list' ? list.rest.length : 0).toBe(20_000);
  });

  it.each([
    ['a > f', '>'],
    ['a >> f', '>>'],
    ['a < f', '<'],
    ['a <> f', '<>'],
    ['a <&3', '<&'],
    ['a >&2', '>&'],
    ['a >| f', '>|'],
    ['a &> f', '&>'],
    ['a &>> f', '&>>'],
    ['a <<< w', '<<<'],
    ['a <<E\nx\nE\n', '<<'],
    ['a <<-E\n\tx\n\tE\n', '<<-'],
  ])('reads the redirection in %j as %j', (source, op) => {
    expect(statements(source)[0]?.redirects[0]?.op).toBe(op);
  });

  it.each([
    [
      'pip install x 2>&1>/dev/null',
      [
        ['>&', '2', '1'],
        ['>', undefined, '/dev/null'],
      ],
    ],
    [
      'a 2>&1>>log',
      [
        ['>&', '2', '1'],
        ['>>', undefined, 'log'],
      ],
    ],
    [
      'a 3<&0<in',
      [
        ['<&', '3', '0'],
        ['<', undefined, 'in'],
      ],
    ],
    [
      'é=1; a >&2>x 2>&1>y',
      [
        ['>&', undefined, '2'],
        ['>', undefined, 'x'],
        ['>&', '2', '1'],
        ['>', undefined, 'y'],
      ],
    ],
    [
      'a\nb 2>&12>f',
      [
        ['>&', '2', '12'],
        ['>', undefined, 'f'],
      ],
    ],
  ])('reads the duplicated descriptor in %j as bash does (its target, then the next redirection)', (source, expected) => {
    const redirects = statements(source).flatMap((statement) => statement.redirects);
    expect(redirects.map((r) => [r.op, r.fd, r.word.text])).toEqual(expected);
  });

  it('keeps a quoted heredoc literal and an unquoted one expandable', () => {
    const quoted = statements("cat <<'E'\n$x `y`\nE\n")[0]?.redirects[0];
    expect(quoted?.heredoc?.parts).toEqual([{ type: 'single-quoted', value: '$x `y`\n', ansiC: false }]);
    const open = statements('cat <<E\n\\$x $y\nE\n')[0]?.redirects[0];
    expect(open?.heredoc?.parts.map((part) => part.type)).toEqual(['literal', 'expansion', 'literal']);
    expect(open?.fd).toBeUndefined();
    expect(statements('cat 3<<E\nx\nE\n')[0]?.redirects[0]?.fd).toBe('3');
  });

  it.each([
    ['(a)', 'subshell'],
    ['{ a; }', 'group'],
    ['if a; then b; fi', 'if'],
    ['while a; do b; done', 'while'],
    ['for i in a; do b; done', 'for'],
    ['case x in a) b;; esac', 'case'],
    ['f() { a; }', 'function'],
    ['time a', 'time'],
    ['coproc a', 'coproc'],
    ['[[ -n x ]]', 'test'],
    ['((x++))', 'arithmetic'],
    ['export A=1', 'declaration'],
    ['let x=1', 'let'],
  ])('reads %j as a %s', (source, kind) => {
    expect(command(source)).toMatchObject({ type: 'compound', kind });
  });

  it('finds substitutions inside parameter expansions', () => {
    const [word] = (command('echo ${x:-$(pip install y)}') as { words: Array<{ parts: unknown[] }> }).words.slice(1);
    expect(word?.parts).toMatchObject([{ type: 'expansion', kind: 'parameter', nested: [{ text: 'pip install y' }] }]);
  });

  it('gives statement texts without their separators, in characters, not bytes', () => {
    expect(statements('é=1; pip install ☕ & npm i x;').map((statement) => statement.text)).toEqual(['é=1', 'pip install ☕', 'npm i x']);
  });
});

describe('errors', () => {
  it.each([
    ["echo 'x", /^line 1, column 6: reached EOF without closing quote/],
    ['pip install x;;', /^line 1, column 14: ;; can only be used in a case clause/],
    ['echo $(', /^line 1, column 6: reached EOF without matching/],
    ['a &; b', /^line 1, column 4:/],
    ['a > &2', /^line 1, column 3: > must be followed by a word/],
    ['echo "2>&1>x" >&', /^line 1, column 15: >& must be followed by a word/],
    ['cat <<E', /unclosed here-document/],
    ['('.repeat(50_000), /nests/],
    [`${'$('.repeat(250)}x${')'.repeat(250)}`, /nests more than 200 levels deep/],
  ])('%#: %j fails with a clear message', (source, message) => {
    const result = parser.parse(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('parses again after a failure', () => {
    expect(parser.parse("echo 'x").ok).toBe(false);
    expect(statements('pip install x')).toHaveLength(1);
  });

  it('loads once', async () => {
    expect(await loadShellParser()).toBe(parser);
  });
});
