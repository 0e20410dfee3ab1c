/** The shortcut for plain npm specs reads exactly what npm-package-arg reads, on any spec it takes. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyNpmSpec } from '../../../src/engines/install-commands/index.js';
import { classifyNpmSpecByNpa } from '../../../src/engines/install-commands/npm-spec.js';

const nameChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789._-~ABZ@/:#'.split(''));
const word = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(nameChar, { minLength: min, maxLength: max }).map((cs) => cs.join(''));
const specChar = fc.constantFrom(...'0123456789.xX*^~<>= -abcLATEST_|:/#'.split(''));
const spec = fc.oneof(
  fc.array(specChar, { minLength: 0, maxLength: 12 }).map((cs) => cs.join('')),
  fc.constantFrom('latest', 'next', '^1.2.3', '~1.2', '>=1', '1.x', '1.2.3-beta.1', '=1.0.0', '<2', '*', '1.2.3 - 2', 'npm:lodash@1'),
);

describe('plain npm specs', () => {
  it('agree with npm-package-arg on generated specs', () => {
    fc.assert(
      fc.property(fc.option(word(1, 8), { nil: undefined }), word(1, 14), fc.option(spec, { nil: undefined }), (scope, name, range) => {
        const text = `${scope === undefined ? '' : `@${scope}/`}${name}${range === undefined ? '' : `@${range}`}`;
        expect(classifyNpmSpec(text, 'argv'), text).toEqual(classifyNpmSpecByNpa(text, 'argv'));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    'lodash',
    '@types/node',
    '@types/node@^20',
    'react@latest',
    'left-pad@1.3.0',
    'foo.tgz',
    'node_modules',
    'user/repo',
    'a@>=1 <2',
    'x@npm:y@1',
    'Foo',
  ])('%s', (text) => {
    expect(classifyNpmSpec(text, 'argv')).toEqual(classifyNpmSpecByNpa(text, 'argv'));
  });
});
