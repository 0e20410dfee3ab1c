/** Tests for relating a requested version constraint to a policy's, per ecosystem. */
import { describe, expect, it } from 'vitest';
import { type Ecosystem } from '../../../src/engines/package-names/index.js';
import { condaToPep440, constraintError, namesNoVersion, relateConstraint } from '../../../src/engines/policy/version-constraints.js';

describe('relateConstraint', () => {
  it.each<[Ecosystem, string, string, string]>([
    ['pypi', '==2.31.0', '>=2.31', 'inside'],
    ['pypi', '~=2.31', '>=2.31', 'inside'],
    ['pypi', '>2.31.0', '>=2.31', 'inside'],
    ['pypi', '>=2,<3', '>=2.31', 'overlap'],
    ['pypi', '==2.*', '>=2.31', 'overlap'],
    ['pypi', '<2', '>=2.31', 'outside'],
    ['pypi', '==2.30.*', '>=2.31', 'outside'],
    ['pypi', '>=1.0,!=2.0.*', '>=1.0,<2.0.dev0', 'overlap'],
    ['pypi', '===weird', '>=1', 'unknown'],
    ['pypi', 'not a spec', '>=1', 'unknown'],
    ['conda', '==1.26.0=py311_0', '>=1.26', 'inside'],
    ['conda', '1.25', '>=1.26', 'outside'],
    ['conda', '>=1.2|<0.5', '>=1.0', 'overlap'],
    ['conda', '<0.5|>=3', '>=1.0,<2', 'outside'],
    ['npm', '^4.17.21', '>=4.17.21', 'inside'],
    ['npm', '4.17.20', '>=4.17.21', 'outside'],
    ['npm', '^4', '>=4.17.21', 'overlap'],
    ['npm', '5.0.0-beta.1', '>=4.17.21', 'inside'],
    ['npm', '0.7.29', '0.7.29 || 0.8.0 || 1.0.0', 'inside'],
    ['npm', 'next', '>=4.17.21', 'unknown'],
  ])('%s: %j against %j is %s', (ecosystem, requested, constraint, expected) => {
    expect(relateConstraint(ecosystem, requested, constraint)).toBe(expected);
  });
});

describe('namesNoVersion and constraintError', () => {
  it.each<[Ecosystem, string | undefined, boolean]>([
    ['npm', undefined, true],
    ['npm', 'latest', true],
    ['npm', '*', true],
    ['npm', '^1', false],
    ['pypi', '', true],
    ['pypi', '>=1', false],
    ['conda', '*', true],
  ])('%s %j names no version: %s', (ecosystem, constraint, expected) => {
    expect(namesNoVersion(ecosystem, constraint)).toBe(expected);
  });

  it.each<[Ecosystem, string, boolean]>([
    ['npm', '>=4.17.21 <5', true],
    ['npm', '^1 || ^2', true],
    ['npm', 'next year', false],
    ['pypi', '>=2.31,<3', true],
    ['pypi', '>=2.31,', false],
    ['pypi', '===foo', false],
    ['conda', '~=1.2', true],
  ])('%s %j is valid: %s', (ecosystem, text, valid) => {
    expect(constraintError(ecosystem, text) === undefined).toBe(valid);
  });
});

describe('condaToPep440', () => {
  it.each<[string, string[]]>([
    ['=1.26', ['==1.26.*']],
    ['1.26.*', ['==1.26.*']],
    ['1.26*', ['==1.26.*']],
    ['1.26', ['==1.26']],
    ['==1.26.0=py311_0', ['==1.26.0']],
    ['1.26.0 py311_0', ['==1.26.0']],
    ['>=1.2,<2', ['>=1.2,<2']],
    ['>=1.2, <2 | ==3.0', ['>=1.2,<2', '==3.0']],
    ['!=1.5*', ['!=1.5.*']],
  ])('%s → %j', (input, expected) => {
    expect(condaToPep440(input)).toEqual(expected);
  });
});
