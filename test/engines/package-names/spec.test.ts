/** Tests for splitting PyPI, npm and conda specs into name, constraint and the rest. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSpec } from '../../../src/engines/package-names/spec.js';
import { ECOSYSTEMS, type Ecosystem, type PackageSpec } from '../../../src/engines/package-names/types.js';
import { GuardError } from '../../../src/shared/errors.js';

type Parts = Omit<PackageSpec, 'input'>;

describe('parseSpec: pypi', () => {
  it.each<[string, Parts]>([
    ['requests', { name: 'requests' }],
    ['requests==2.31', { name: 'requests', constraint: '==2.31' }],
    ['requests >= 1, < 2', { name: 'requests', constraint: '>= 1, < 2' }],
    ['requests>=2,<3', { name: 'requests', constraint: '>=2,<3' }],
    ['requests[socks,security]>=1', { name: 'requests', extras: ['socks', 'security'], constraint: '>=1' }],
    ['requests [ socks ] ==2', { name: 'requests', extras: ['socks'], constraint: '==2' }],
    ['requests (>=1.0)', { name: 'requests', constraint: '>=1.0' }],
    ['requests; python_version<"3.8"', { name: 'requests' }],
    ['requests==2.0 ; python_version<"3.8"', { name: 'requests', constraint: '==2.0' }],
    ['pip @ https://example.com/p-1.0.zip', { name: 'pip', url: 'https://example.com/p-1.0.zip' }],
    [
      'pip[extra] @ https://example.com/p.whl#sha256=ab;c ; os_name=="a"',
      { name: 'pip', extras: ['extra'], url: 'https://example.com/p.whl#sha256=ab;c' },
    ],
    ['name~=1.4', { name: 'name', constraint: '~=1.4' }],
    ['name===1.0', { name: 'name', constraint: '===1.0' }],
    ['name!=1.5', { name: 'name', constraint: '!=1.5' }],
    ['name==1.2.*', { name: 'name', constraint: '==1.2.*' }],
    ['  Flask_SQLAlchemy  ', { name: 'Flask_SQLAlchemy' }],
    ['reqυests==2.0', { name: 'reqυests', constraint: '==2.0' }],
  ])('%j', (input, expected) => {
    expect(parseSpec('pypi', input)).toEqual({ input, ...expected });
  });

  it.each(['requests foo', 'requests==', 'requests 2.0', '-r req.txt', 'a[b c]', 'a @ ', '==1.0'])(
    'keeps unparseable %j whole as the name',
    (input) => {
      expect(parseSpec('pypi', input)).toEqual({ input, name: input.trim() });
    },
  );
});

describe('parseSpec: npm', () => {
  it.each<[string, Parts]>([
    ['lodash', { name: 'lodash' }],
    ['lodash@^4', { name: 'lodash', constraint: '^4' }],
    ['lodash@latest', { name: 'lodash', constraint: 'latest' }],
    ['lodash@>=4.0.0 <5', { name: 'lodash', constraint: '>=4.0.0 <5' }],
    ['@types/node', { name: '@types/node' }],
    ['@types/node@20.1.2', { name: '@types/node', constraint: '20.1.2' }],
    ['JSONStream@1', { name: 'JSONStream', constraint: '1' }],
    ['lodash@', { name: 'lodash' }],
    ['alias@npm:real@^1', { name: 'real', alias: 'alias', constraint: '^1' }],
    ['my-alias@npm:@scope/real', { name: '@scope/real', alias: 'my-alias' }],
    ['@a/b@npm:@c/d@2', { name: '@c/d', alias: '@a/b', constraint: '2' }],
  ])('%j', (input, expected) => {
    expect(parseSpec('npm', input)).toEqual({ input, ...expected });
  });

  it.each(['@scope', 'foo bar@1', 'a@npm:', 'a@npm:b@npm:c', '@nope'])('keeps unparseable %j whole', (input) => {
    expect(parseSpec('npm', input)).toEqual({ input, name: input });
  });
});

describe('parseSpec: conda', () => {
  it.each<[string, Parts]>([
    ['numpy', { name: 'numpy' }],
    ['numpy=1.2.*', { name: 'numpy', constraint: '=1.2.*' }],
    ['numpy==1.2', { name: 'numpy', constraint: '==1.2' }],
    ['numpy>=1.2,<2', { name: 'numpy', constraint: '>=1.2,<2' }],
    ['numpy 1.2.*', { name: 'numpy', constraint: '1.2.*' }],
    ['numpy 1.2 py311_0', { name: 'numpy', constraint: '1.2 py311_0' }],
    ['numpy=1.2=py311_0', { name: 'numpy', constraint: '=1.2=py311_0' }],
    ['conda-forge::numpy', { name: 'numpy', channel: 'conda-forge' }],
    ['conda-forge/linux-64::numpy>=1', { name: 'numpy', channel: 'conda-forge/linux-64', constraint: '>=1' }],
    ["numpy[version='>=1.2']", { name: 'numpy', constraint: '>=1.2' }],
    ['numpy[version=">=1.2,<2", build=py311_0]', { name: 'numpy', constraint: '>=1.2,<2' }],
    ['numpy[channel=bioconda]', { name: 'numpy', channel: 'bioconda' }],
    ['gtk+', { name: 'gtk+' }],
  ])('%j', (input, expected) => {
    expect(parseSpec('conda', input)).toEqual({ input, ...expected });
  });

  it.each(['::numpy', 'numpy[version=1', 'numpy[version=1] x', 'numpy(1)', 'numpy[oops]'])('keeps unparseable %j whole', (input) => {
    expect(parseSpec('conda', input)).toEqual({ input, name: input });
  });
});

describe('parseSpec: faults', () => {
  const blanks = ECOSYSTEMS.flatMap((ecosystem) => ['', '   ', '\t\n'].map((input) => [ecosystem, input] as const));

  it.each(blanks)('%s rejects blank %j with INPUT_INVALID and a hint', (ecosystem, input) => {
    const fault = catchFault(() => parseSpec(ecosystem, input));
    expect(fault).toBeInstanceOf(GuardError);
    expect(fault).toMatchObject({ code: 'INPUT_INVALID' });
    expect((fault as GuardError).hint).toBeTruthy();
  });

  it('throws nothing but INPUT_INVALID, and returns a non-empty name otherwise', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ECOSYSTEMS), fc.string({ unit: 'binary' }), (ecosystem, input) => {
        let spec: PackageSpec;
        try {
          spec = parseSpec(ecosystem, input);
        } catch (error) {
          expect(error).toBeInstanceOf(GuardError);
          expect((error as GuardError).code).toBe('INPUT_INVALID');
          expect(input.trim()).toBe('');
          return;
        }
        expect(spec.input).toBe(input);
        expect(spec.name.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('parseSpec: round trips', () => {
  const version = fc.array(fc.nat({ max: 999 }), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
  const pypiName = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9._-]{0,20}[A-Za-z0-9])?$/);
  const npmName = fc.stringMatching(/^(@[a-z0-9][a-z0-9-]{0,10}\/)?[a-z0-9][a-z0-9._-]{0,20}$/);
  const condaName = fc.stringMatching(/^[a-z0-9_][a-z0-9_.+-]{0,20}$/);

  it.each<[Ecosystem, fc.Arbitrary<string>, string]>([
    ['pypi', pypiName, '=='],
    ['npm', npmName, '@'],
    ['conda', condaName, '=='],
  ])('%s: name + %j + version splits back', (ecosystem, name, separator) => {
    fc.assert(
      fc.property(name, version, (written, release) => {
        const input = `${written}${separator}${release}`;
        const expected = separator === '@' ? release : `==${release}`;
        expect(parseSpec(ecosystem, input)).toEqual({ input, name: written, constraint: expected });
      }),
    );
  });
});

function catchFault(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}
