import { describe, expect, it } from 'vitest';
import { parseCondaCommand, parsePythonCommand, type FileReader } from '../../../src/engines/install-commands/index.js';

const files: FileReader = { readText: (path) => (path.endsWith('c.txt') ? 'setuptools<70\n' : undefined) };
const names = (request: { targets: Array<{ name?: string }> } | undefined): Array<string | undefined> =>
  request?.targets.map((t) => t.name) ?? [];

describe('options of current releases take their values', () => {
  it.each<[string[], string[]]>([
    [['pip', 'install', '--build-constraint', 'c.txt', 'requests'], ['requests']],
    [['pip', 'install', '--uploaded-prior-to', '2025-01-01', 'requests'], ['requests']],
  ])('%j', (argv, expected) => {
    expect(names(parsePythonCommand(argv, { cwd: '/repo', env: {}, files }))).toEqual(expected);
  });

  it.each<[string[], string[]]>([
    [['conda', 'install', '--exclude-newer', '2024-01-01', 'numpy'], ['numpy']],
    [['conda', 'install', '--revision', '3'], []],
  ])('%j', (argv, expected) => {
    expect(names(parseCondaCommand(argv, { cwd: '/repo', files }))).toEqual(expected);
  });
});
