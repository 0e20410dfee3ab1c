/** Tests for expanding shell words statically: quote removal, escapes, and what stays unknown until run time. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type ShellWord, type ShellWordPart } from '../../../src/engines/shell-commands/types.js';
import { decodeAnsiC, markWord, resolveWord } from '../../../src/engines/shell-commands/words.js';

const bare = (raw: string): ShellWordPart => ({ type: 'literal', raw, context: 'bare' });
const word = (...parts: ShellWordPart[]): ShellWord => ({ parts, text: '<as written>' });

describe('decodeAnsiC', () => {
  it.each([
    ['plain', 'plain'],
    ['a\\nb\\tc', 'a\nb\tc'],
    ['it\\\'s \\"q\\" \\\\', 'it\'s "q" \\'],
    ['\\x41\\x4a\\x4', 'AJ\x04'],
    ['\\101\\0', 'A\0'],
    ['\\u263a \\U0001F600', '☺ 😀'],
    ['\\cA\\cz', '\x01\x1a'],
    ['\\e[0m\\E', '\x1b[0m\x1b'],
    ['\\q\\', '\\q\\'],
    ['\\xzz', '\\xzz'],
  ])('%j decodes to %j', (value, decoded) => {
    expect(decodeAnsiC(value)).toBe(decoded);
  });

  it('leaves text without backslashes alone', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('\\')),
        (text) => {
          expect(decodeAnsiC(text)).toBe(text);
        },
      ),
    );
  });
});

describe('resolveWord', () => {
  it.each<[string, ShellWord, string | undefined, string[]]>([
    ['bare escapes', word(bare('x\\ y\\*')), 'x y*', []],
    ['single quotes', word({ type: 'single-quoted', value: 'a $b \\n', ansiC: false }), 'a $b \\n', []],
    ['ANSI-C quotes', word({ type: 'single-quoted', value: 'a\\tb', ansiC: true }), 'a\tb', []],
    [
      'double-quote escapes',
      word({ type: 'double-quoted', parts: [{ type: 'literal', raw: '\\$x \\" \\a', context: 'double-quoted' }] }),
      '$x " \\a',
      [],
    ],
    ['heredoc escapes', word({ type: 'literal', raw: '\\$x \\" \\\\', context: 'heredoc' }), '$x \\" \\', []],
    ['a variable', word(bare('v='), { type: 'expansion', kind: 'parameter', text: '$V', nested: [] }), undefined, ['variable']],
    ['a substitution', word({ type: 'command-substitution', text: '$(ls)', body: [] }), undefined, ['command_substitution']],
    ['a process substitution', word({ type: 'process-substitution', text: '<(ls)', body: [] }), undefined, ['process_substitution']],
    ['an extglob', word({ type: 'expansion', kind: 'extglob', text: '@(a|b)', nested: [] }), undefined, ['glob']],
    ['a wildcard', word(bare('*.whl')), undefined, ['glob']],
    ['a question mark', word(bare('pkg-?')), undefined, ['glob']],
    ['a bracket', word(bare('pkg-[0-9].whl')), undefined, ['glob']],
    ['a negated bracket', word(bare('x[!a]')), undefined, ['glob']],
    ['a brace list', word(bare('{a,b}')), undefined, ['glob']],
    ['a brace range', word(bare('v{1..3}')), undefined, ['glob']],
    ['pip extras', word(bare('requests[security,socks]==2.31')), 'requests[security,socks]==2.31', []],
    ['a lone brace', word(bare('{}')), '{}', []],
    ['a quoted wildcard', word({ type: 'single-quoted', value: '*', ansiC: false }), '*', []],
  ])('%s', (_, input, literal, dynamic) => {
    const resolved = resolveWord(input);
    expect(resolved.literal).toBe(literal);
    expect(resolved.dynamic.map((part) => part.why)).toEqual(dynamic);
  });

  it('shows run-time parts as written and collects the substitutions to walk', () => {
    const resolved = resolveWord(
      word(
        { type: 'double-quoted', parts: [{ type: 'literal', raw: 'x-', context: 'double-quoted' }] },
        { type: 'command-substitution', text: '$(pip install y)', body: [{ redirects: [], text: 'pip install y' }] },
      ),
    );
    expect(resolved.display).toBe('x-$(pip install y)');
    expect(resolved.substitutions).toEqual([{ via: '$(…)', body: [{ redirects: [], text: 'pip install y' }] }]);
    expect(markWord(resolved, 'MARK')).toBe('x-MARK');
    expect(markWord(resolveWord(word(bare('*.whl'))), 'MARK')).toBe('*.whlMARK');
  });
});
