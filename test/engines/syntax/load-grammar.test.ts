import { describe, expect, it } from 'vitest';
import { createParser, languageOfFile, type SyntaxLanguage } from '../../../src/engines/syntax/index.js';

describe('createParser', () => {
  it.each<[SyntaxLanguage, string, string]>([
    ['python', 'class A(B):\n    def f(self, x=1): return x\n', 'class_definition'],
    ['javascript', 'class A extends B { f(x = 1) { return x } }', 'class_declaration'],
    ['typescript', 'class A extends B { f(x: number = 1): number { return x } }', 'class_declaration'],
    ['tsx', 'const e = <div className="a">{x}</div>;', 'lexical_declaration'],
    ['java', 'class A extends B { int f(int x) { return x; } }', 'class_declaration'],
  ])('parses %s', async (language, source, firstType) => {
    const parser = await createParser(language);
    const tree = parser.parse(source);
    expect(tree?.rootNode.hasError).toBe(false);
    expect(tree?.rootNode.namedChild(0)?.type).toBe(firstType);
  });
});

describe('languageOfFile', () => {
  it.each([
    ['a/b.py', 'python'],
    ['types.pyi', 'python'],
    ['index.d.ts', 'typescript'],
    ['App.TSX', 'tsx'],
    ['Main.java', 'java'],
    ['x.mjs', 'javascript'],
    ['README.md', undefined],
    ['Makefile', undefined],
  ])('%s → %s', (file, language) => {
    expect(languageOfFile(file)).toBe(language);
  });
});
