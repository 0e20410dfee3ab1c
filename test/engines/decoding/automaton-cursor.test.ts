import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  buildSmallAutomaton,
  cursorAccepts,
  normalizeName,
  startCursor,
  stepCursorBytes,
} from '../../../src/engines/package-names/index.js';

const encoder = new TextEncoder();
const PYPI = ['requests', 'typing-extensions', 'zope-interface', 'a', 'ab-c', 'flask-login'];
const pypi = buildSmallAutomaton(PYPI);
const npm = buildSmallAutomaton(['lodash', 'JSONStream', '@types/node']);

const walk = (automaton: typeof pypi, ecosystem: 'pypi' | 'npm' | 'conda', name: string): boolean =>
  cursorAccepts(stepCursorBytes(automaton, ecosystem, startCursor(automaton), encoder.encode(name)));

describe('automaton cursor (package-names engine)', () => {
  it.each([
    ['requests', true],
    ['Requests', true],
    ['typing_extensions', true],
    ['Typing.Extensions', true],
    ['typing--extensions', false],
    ['typing-extension', false],
    ['zope.interface', true],
    ['ab_c', true],
    ['flask-', false],
  ])('pypi %s -> %s', (name, ok) => {
    expect(walk(pypi, 'pypi', name)).toBe(ok);
  });

  it('npm is exact', () => {
    expect(walk(npm, 'npm', 'JSONStream')).toBe(true);
    expect(walk(npm, 'npm', 'jsonstream')).toBe(false);
    expect(walk(npm, 'npm', '@types/node')).toBe(true);
  });

  it('accepts a PyPI spelling iff its PEP 503 form is listed, for spellings without doubled separators (property)', () => {
    const spelling = fc.tuple(
      fc.constantFrom(...PYPI, 'request', 'typing'),
      fc.array(fc.boolean(), { maxLength: 20 }),
      fc.constantFrom('-', '_', '.'),
    );
    fc.assert(
      fc.property(spelling, ([name, upper, sep]) => {
        const typed = [...name]
          .map((c, i) => (upper[i] ? c.toUpperCase() : c))
          .join('')
          .replaceAll('-', sep);
        return walk(pypi, 'pypi', typed) === PYPI.includes(normalizeName('pypi', typed));
      }),
    );
  });
});
