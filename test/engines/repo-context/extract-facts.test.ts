import { describe, expect, it } from 'vitest';
import { parseSourceFacts, type FileFacts } from '../../../src/engines/repo-context/index.js';

async function facts(path: string, text: string): Promise<FileFacts> {
  const parsed = await parseSourceFacts(path, text);
  if (!parsed) throw new Error(`not parsed: ${path}`);
  return parsed;
}

const texts = (spans: Array<{ text: string }>): string[] => spans.map((s) => s.text);

describe('extractFileFacts: Python', () => {
  const source = [
    'import os.path, json as js',
    'from .base import Base, helper as h',
    'from ..util import *',
    '',
    'class Store(Base, mixins.Loggable, metaclass=Meta):',
    '    limit: int = 10',
    '',
    '    def get(self, key: Key) -> Record:',
    '        self.cache = {}',
    '        return h(key, "missing")',
    '',
    'async def run(n):',
    '    return n',
  ].join('\n');

  it('reads imports with their bindings', async () => {
    const f = await facts('pkg/store.py', source);
    expect(f.imports).toEqual([
      { module: 'os.path', names: [], bindings: ['os'], line: 0 },
      { module: 'json', names: [], bindings: ['js'], line: 0 },
      { module: '.base', names: ['Base', 'helper'], bindings: ['Base', 'h'], line: 1 },
      { module: '..util', names: ['*'], bindings: [], line: 2 },
    ]);
  });

  it('reads classes with their parents as written, keyword arguments left out', async () => {
    const f = await facts('pkg/store.py', source);
    expect(f.classes).toEqual([{ name: 'Store', parents: ['Base', 'mixins.Loggable'], startLine: 4, endLine: 9 }]);
  });

  it('reads every context type', async () => {
    const f = await facts('pkg/store.py', source);
    expect(texts(f.methodNames)).toEqual(['def get(self, key: Key) -> Record', 'async def run(n)']);
    expect(texts(f.methodBodies)[1]).toBe('async def run(n):\n    return n');
    expect(texts(f.fieldDeclarations)).toEqual(['limit: int = 10', 'self.cache = {}']);
    expect(texts(f.stringLiterals)).toEqual(['"missing"']);
    expect([...f.typeIdentifiers.keys()]).toEqual(expect.arrayContaining(['Base', 'Loggable', 'int', 'Key', 'Record']));
    expect([...f.identifiers.keys()]).toEqual(
      expect.arrayContaining(['os', 'js', 'Store', 'get', 'self', 'cache', 'h', 'key', 'run', 'n']),
    );
    expect(f.identifiers.get('key')).toEqual([7, 9]);
  });
});

describe('extractFileFacts: TypeScript and JavaScript', () => {
  it('reads ES imports, re-exports, require and dynamic import', async () => {
    const f = await facts(
      'src/a.ts',
      [
        "import def, { one, two as second } from './one.js';",
        "import * as ns from '../ns';",
        "export * from './again';",
        "const lib = require('./lib');",
        "const { x, y } = require('./xy');",
        "async function f() { const m = await import('./lazy'); }",
      ].join('\n'),
    );
    expect(f.imports.map((i) => [i.module, i.bindings])).toEqual([
      ['./one.js', ['def', 'one', 'second']],
      ['../ns', ['ns']],
      ['./again', []],
      ['./lib', ['lib']],
      ['./xy', ['x', 'y']],
      ['./lazy', ['m']],
    ]);
  });

  it('reads classes, interfaces, fields, methods and arrow functions', async () => {
    const f = await facts(
      'src/b.ts',
      [
        'export class Cache<T> extends Base<T> implements Store, Sized {',
        '  private size: number = 0;',
        '  get(key: string): T | undefined { return this.map.get(key); }',
        '}',
        'interface Sized extends Countable { count(): number; label: string }',
        'export const double = (n: number): number => n * 2;',
        'const s = `tpl`;',
      ].join('\n'),
    );
    expect(f.classes.map((c) => [c.name, c.parents])).toEqual([
      ['Cache', ['Base', 'Store', 'Sized']],
      ['Sized', ['Countable']],
    ]);
    expect(texts(f.fieldDeclarations)).toEqual(['private size: number = 0', 'label: string']);
    expect(texts(f.methodNames)).toEqual(['get(key: string): T | undefined', 'count(): number', 'const double = (n: number): number']);
    expect(texts(f.stringLiterals)).toEqual(['`tpl`']);
    expect([...f.typeIdentifiers.keys()]).toEqual(expect.arrayContaining(['Cache', 'Base', 'Store', 'Sized', 'T', 'Countable']));
  });

  it('reads a JavaScript class heritage as a parent', async () => {
    const f = await facts('lib/c.js', 'class Child extends lib.Parent { m() { return "x"; } }\n');
    expect(f.classes).toEqual([{ name: 'Child', parents: ['lib.Parent'], startLine: 0, endLine: 0 }]);
    expect(texts(f.methodNames)).toEqual(['m()']);
  });
});

describe('extractFileFacts: Java', () => {
  it('reads the package, imports (single, on-demand, static), classes and members', async () => {
    const f = await facts(
      'src/com/acme/Store.java',
      [
        'package com.acme;',
        'import com.acme.util.Cache;',
        'import com.acme.io.*;',
        'import static com.acme.util.Strings.trim;',
        'public class Store extends BaseStore<String> implements Closeable {',
        '  private final Cache cache = new Cache();',
        '  public Store(int size) { this.size = size; }',
        '  public String load(String key) { return trim("k" + key); }',
        '}',
      ].join('\n'),
    );
    expect(f.packageName).toBe('com.acme');
    expect(f.imports.map((i) => [i.module, i.bindings])).toEqual([
      ['com.acme.util.Cache', ['Cache']],
      ['com.acme.io.*', []],
      ['com.acme.util.Strings', ['trim']],
    ]);
    expect(f.classes).toEqual([{ name: 'Store', parents: ['BaseStore', 'Closeable'], startLine: 4, endLine: 8 }]);
    expect(texts(f.fieldDeclarations)).toEqual(['private final Cache cache = new Cache();']);
    expect(texts(f.methodNames)).toEqual(['public Store(int size)', 'public String load(String key)']);
    expect(texts(f.stringLiterals)).toEqual(['"k"']);
    expect(f.typeIdentifiers.has('Cache')).toBe(true);
  });
});
