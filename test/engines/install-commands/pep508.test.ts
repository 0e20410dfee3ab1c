/** Tests for the PEP 508 requirement parser: every grammar form, malformed input, fuzzing. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Requirement, parseRequirement } from '../../../src/engines/install-commands/pep508.js';

describe('parseRequirement: valid requirements', () => {
  it.each<[string, Requirement]>([
    ['requests', { name: 'requests', extras: [] }],
    ['  requests  ', { name: 'requests', extras: [] }],
    ['Flask_SQLAlchemy', { name: 'Flask_SQLAlchemy', extras: [] }],
    ['zope.interface', { name: 'zope.interface', extras: [] }],
    ['a', { name: 'a', extras: [] }],
    ['requests==2.31.0', { name: 'requests', extras: [], specifier: '==2.31.0' }],
    ['requests >= 1 , < 2', { name: 'requests', extras: [], specifier: '>=1,<2' }],
    ['requests (>=1.0)', { name: 'requests', extras: [], specifier: '>=1.0' }],
    ['requests( >= 1.0 , != 1.5 )', { name: 'requests', extras: [], specifier: '>=1.0,!=1.5' }],
    ['requests ()', { name: 'requests', extras: [] }],
    ['name~=1.4.2', { name: 'name', extras: [], specifier: '~=1.4.2' }],
    ['name===1.0-weird+local', { name: 'name', extras: [], specifier: '===1.0-weird+local' }],
    ['name==1.2.*', { name: 'name', extras: [], specifier: '==1.2.*' }],
    ['name>1.0a1.post2.dev3', { name: 'name', extras: [], specifier: '>1.0a1.post2.dev3' }],
    ['name==1!2.0+ubuntu.1', { name: 'name', extras: [], specifier: '==1!2.0+ubuntu.1' }],
    ['requests[socks]', { name: 'requests', extras: ['socks'] }],
    ['requests [ socks , security ] >=2', { name: 'requests', extras: ['socks', 'security'], specifier: '>=2' }],
    ['requests[]', { name: 'requests', extras: [] }],
    ['requests; python_version < "3.8"', { name: 'requests', extras: [], marker: 'python_version < "3.8"' }],
    [
      'requests==2 ; sys_platform == "win32" and (python_version >= "3.8" or extra == \'s\')',
      {
        name: 'requests',
        extras: [],
        specifier: '==2',
        marker: 'sys_platform == "win32" and (python_version >= "3.8" or extra == \'s\')',
      },
    ],
    [
      'x; "linux" in sys_platform and platform_machine not in "arm64 aarch64"',
      { name: 'x', extras: [], marker: '"linux" in sys_platform and platform_machine not in "arm64 aarch64"' },
    ],
    ['x; os.name == "posix"', { name: 'x', extras: [], marker: 'os.name == "posix"' }],
    ['pip @ https://example.com/p-1.0.zip', { name: 'pip', extras: [], url: 'https://example.com/p-1.0.zip' }],
    ['pip@https://example.com/p.whl', { name: 'pip', extras: [], url: 'https://example.com/p.whl' }],
    [
      'pip[a] @ https://e.com/p.whl#sha256=ab;c ; os_name=="a"',
      { name: 'pip', extras: ['a'], url: 'https://e.com/p.whl#sha256=ab;c', marker: 'os_name=="a"' },
    ],
    ['pkg @ git+https://g.com/o/r@v1.0', { name: 'pkg', extras: [], url: 'git+https://g.com/o/r@v1.0' }],
    ['pkg @ file:///srv/pkg', { name: 'pkg', extras: [], url: 'file:///srv/pkg' }],
  ])('%j', (input, expected) => {
    expect(parseRequirement(input)).toEqual(expected);
  });
});

describe('parseRequirement: malformed requirements', () => {
  it.each([
    ['', 'empty requirement'],
    ['   ', 'empty requirement'],
    ['requests 2.0', 'column 10'],
    ['requests==', 'a version after "=="'],
    ['requests=2.0', 'column 9'],
    ['-requests', 'a package name'],
    ['requests-', 'starts and ends'],
    ['reqυests', 'column 4'],
    ['a[b c]', '"," or "]"'],
    ['a[b,]', 'an extra name'],
    ['a (>=1', '")"'],
    ['a @ ', 'a URL'],
    ['a @ https://x extra', 'whitespace and ";"'],
    ['a; ', 'a marker variable'],
    ['a; python_version', 'a marker operator'],
    ['a; python_version < "3', 'closing "'],
    ['a; bogus == "1"', 'a marker variable'],
    ['a; (python_version < "3"', '")"'],
    ['a; python_version < "3" xor os_name == "nt"', '"and", "or"'],
    ['x==1.0[extra]', 'column 7'],
  ])('%j is an error mentioning %j', (input, fragment) => {
    const result = parseRequirement(input);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toContain(fragment);
  });

  it('limits marker nesting instead of recursing without bound', () => {
    const deep = `x; ${'('.repeat(10_000)}os_name == "nt"${')'.repeat(10_000)}`;
    expect(parseRequirement(deep)).toHaveProperty('error');
    const shallow = `x; ${'('.repeat(10)}os_name == "nt"${')'.repeat(10)}`;
    expect(parseRequirement(shallow)).toMatchObject({ name: 'x' });
  });
});

describe('parseRequirement: properties', () => {
  const name = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9._-]{0,15}[A-Za-z0-9])?$/);
  const version = fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
  const operator = fc.constantFrom('==', '!=', '>=', '<=', '<', '>', '~=');
  const space = fc.constantFrom('', ' ', '  ', '\t');

  it('reads back generated requirements', () => {
    fc.assert(
      fc.property(
        name,
        fc.array(name, { maxLength: 3 }),
        fc.array(fc.tuple(operator, version), { maxLength: 3 }),
        space,
        (written, extras, clauses, gap) => {
          const extraText = extras.length > 0 ? `${gap}[${extras.join(`${gap},${gap}`)}]` : '';
          const specText = clauses.map(([op, v]) => `${op}${gap}${v}`).join(`${gap},${gap}`);
          const result = parseRequirement(`${gap}${written}${extraText}${gap}${specText}${gap}`);
          const expected: Requirement = { name: written, extras };
          if (clauses.length > 0) expected.specifier = clauses.map(([op, v]) => op + v).join(',');
          expect(result).toEqual(expected);
        },
      ),
    );
  });

  it('never throws on arbitrary text, including binary junk', () => {
    const grammarSoup = fc
      .array(
        fc.constantFrom(
          'a',
          '1',
          ' ',
          '[',
          ']',
          '(',
          ')',
          ',',
          ';',
          '@',
          '=',
          '<',
          '>',
          '!',
          '~',
          '"',
          "'",
          'and',
          'or',
          'in',
          'not',
          'python_version',
          '.',
          '*',
        ),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), grammarSoup), (input) => {
        const result = parseRequirement(input);
        expect(typeof result).toBe('object');
      }),
    );
  });

  it.each([
    ['a long name', 'a'.repeat(100_000)],
    ['a long version', `a==${'1.'.repeat(50_000)}1`],
    ['a long marker chain', `a; ${Array.from({ length: 5_000 }, () => 'os_name == "x"').join(' and ')}`],
    ['many open brackets', `a${'['.repeat(100_000)}`],
    ['a long run of spaces', `a${' '.repeat(100_000)}b`],
    ['an unterminated marker string', `a; os_name == "${'x'.repeat(100_000)}`],
  ])('finishes on %s', (_label, input) => {
    expect(typeof parseRequirement(input)).toBe('object');
  });
});
