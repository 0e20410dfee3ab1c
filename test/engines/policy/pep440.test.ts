/** Tests for PEP 440 versions and specifiers: normalisation, ordering, matching, and the parser's robustness. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareVersions, formatVersion, parseVersion } from '../../../src/engines/policy/pep440-version.js';
import { matchesSpecifierSet, parseSpecifierSet } from '../../../src/engines/policy/pep440-specifier.js';
import { relateConstraint } from '../../../src/engines/policy/version-constraints.js';

function clauses(spec: string) {
  const parsed = parseSpecifierSet(spec);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.clauses;
}

describe('parseVersion', () => {
  it.each([
    ['1.0', '1.0'],
    ['v1.0', '1.0'],
    [' 1.0 ', '1.0'],
    ['1.0-RC1', '1.0rc1'],
    ['1.0c1', '1.0rc1'],
    ['1.0alpha', '1.0a0'],
    ['1.0.beta.2', '1.0b2'],
    ['1.0preview3', '1.0rc3'],
    ['1.0-1', '1.0.post1'],
    ['1.0.POST', '1.0.post0'],
    ['1.0r2', '1.0.post2'],
    ['1.0-dev', '1.0.dev0'],
    ['1.0a1.post2.dev3', '1.0a1.post2.dev3'],
    ['1!2.0.0', '1!2.0.0'],
    ['1.0+Ubuntu-1', '1.0+ubuntu.1'],
    ['2.31.0', '2.31.0'],
  ])('normalises %s to %s', (input, expected) => {
    const version = parseVersion(input);
    expect(version && formatVersion(version)).toBe(expected);
  });

  it.each(['', 'abc', '1.0+', '1..0', '1.0-foo', '1.0+a..b', '==1.0', '1.*', `1.${'0'.repeat(600)}`])('rejects %j', (input) => {
    expect(parseVersion(input)).toBeUndefined();
  });

  it('orders versions as PEP 440 does', () => {
    const ordered = [
      '1.0.dev456',
      '1.0a1',
      '1.0a2.dev456',
      '1.0a12.dev456',
      '1.0a12',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0b2-346',
      '1.0c1.dev456',
      '1.0c1',
      '1.0rc2',
      '1.0c3',
      '1.0',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.1.dev1',
      '1.2+123abc',
      '1.2+123abc456',
      '1.2+abc',
      '1.2+abc123',
      '1.2+abc123def',
      '1.2+1234.abc',
      '1.2+123456',
      '1.2.r32+123456',
      '1.2.rev33+123456',
      '1!1.0',
    ].map((text) => parseVersion(text)!);
    for (let i = 1; i < ordered.length; i++) {
      expect(compareVersions(ordered[i - 1]!, ordered[i]!), formatVersion(ordered[i]!)).toBe(-1);
      expect(compareVersions(ordered[i]!, ordered[i - 1]!)).toBe(1);
    }
  });

  it('treats trailing zeros as equal and compares huge numbers exactly', () => {
    expect(compareVersions(parseVersion('1.0')!, parseVersion('1.0.0.0')!)).toBe(0);
    expect(compareVersions(parseVersion('1.99999999999999999999')!, parseVersion('1.99999999999999999998')!)).toBe(1);
  });
});

describe('matchesSpecifierSet', () => {
  it.each<[string, string, boolean]>([
    // ==, with zero padding, local labels and prefixes
    ['2.0', '==2', true],
    ['2.0', '==2.0', true],
    ['2.0', '==2.0.0', true],
    ['2.1', '==2.0', false],
    ['2.0+deadbeef', '==2', true],
    ['2.0+deadbeef', '==2.0+deadbeef', true],
    ['2.0', '==2.0+deadbeef', false],
    ['2.0+deadbeef.0', '==2.0.0+deadbeef.0', true],
    ['2.0', '==2.*', true],
    ['2.0.0', '==2.0.*', true],
    ['2.1+local.version', '==2.1.*', true],
    ['2.1rc1', '==2.1.*', true],
    ['2.1.post3', '==2.1.*', true],
    ['2.1', '==2.0.*', false],
    ['2.0', '==3.*', false],
    // !=
    ['2.0', '!=2.2', true],
    ['2.0', '!=2.2.*', true],
    ['2.0', '!=2.0.0', false],
    ['2.0+deadbeef', '!=2', false],
    ['2.0', '!=2.*', false],
    // inclusive ordered comparisons
    ['2.0', '<=2', true],
    ['2.0+local', '<=2.0', true],
    ['2.0', '<=1.0', false],
    ['2.0', '>=2', true],
    ['2.0.post1.dev1', '>=2', true],
    ['2.0rc1+local', '>=2.0', false],
    ['2.0', '>=3.0', false],
    // exclusive ordered comparisons and their pre/post/local exclusions
    ['2.0', '<3', true],
    ['2.0', '<2.0', false],
    ['2.0.dev1', '<2.0', false],
    ['2.0a1', '<2.0', false],
    ['1.9a1', '<2.0', true],
    ['1.0b1', '<1.0rc1', true],
    ['1.0.dev0', '<1.0.dev1', true],
    ['2.0', '>1', true],
    ['2.0', '>2.0', false],
    ['2.0.post1', '>2', false],
    ['2.0+local', '>2.0', false],
    ['2.0.1', '>2.0', true],
    ['2.0.post2', '>2.0.post1', true],
    ['2.0.post1', '>2.0rc1', false],
    ['2.0', '>2.0rc1', true],
    // compatible release
    ['1.1', '~=1.0', true],
    ['2.0', '~=1.0', false],
    ['1.4.9', '~=1.4.5', true],
    ['1.5.0', '~=1.4.5', false],
    ['1.4.4', '~=1.4.5', false],
    ['2.9', '~=2.2.post3', true],
    ['2.2', '~=2.2.post3', false],
    ['3.0', '~=2.2.post3', false],
    ['1.4.5a4', '~=1.4.5a4', true],
    ['1.5', '~=1.4.5a4', false],
    // epochs
    ['1!1.0', '==1!1.0', true],
    ['1!1.0', '>=2.0', true],
    ['1.0', '==1!1.0', false],
    ['1!1.0', '==1.*', false],
    // arbitrary equality
    ['foobar', '===foobar', true],
    ['FooBar', '===foobar', true],
    ['1.0', '===1.0', true],
    ['1.0.0', '===1.0', false],
    // sets
    ['2.0', '', true],
    ['2.0', '>=1.0,<3.0', true],
    ['3.0', '>=1.0, <3.0', false],
    ['2.5', '>=1.0,!=2.5', false],
    ['not-a-version', '>=1.0', false],
  ])('%s in %j is %s', (version, spec, expected) => {
    expect(matchesSpecifierSet(version, clauses(spec))).toBe(expected);
  });
});

describe('parseSpecifierSet', () => {
  it.each(['==1.2.*.*', '~=1', '>=1.0+local', '<=1.*', '==1.0a1.*', '=>1.0', '1.0', '>=', '>=1.0,,<2', '==1.0 ; x'])(
    'rejects %j',
    (spec) => {
      expect(parseSpecifierSet(spec)).toHaveProperty('error');
    },
  );

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseSpecifierSet(text);
        if ('clauses' in parsed) matchesSpecifierSet('1.0', parsed.clauses);
        parseVersion(text);
        relateConstraint('pypi', text, text);
        relateConstraint('conda', text, '>=1');
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on version-shaped noise', () => {
    const piece = fc.constantFrom(
      '1',
      '0',
      '.',
      '!',
      '+',
      '-',
      '_',
      'a',
      'b',
      'rc',
      'post',
      'dev',
      '*',
      '=',
      '<',
      '>',
      '~',
      ',',
      ' ',
      'v',
      '99999999999999999999',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        const version = parseVersion(text);
        if (version) expect(parseVersion(formatVersion(version))).toEqual(version);
        parseSpecifierSet(text);
        relateConstraint('pypi', text, '>=1.0,!=1.5.*');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('intervals agree with exact matching', () => {
  const num = fc.integer({ min: 0, max: 3 });
  const version = fc
    .record({
      epoch: fc.constantFrom('', '', '', '1!'),
      release: fc.array(num, { minLength: 1, maxLength: 3 }),
      pre: fc.option(fc.tuple(fc.constantFrom('a', 'b', 'rc'), num), { nil: undefined }),
      post: fc.option(num, { nil: undefined }),
      dev: fc.option(num, { nil: undefined }),
      local: fc.option(fc.constantFrom('abc', '1', 'x.2'), { nil: undefined }),
    })
    .map(({ epoch, release, pre, post, dev, local }) => {
      let text = `${epoch}${release.join('.')}`;
      if (pre) text += `${pre[0]}${pre[1]}`;
      if (post !== undefined) text += `.post${post}`;
      if (dev !== undefined) text += `.dev${dev}`;
      if (local) text += `+${local}`;
      return text;
    });
  const publicVersion = version.map((v) => v.split('+')[0]!);
  const finalVersion = fc.array(num, { minLength: 1, maxLength: 3 }).map((r) => r.join('.'));
  // `<V` with a post-release bound and `>V` with a pre/dev/post bound are approximated (README).
  const clause = fc.oneof(
    fc.tuple(fc.constantFrom('==', '!='), version).map(([op, v]) => `${op}${v}`),
    fc.tuple(fc.constantFrom('==', '!='), finalVersion).map(([op, v]) => `${op}${v}.*`),
    fc.tuple(fc.constantFrom('>=', '<='), publicVersion).map(([op, v]) => `${op}${v}`),
    publicVersion.filter((v) => !/post/.test(v) || /dev|a|b|rc/.test(v)).map((v) => `<${v}`),
    finalVersion.map((v) => `>${v}`),
    fc.array(num, { minLength: 2, maxLength: 3 }).map((r) => `~=${r.join('.')}`),
  );

  it('relates a single version to a set exactly as matching does', () => {
    fc.assert(
      fc.property(version, fc.array(clause, { minLength: 1, maxLength: 3 }), (v, parts) => {
        const spec = parts.join(',');
        const expected = matchesSpecifierSet(v, clauses(spec)) ? 'inside' : 'outside';
        expect(relateConstraint('pypi', `===${formatVersion(parseVersion(v)!)}`, spec)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
