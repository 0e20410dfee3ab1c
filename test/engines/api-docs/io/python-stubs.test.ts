/**
 * Typeshed-style stubs: a `.pyi` beside its `.py`, a stub-only `<name>-stubs` package and a
 * `py.typed` package's stubs give the signatures (overloads kept, `...` defaults, `/`), over what the
 * interpreter says; the implementation lends the documentation. Skipped without python3.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkInvocations, type ApiRecord } from '../../../../src/engines/api-docs/index.js';
import { planPython } from '../../../../src/engines/api-docs/io/python-source.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { hasPython, tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

const IMPLEMENTATION = `def convert(value, base=10, strict=False):
    """Convert a value to an integer.

    Longer text.
    """
    return int(value, base)


class Reader:
    """Reads records from a file."""

    def __init__(self, *args, **kwargs):
        pass

    def read(self, *args, **kwargs):
        """Read up to size bytes."""
        return b""


class Plain(Reader):
    def __init__(self, size, colour="red"):
        pass
`;

const STUB = `import sys
from typing import overload

@overload
def convert(value: str, /, base: int = ...) -> int: ...
@overload
def convert(value: bytes, /, base: int = ..., *, strict: bool = ...) -> int: ...

class Reader:
    def __init__(self, path: str, mode: str = ...) -> None: ...
    def read(self, size: int = ..., /) -> bytes: ...

class Plain(Reader): ...
`;

describe.skipIf(!hasPython)('python stubs (.pyi)', () => {
  const dir = tempDir();
  const pkg = join(dir, 'ggstubbed');
  const saved = process.env.PYTHONPATH;
  beforeAll(() => {
    mkdirSync(join(pkg, 'native'), { recursive: true });
    mkdirSync(join(dir, 'ggstubbed-stubs'));
    writeFileSync(join(pkg, '__init__.py'), IMPLEMENTATION);
    writeFileSync(join(pkg, '__init__.pyi'), STUB);
    writeFileSync(join(pkg, 'py.typed'), '');
    // A stub-only package (PEP 561) for a module whose source says nothing of its parameters.
    writeFileSync(join(pkg, 'extra.py'), 'def helper(*args, **kwargs):\n    """Help with the extra work."""\n');
    writeFileSync(join(dir, 'ggstubbed-stubs', 'extra.pyi'), 'def helper(name: str, *, verbose: bool = ...) -> None: ...\n');
    // A compiled module has no .py: its stub is all there is.
    writeFileSync(join(pkg, 'native', '__init__.pyi'), 'def checksum(data: bytes, /, seed: int = ...) -> int: ...\n');
    process.env.PYTHONPATH = dir;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PYTHONPATH;
    else process.env.PYTHONPATH = saved;
  });

  it('plans the stubs in place of the sources they describe, the stub-only package laid over the package', () => {
    const plan = planPython(pkg, { introspect: true });
    expect(plan.files.map((f) => f.path)).toEqual(['__init__.pyi', 'extra.pyi', 'native/__init__.pyi']);
    expect(plan.files.find((f) => f.path === 'extra.pyi')!.absolute).toBe(join(dir, 'ggstubbed-stubs', 'extra.pyi'));
  });

  it('keeps every overload with its positional-only and `...` defaults, over the interpreter, with the implementation’s docs', async () => {
    const plan = planPython(pkg, { introspect: true });
    const records = [...(await plan.extract(plan.files)).values()].flat();
    const named = (name: string): ApiRecord[] => records.filter((r) => r.name === name);
    // The interpreter did read the package (its namespace record is there), yet the stub's signatures stand.
    expect(named('ggstubbed.__all__')).toHaveLength(1);
    const overloads = named('ggstubbed.convert');
    // The interpreter's signature (it names parameters) is one more overload, after the stub's.
    expect(overloads.map((r) => r.signature)).toEqual([
      'convert(value: str, /, base: int=...) -> int',
      'convert(value: bytes, /, base: int=..., *, strict: bool=...) -> int',
      'convert(value, base=10, strict=False) -> int',
    ]);
    expect(overloads[0]!.params).toEqual([
      { name: 'value', kind: 'positional', required: true, type: 'str' },
      { name: 'base', kind: 'normal', required: false, default: '...', type: 'int' },
    ]);
    expect(overloads.every((r) => r.description.startsWith('Convert a value to an integer.'))).toBe(true);
    // A bare `(*args, **kwargs)` from the interpreter says less than the stub: the stub alone stands.
    expect(named('ggstubbed.Reader')).toHaveLength(1);
    expect(named('ggstubbed.Reader')[0]).toMatchObject({
      params: [expect.objectContaining({ name: 'path', required: true }), expect.objectContaining({ name: 'mode', required: false })],
      description: 'Reads records from a file.',
    });
    // A stub class without __init__ says nothing of its constructor: the interpreter's signature replaces it.
    expect(named('ggstubbed.Plain').map((r) => r.signature)).toEqual(["class Plain(size, colour='red')"]);
    expect(named('ggstubbed.Reader.read')[0]).toMatchObject({
      signature: 'read(size: int=..., /) -> bytes',
      description: 'Read up to size bytes.',
    });
    expect(named('ggstubbed.extra.helper')[0]).toMatchObject({
      signature: 'helper(name: str, *, verbose: bool=...) -> None',
      description: 'Help with the extra work.',
    });
    expect(named('ggstubbed.native.checksum')[0]!.params.map((p) => p.kind)).toEqual(['positional', 'normal']);
  });

  it('judges calls against the stubs: any overload fits, positional-only and keyword-only as declared', async () => {
    const store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      const check = async (code: string) => checkInvocations(await findSnippetCalls(`import ggstubbed\n${code}`, 'python'), store)[0]!;
      expect(await check('ggstubbed.convert(b"ff", 16, strict=True)')).toMatchObject({ exists: true, valid: true });
      expect(await check('ggstubbed.convert("ff", 16, False)')).toMatchObject({ valid: true }); // what the installed code accepts
      expect((await check('ggstubbed.convert("ff", bas=16)')).problems).toEqual([
        expect.objectContaining({ code: 'unknown_argument', argument: 'bas' }),
      ]);
      expect((await check('ggstubbed.Reader()')).problems).toEqual([
        expect.objectContaining({ code: 'missing_required', argument: 'path' }),
      ]);
      expect((await check('ggstubbed.extra.helper("x", loud=True)')).problems).toEqual([
        expect.objectContaining({ code: 'unknown_argument', argument: 'loud' }),
      ]);
      expect(await check('ggstubbed.native.checksum(b"x", seed=1)')).toMatchObject({ valid: true });
    } finally {
      store.close();
    }
  });
});
