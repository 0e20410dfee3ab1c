/**
 * The skeleton the Python extractor parses: function bodies emptied but for their docstrings, line
 * for line. The records read from a skeleton are those read from the full source, checked on the
 * modules of this machine's python3 standard library (skipped without python3).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { extractPythonModule } from '../../../src/engines/api-docs/python-source-model.js';
import { pythonSkeleton } from '../../../src/engines/api-docs/python-skeleton.js';
import { createParser } from '../../../src/engines/syntax/index.js';

const stdlib = ((): string | undefined => {
  try {
    return execFileSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
})();

async function recordsOf(): Promise<(source: string) => string> {
  const parser = await createParser('python');
  return (source) => {
    const tree = parser.parse(source)!;
    try {
      return JSON.stringify(extractPythonModule(tree.rootNode, { library: 'lib', module: 'lib.mod', file: 'lib/mod.py', version: '' }));
    } finally {
      tree.delete();
    }
  };
}

describe('pythonSkeleton', () => {
  it.each([
    [
      "keeps a docstring and the function's own returns (shortened to what tells their type) and the assignments they read",
      'def f(a, b=1):\n    """Doc."""\n    print(a)\n    if a:\n        x = g(a)\n    return x\n',
      'def f(a, b=1):\n    """Doc."""\n\n\n    x = g()\n    return x\n',
    ],
    ['puts pass in a body without a docstring', 'def f():\n    print(1)\n    g()\ny = 2\n', 'def f():\n    pass\n\ny = 2\n'],
    [
      'ends a body where the indentation does, not inside a string at column 0',
      'def f():\n    call("""\nnot code: def g():\n""")\n    done()\ndef h():\n    """H."""\n',
      'def f():\n    pass\n\n\n\ndef h():\n    """H."""\n',
    ],
    [
      'keeps class bodies and empties their methods, nested functions included',
      'class C:\n    """C."""\n    def m(self):\n        def inner():\n            return 1\n        return inner\n    x: int = 1\n',
      'class C:\n    """C."""\n    def m(self):\n\n\n        return inner\n    x: int = 1\n',
    ],
    [
      'reads multi-line headers, brackets, continuations and comments',
      "async def f(a,\n      b={\"k\": \":\"}) -> int:  # note:\n    r'''Doc.'''\n    if a:\n        return \\\n            b\n",
      "async def f(a,\n      b={\"k\": \":\"}) -> int:  # note:\n    r'''Doc.'''\n\n    return 0\n\n",
    ],
    [
      'keeps no return of a generator, nor of a body that returns on a compound line',
      'def f():\n    x = 1\n    yield x\ndef g(a):\n    y = h()\n    if a: return 2\n    return y\n',
      'def f():\n    pass\n\ndef g(a):\n    pass\n\n\n',
    ],
    [
      'shortens a return that tells no type to `return 0`, and drops the assignments no return reads',
      'def f():\n    y = h(1)\n    z = k(2)\n    return y(3)(4)\n',
      'def f():\n\n\n    return 0\n',
    ],
    ['leaves one-line functions alone', 'def f(): return 1\nlambda: 2\n', 'def f(): return 1\nlambda: 2\n'],
  ])('%s', (_title, source, expected) => {
    expect(pythonSkeleton(source)).toBe(expected);
  });

  it('keeps every line in its place, and a skeleton is its own skeleton', () => {
    const piece = fc.constantFrom(
      'def f(x):\n',
      '    """Doc\nmore."""\n',
      '    return x\n',
      'class K:\n',
      '    def m(self):\n',
      '        pass\n',
      "s = '''\ndef not_a_def():\n'''\n",
      '# comment\n',
      '\n',
      '    y = (1,\n2)\n',
      'z = "a:" \\\n  + "b"\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const source = pieces.join('');
        const skeleton = pythonSkeleton(source);
        expect(skeleton.split('\n')).toHaveLength(source.split('\n').length);
        expect(pythonSkeleton(skeleton)).toBe(skeleton);
      }),
    );
  });

  it.skipIf(stdlib === undefined)('gives the same records as the full source on the standard library', async () => {
    const records = await recordsOf();
    const files = ['json', 'email', 'asyncio', 'logging', 'http', 'importlib']
      .flatMap((dir) => readdirSync(join(stdlib!, dir)).map((name) => join(stdlib!, dir, name)))
      .concat(['argparse.py', 'inspect.py', 'typing.py', 'dataclasses.py', 'pathlib.py', 'textwrap.py'].map((name) => join(stdlib!, name)))
      .filter((path) => path.endsWith('.py'));
    expect(files.length).toBeGreaterThan(60);
    const different = files.filter((path) => {
      const source = readFileSync(path, 'utf8');
      return records(pythonSkeleton(source)) !== records(source);
    });
    expect(different).toEqual([]);
  });
});
