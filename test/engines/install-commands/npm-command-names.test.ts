import { describe, expect, it } from 'vitest';
import { resolveNpmCommand } from '../../../src/engines/install-commands/npm-command-names.js';

describe('resolveNpmCommand (as npm 11 reads its command word)', () => {
  it.each([
    ['install', 'install'],
    ['i', 'install'],
    ['isnta', 'install'],
    ['add', 'install'],
    ['installTest', 'install-test'],
    ['it', 'install-test'],
    ['ln', 'link'],
    ['exe', 'exec'],
    ['x', 'exec'],
    ['ci', 'ci'],
    ['install-cl', 'ci'],
    ['innit', 'init'],
    ['expl', undefined],
    ['ad', undefined],
    ['frobnicate', undefined],
  ])('%s → %s', (word, expected) => {
    expect(resolveNpmCommand(word)).toBe(expected);
  });
});
