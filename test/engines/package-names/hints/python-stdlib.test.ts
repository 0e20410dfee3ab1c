/** Tests for recognising Python standard-library import names. */
import { describe, expect, it } from 'vitest';
import { PYTHON_STDLIB_MODULES, isPythonStdlibModule } from '../../../../src/engines/package-names/hints/python-stdlib.js';

describe('isPythonStdlibModule', () => {
  it.each([
    ['os', true],
    ['os.path', true],
    ['json', true],
    ['tomllib', true],
    ['xml.etree.ElementTree', true],
    ['concurrent.futures', true],
    ['cProfile', true],
    ['distutils', true],
    ['asyncore', true],
    ['imp', true],
    ['smtpd', true],
    ['asynchat', true],
    ['telnetlib', true],
    ['annotationlib', true],
    ['requests', false],
    ['numpy', false],
    ['OS', false],
    ['cprofile', false],
    ['_thread', false],
    ['_abc', false],
    ['', false],
    ['.os', false],
  ])('%j -> %s', (name, expected) => {
    expect(isPythonStdlibModule(name)).toBe(expected);
  });

  it('lists no private names and is sorted', () => {
    const names = [...PYTHON_STDLIB_MODULES];
    expect(names.some((name) => name.startsWith('_'))).toBe(false);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.length).toBeGreaterThan(200);
  });
});
