import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { extractPythonModule } from '../../../src/engines/api-docs/python-source-model.js';
import type { ApiRecord } from '../../../src/engines/api-docs/index.js';
import { createParser, type TreeSitterParser } from '../../../src/engines/syntax/index.js';

let parser: TreeSitterParser;
beforeAll(async () => {
  parser = await createParser('python');
});
afterAll(() => parser?.delete());

function extract(code: string, module = 'pkg.mod'): ApiRecord[] {
  const tree = parser.parse(code)!;
  try {
    return extractPythonModule(tree.rootNode, { library: 'pkg', module, file: 'pkg/mod.py', version: '1.0' });
  } finally {
    tree.delete();
  }
}

describe('extractPythonModule', () => {
  it('reads a function with defaults, `*` and `**kwargs`, and its Google docstring', () => {
    const [fn] = extract(
      `def fetch(city, days=3, *, units="metric", **kwargs):\n    """Fetch the forecast.\n\n    Args:\n        city (str): City.\n\n    Keyword Args:\n        timeout (float): Seconds.\n    """\n`,
    );
    expect(fn).toMatchObject({
      name: 'pkg.mod.fetch',
      member: 'fetch',
      owner: 'pkg.mod',
      kind: 'function',
      description: 'Fetch the forecast.',
      location: 'pkg/mod.py:1',
    });
    expect(fn!.params.map((p) => [p.name, p.kind, p.required, p.default])).toEqual([
      ['city', 'normal', true, undefined],
      ['days', 'normal', false, '3'],
      ['units', 'keyword', false, '"metric"'],
      ['timeout', 'keyword', false, undefined],
      ['kwargs', 'var_keyword', false, undefined],
    ]);
    expect(fn!.signature).toBe('fetch(city, days=3, *, units="metric", timeout=…, **kwargs)');
  });

  it('reads positional-only parameters, *args and type hints, and marks async functions', () => {
    const records = extract(
      `def parse(code, /, strict=False):\n    pass\n\nasync def stream(station, *sensors, interval: float = 1.0) -> list:\n    """Stream readings."""\n`,
    );
    expect(records[0]!.params.map((p) => p.kind)).toEqual(['positional', 'normal']);
    expect(records[0]!.signature).toBe('parse(code, /, strict=False)');
    expect(records[1]!.signature).toBe('async stream(station, *sensors, interval: float=1.0) -> list');
    expect(records[1]!.params.map((p) => p.kind)).toEqual(['normal', 'var_positional', 'keyword']);
  });

  it('reads classes through __init__, public methods without self, static methods, and skips private names and properties', () => {
    const records = extract(
      `class Client(Base):\n    """A client."""\n    def __init__(self, key, region="eu"):\n        pass\n    def get(self, city, **kwargs):\n        """Current.\n\n        :param city: The city.\n        :keyword bool alerts: Add alerts.\n        """\n    @staticmethod\n    def units():\n        pass\n    @property\n    def region(self):\n        pass\n    def _hidden(self):\n        pass\n\ndef _private():\n    pass\n`,
    );
    expect(records.map((r) => `${r.kind} ${r.name}`)).toEqual([
      'class pkg.mod.Client',
      'method pkg.mod.Client.get',
      'method pkg.mod.Client.units',
      'name pkg.mod.Client.__bases__',
    ]);
    // The bases as written, so that a member inherited from outside the library is never called unknown.
    expect(records[3]).toMatchObject({ owner: 'Client', member: '__bases__', signature: '__bases__ = (Base)' });
    expect(records[0]!.params.map((p) => p.name)).toEqual(['key', 'region']);
    expect(records[0]!.description).toBe('A client.');
    expect(records[1]!.owner).toBe('Client');
    expect(records[1]!.params.map((p) => p.name)).toEqual(['city', 'alerts', 'kwargs']);
  });

  it('takes a dataclass constructor from its fields, and accepts anything for a subclass without __init__', () => {
    const records = extract(`@dataclass\nclass Reading:\n    station: str\n    value: float = 0.0\n\nclass Sub(Reading):\n    pass\n`);
    expect(records[0]!.params.map((p) => [p.name, p.required])).toEqual([
      ['station', true],
      ['value', false],
    ]);
    expect(records[1]!.params.map((p) => p.kind)).toEqual(['var_positional', 'var_keyword']);
  });

  it('records re-exported and assigned module names as `name` records that accept any arguments', () => {
    const records = extract(
      `from .api import get as fetch, post\nfrom urllib.parse import urljoin\nimport os\nfloat64 = floating\n_hidden = 1\n\ndef post(url):\n    pass\n`,
    );
    expect(records.map((r) => [r.kind, r.name, r.signature])).toEqual([
      ['function', 'pkg.mod.post', 'post(url)'],
      ['name', 'pkg.mod.fetch', 'fetch = .api.get'],
      ['name', 'pkg.mod.urljoin', 'urljoin = urllib.parse.urljoin'],
      ['name', 'pkg.mod.float64', 'float64 = floating'],
    ]);
    expect(records[1]!.params.map((p) => p.kind)).toEqual(['var_positional', 'var_keyword']);
  });

  it('finds definitions inside module-level if/try blocks and survives broken code', () => {
    const records = extract(
      `try:\n    def fast():\n        pass\nexcept ImportError:\n    def fast():\n        pass\n\ndef broken(a, b:\n\ndef after(x):\n    pass\n`,
    );
    expect(records.map((r) => r.member)).toContain('fast');
  });
});

describe('return types inferred from a function body', () => {
  it.each([
    ['a class called', 'def f():\n    return Widget(1)\n', 'f() -> Widget()'],
    ['a local assigned once', 'def f():\n    w = make(1)\n    if w:\n        return w\n    return None\n', 'f() -> make()'],
    ['one of several', 'def f(x):\n    if x:\n        return A()\n    return B()\n', 'f(x) -> A() | B()'],
    ['a parameter (unknown)', 'def f(x):\n    return x\n', 'f(x)'],
    ['a generator (none)', 'def f():\n    yield 1\n    return Widget()\n', 'f()'],
    ['a return inside a nested function (not its own)', 'def f():\n    def g():\n        return Widget()\n    return g\n', 'f()'],
  ])('%s', (_title, code, signature) => {
    expect(extract(code)[0]!.signature).toBe(signature);
  });

  it('reads `return self`, `return cls(…)` and `return self.method(…)` in methods as the class', () => {
    const records = extract(
      'class K:\n    def a(self):\n        return self\n    @classmethod\n    def b(cls):\n        return cls()\n    def c(self):\n        return self.a()\n',
    );
    expect(records.filter((r) => r.kind === 'method').map((r) => r.signature)).toEqual([
      'a() -> pkg.mod.K',
      'b() -> pkg.mod.K',
      'c() -> pkg.mod.K.a()',
    ]);
  });
});
