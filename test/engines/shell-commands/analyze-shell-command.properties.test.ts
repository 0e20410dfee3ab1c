/** Property tests for the shell-command analysis: it always returns, reads words back exactly, and finds every command. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeShellCommand, type ShellAnalysis } from '../../../src/engines/shell-commands/index.js';

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

describe('properties', () => {
  // Any code point, or ASCII only (control characters and shell punctuation turn up far more often).
  const anyText = (maxLength: number): fc.Arbitrary<string> =>
    fc.oneof(fc.string({ unit: 'binary', maxLength }), fc.string({ unit: 'binary-ascii', maxLength }));
  // No NUL (a shell word cannot hold one) and no lone surrogate (it has no UTF-8 form).
  const isWellFormed = (text: string): boolean => !text.includes('\0') && Buffer.from(text).toString() === text;

  function expectShape(analysis: ShellAnalysis): void {
    for (const command of analysis.commands) expect(command.argv.length).toBeGreaterThan(0);
    for (const entry of analysis.unverifiable) expect(entry.detail).not.toBe('');
  }

  it('never throws and always returns, on arbitrary strings with control characters', async () => {
    await fc.assert(
      fc.asyncProperty(anyText(400), async (source) => {
        expectShape(await analyzeShellCommand(source));
      }),
      { numRuns: 300 },
    );
  });

  const token = fc.constantFrom(
    'pip',
    'install',
    'npm',
    'i',
    'x',
    ' ',
    '  ',
    '\n',
    '\t',
    "'",
    '"',
    "$'",
    '\\',
    '\\\n',
    '$(',
    '`',
    ')',
    '(',
    '{',
    '}',
    '|',
    '||',
    '&&',
    '&',
    ';',
    ';;',
    '<<',
    '<<<',
    'EOF',
    '>',
    '<(',
    '$x',
    '${x',
    '*',
    '[',
    ']',
    'bash -c ',
    'sudo ',
    'env A=1 ',
    'xargs ',
    'eval ',
    'if ',
    'then ',
    'fi',
    'case ',
    'esac',
    'do ',
    'done',
    '#',
    '\u0000',
    '\u0001',
    '\u001b',
  );

  it('never throws on shell-shaped noise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 80 }), async (tokens) => {
        expectShape(await analyzeShellCommand(tokens.join('')));
      }),
      { numRuns: 400 },
    );
  });

  it('returns on 100k-character inputs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyText(64).filter((text) => text !== ''),
          fc.array(token, { minLength: 1, maxLength: 30 }).map((tokens) => tokens.join('')),
        ),
        async (seed) => {
          const source = seed.repeat(Math.ceil(100_000 / seed.length)).slice(0, 100_000);
          expectShape(await analyzeShellCommand(source));
        },
      ),
      { numRuns: 6 },
    );
  });

  const segment = fc.tuple(
    anyText(6).filter((text) => text !== '' && isWellFormed(text)),
    fc.constantFrom('single', 'double', 'ansi-c', 'backslash'),
  );

  function quoteAs(text: string, style: string): string {
    switch (style) {
      case 'single':
        return `'${text.replaceAll("'", `'\\''`)}'`;
      case 'double':
        return `"${text.replace(/[$`"\\]/g, '\\$&')}"`;
      case 'ansi-c':
        return `$'${[...text].map((ch) => `\\U${ch.codePointAt(0)!.toString(16).padStart(8, '0')}`).join('')}'`;
      default:
        return [...text].map((ch) => (ch === '\n' ? "'\n'" : `\\${ch}`)).join('');
    }
  }

  it('reads back any word, however it is quoted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (segments) => {
        const word = segments.map(([text, style]) => quoteAs(text, style)).join('');
        const analysis = await analyzeShellCommand(`pip install ${word}`);
        expect(analysis.unverifiable).toEqual([]);
        // A word such as `x[`…`]` may also be read as a subscript bash could evaluate later; that reading adds a
        // 'deferred evaluation' command, never a different word.
        const direct = analysis.commands.filter((command) => !command.via.includes('deferred evaluation'));
        expect(direct.map((command) => command.argv[2])).toEqual([segments.map(([text]) => text).join('')]);
      }),
      { numRuns: 300 },
    );
  });

  const installCommand = fc.tuple(
    fc.constantFrom('pip install', 'npm i', 'uv add', 'pnpm add', 'conda install', '/usr/bin/pip3 install'),
    fc.array(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), { minLength: 1, maxLength: 3 }),
    fc.array(fc.constantFrom('sudo', 'sudo -E', 'env A=1', 'nohup', 'nice -n 5', 'timeout 30', 'command', 'stdbuf -oL'), { maxLength: 3 }),
    fc.boolean(),
  );

  it('finds every command of a list, through wrappers and bash -c', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(installCommand, { minLength: 1, maxLength: 5 }),
        fc.array(fc.constantFrom(' && ', ' || ', '; ', '\n', ' | ', ' & '), { minLength: 4, maxLength: 4 }),
        async (commands, separators) => {
          const written = commands.map(([manager, names, wrappers, nested]) => {
            const inner = [manager, ...names].join(' ');
            return [...wrappers, nested ? `bash -c ${quote(inner)}` : inner].join(' ');
          });
          const source = written.map((command, i) => (i === 0 ? command : `${separators[i - 1]}${command}`)).join('');
          const analysis = await analyzeShellCommand(source);
          expect(analysis.unverifiable).toEqual([]);
          // The analysis lists a repeated identical command once (it is vetted once), so compare distinct commands.
          const distinct = (lines: string[]): string[] => [...new Set(lines)];
          expect(distinct(analysis.commands.map((command) => command.argv.join(' ')))).toEqual(
            distinct(commands.map(([manager, names]) => [manager, ...names].join(' '))),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
