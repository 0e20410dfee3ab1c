/** Tests for per-ecosystem name normalisation and validation. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasUpperCase, normalizeName, validateName } from '../../../src/engines/package-names/normalize.js';
import { ECOSYSTEMS, type Ecosystem } from '../../../src/engines/package-names/types.js';

describe('normalizeName', () => {
  it.each<[Ecosystem, string, string]>([
    ['pypi', 'Requests', 'requests'],
    ['pypi', 'Flask_SQLAlchemy', 'flask-sqlalchemy'],
    ['pypi', 'zope.interface', 'zope-interface'],
    ['pypi', 'a-_.-b', 'a-b'],
    ['pypi', 'a__b..c--d', 'a-b-c-d'],
    ['pypi', '  PyYAML  ', 'pyyaml'],
    ['npm', 'JSONStream', 'JSONStream'],
    ['npm', ' @types/node ', '@types/node'],
    ['npm', 'lodash.merge', 'lodash.merge'],
    ['conda', 'PyTorch', 'pytorch'],
    ['conda', 'ca-certificates', 'ca-certificates'],
    ['conda', 'r_base', 'r_base'],
  ])('%s %j -> %j', (ecosystem, name, expected) => {
    expect(normalizeName(ecosystem, name)).toBe(expected);
  });

  it('is idempotent for every ecosystem', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ECOSYSTEMS), fc.string({ unit: 'grapheme' }), (ecosystem, name) => {
        const once = normalizeName(ecosystem, name);
        expect(normalizeName(ecosystem, once)).toBe(once);
      }),
    );
  });

  it('gives PyPI names differing only in case and separator runs the same form', () => {
    const segment = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    const separator = fc.stringMatching(/^[-_.]{1,3}$/);
    const spelled = fc.tuple(
      fc.array(fc.tuple(segment, separator, separator), { minLength: 1, maxLength: 5 }),
      segment,
      fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
    );
    fc.assert(
      fc.property(spelled, ([parts, last, upper]) => {
        const left = parts.map(([word, sep]) => word + sep).join('') + last;
        const right = parts.map(([word, , sep]) => word + sep).join('') + last;
        const shouted = [...right].map((char, index) => (upper[index % upper.length] ? char.toUpperCase() : char)).join('');
        expect(normalizeName('pypi', left)).toBe(normalizeName('pypi', shouted));
      }),
    );
  });
});

describe('validateName', () => {
  it.each<[Ecosystem, string]>([
    ['pypi', 'requests'],
    ['pypi', 'Flask-SQLAlchemy'],
    ['pypi', 'zope.interface'],
    ['pypi', 'a'],
    ['pypi', '3to2'],
    ['npm', 'lodash'],
    ['npm', '@types/node'],
    ['npm', 'lodash.merge'],
    ['npm', 'a-b_c'],
    ['npm', 'x'.repeat(214)],
    ['conda', 'numpy'],
    ['conda', 'PyTorch'],
    ['conda', '_libgcc_mutex'],
    ['conda', 'libstdcxx-ng'],
    ['conda', 'gtk+'],
  ])('%s accepts %j', (ecosystem, name) => {
    expect(validateName(ecosystem, name)).toEqual({ valid: true });
  });

  it.each<[Ecosystem, string, RegExp]>([
    ['pypi', '', /empty/],
    ['pypi', '-requests', /start and end/],
    ['pypi', 'requests_', /start and end/],
    ['pypi', 'req uests', /U\+0020/],
    ['pypi', 'reqυests', /U\+03C5/],
    ['pypi', 'requests!', /"!"/],
    ['npm', '', /empty/],
    ['npm', '.hidden', /cannot start with "\."/],
    ['npm', '_private', /cannot start with "_"/],
    ['npm', ' lodash', /leading or trailing whitespace/],
    ['npm', 'lo dash', /URL-safe/],
    ['npm', 'node_modules', /not a valid npm name/],
    ['npm', 'favicon.ico', /not a valid npm name/],
    ['npm', 'x'.repeat(215), /at most 214/],
    ['npm', 'JSONStream', /must be lower-case/],
    ['npm', 'hello(world)', /~'!\(\)\*/],
    ['npm', 'ex~tra', /~'!\(\)\*/],
    ['npm', 'a/b', /URL-safe/],
    ['npm', '@scope/a/b', /URL-safe/],
    ['npm', '@scope/.name', /scoped npm name cannot start with "\."/],
    ['npm', '@/name', /URL-safe/],
    ['npm', 'lodаsh', /U\+0430/],
    ['npm', 'bad\uD800', /URL-safe/],
    ['conda', '', /empty/],
    ['conda', '-numpy', /must start/],
    ['conda', 'num py', /U\+0020/],
    ['conda', 'numpy=1', /"="/],
  ])('%s rejects %j', (ecosystem, name, message) => {
    const result = validateName(ecosystem, name);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.message).toMatch(message);
  });

  it('keeps the URL-safe check on each part of a scoped npm name', () => {
    expect(validateName('npm', '@my-scope/my.pkg')).toEqual({ valid: true });
    expect(validateName('npm', '@my scope/pkg')).toMatchObject({ valid: false });
  });

  it('reports every npm problem at once', () => {
    const result = validateName('npm', '_Bad Name');
    expect(result.valid).toBe(false);
    if (!result.valid) {
      expect(result.message).toMatch(/"_"/);
      expect(result.message).toMatch(/lower-case/);
      expect(result.message).toMatch(/URL-safe/);
    }
  });

  it('accepts exactly the PyPI names that match PEP 508', () => {
    const pep508 = /^([A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9])$/i;
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._\- !é]{0,12}$/), (name) => {
        expect(validateName('pypi', name).valid).toBe(pep508.test(name));
      }),
    );
  });

  it('never throws, whatever the ecosystem and input', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ECOSYSTEMS), fc.string({ unit: 'binary' }), (ecosystem, name) => {
        const result = validateName(ecosystem, name);
        if (!result.valid) expect(result.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('hasUpperCase', () => {
  it.each([
    ['JSONStream', true],
    ['@Scope/pkg', true],
    ['Ωmega', true],
    ['lodash', false],
    ['@types/node', false],
    ['123-_.', false],
  ])('%j -> %s', (name, expected) => {
    expect(hasUpperCase(name)).toBe(expected);
  });
});
