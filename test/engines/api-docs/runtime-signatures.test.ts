import { describe, expect, it } from 'vitest';

import { applyRuntimeNames, type RuntimeName } from '../../../src/engines/api-docs/runtime-signatures.js';
import type { ApiRecord } from '../../../src/engines/api-docs/types.js';

const base = { library: 'pkg', owner: 'pkg', description: '', documentation: '', location: 'pkg/__init__.py:1', version: '' };
const parsed: ApiRecord[] = [
  {
    ...base,
    name: 'pkg.execute',
    member: 'execute',
    kind: 'name',
    signature: 'execute = ._impl.run',
    params: [
      { name: 'args', kind: 'var_positional', required: false },
      { name: 'kwargs', kind: 'var_keyword', required: false },
    ],
  },
  {
    ...base,
    name: 'pkg.wrapped',
    member: 'wrapped',
    kind: 'function',
    signature: 'wrapped(*args, **kwargs)',
    params: [
      { name: 'args', kind: 'var_positional', required: false },
      { name: 'kwargs', kind: 'var_keyword', required: false },
    ],
  },
  { ...base, name: 'pkg.fast', member: 'fast', kind: 'name', signature: 'fast = _speedups.fast', params: [] },
];
const runtime: RuntimeName[] = [
  {
    name: 'execute',
    kind: 'function',
    target: 'pkg._impl.run',
    doc: 'Run the job at path.',
    params: [
      { name: 'path', kind: 'normal', required: true },
      { name: 'retries', kind: 'keyword', required: false, default: '3' },
    ],
  },
  { name: 'wrapped', kind: 'function', target: 'pkg.wrapped', doc: '', params: [{ name: 'x', kind: 'positional', required: true }] },
  { name: 'fast', kind: 'function', target: 'pkg._speedups.fast', doc: 'C code.' },
  { name: 'star', kind: 'class', target: 'pkg._impl.Star', doc: 'From a star import.', params: [] },
];

describe('interpreter signatures merged into parsed records', () => {
  const merged = applyRuntimeNames(parsed, 'pkg', runtime, 'pkg', 'pkg/__init__.py', '');
  const byName = new Map(merged.map((r) => [r.name, r]));

  it('turns a re-export into a record of the object it reaches: its parameters, its documentation, its home as an alias', () => {
    expect(byName.get('pkg.execute')).toMatchObject({
      kind: 'function',
      description: 'Run the job at path.',
      aliases: ['pkg._impl.run'],
      signature: 'execute(path, *, retries=3)',
    });
  });

  it('replaces a parsed *args/**kwargs wrapper with the signature the interpreter follows', () => {
    expect(byName.get('pkg.wrapped')!.params).toEqual([{ name: 'x', kind: 'positional', required: true }]);
  });

  it('keeps a name without a known signature a bare name, and adds public names the source never wrote', () => {
    expect(byName.get('pkg.fast')!.kind).toBe('name');
    expect(byName.get('pkg.star')).toMatchObject({ kind: 'class', owner: 'pkg', member: 'star', params: [] });
    expect(merged.filter((r) => r.member !== '__all__')).toHaveLength(4);
    expect(byName.get('pkg.__all__')).toMatchObject({ kind: 'name', owner: 'pkg' });
  });
});

describe('a stub that re-exports from the implementation (attrs: `__init__.pyi`, code in `_make.py`)', () => {
  const stub = { ...base, location: 'pkg/__init__.pyi:3', kind: 'function' as const, name: 'pkg.fields_dict', member: 'fields_dict' };
  const overloads: ApiRecord[] = [
    { ...stub, signature: 'fields_dict(cls: type) -> dict', params: [{ name: 'cls', kind: 'normal', required: true }] },
    { ...stub, signature: 'fields_dict(cls: object) -> dict', params: [{ name: 'cls', kind: 'normal', required: true }] },
  ];
  const entry: RuntimeName = {
    name: 'fields_dict',
    kind: 'function',
    target: 'pkg._make.fields_dict',
    doc: 'Return an ordered dictionary of attributes for a class. More.',
    params: [{ name: 'cls', kind: 'normal', required: true }],
  };

  it('gives every overload the docstring of the object the name reaches; the stub keeps its signatures', () => {
    const merged = applyRuntimeNames(overloads, 'pkg', [entry], 'pkg', 'pkg/__init__.py', '').filter((r) => r.member === 'fields_dict');
    // The interpreter's signature is one more overload beside the stub's.
    expect(merged.map((r) => r.signature)).toEqual([
      'fields_dict(cls: type) -> dict',
      'fields_dict(cls: object) -> dict',
      'fields_dict(cls) -> dict',
    ]);
    for (const record of merged) {
      expect(record.documentation).toBe(entry.doc);
      expect(record.description).toMatch(/^Return an ordered dictionary of attributes for a class\./);
    }
  });

  it('keeps the documentation a stub record has', () => {
    const own = { ...overloads[0]!, description: 'Stub words.', documentation: 'Stub words.' };
    const merged = applyRuntimeNames([own], 'pkg', [entry], 'pkg', 'pkg/__init__.py', '');
    expect(merged.find((r) => r.member === 'fields_dict')!.documentation).toBe('Stub words.');
  });
});

describe('return types', () => {
  it('reads the annotation written at the end of a signature, and the class it plainly names', async () => {
    const { returnType, returnedClass } = await import('../../../src/engines/api-docs/runtime-signatures.js');
    expect(returnType('parse(timestr, *, default=None) -> datetime.datetime')).toBe('datetime.datetime');
    expect(returnType('parse(timestr)')).toBeUndefined();
    expect(returnedClass('datetime.datetime')).toBeUndefined();
    expect(returnedClass('"Widget"')).toBe('Widget');
    expect(returnedClass('Optional[pkg.mod.Validator]')).toBe('Validator');
    expect(returnedClass('Validator | None')).toBe('Validator');
    expect(returnedClass('list[Validator]')).toBeUndefined();
    expect(returnedClass('A | B')).toBeUndefined();
  });
});

describe('a function parameter named cls', () => {
  it('is a real parameter of a function (attrs.fields(cls)), and a method receiver only for methods', async () => {
    const { checkArguments } = await import('../../../src/engines/api-docs/check-invocations.js');
    const call = {
      text: 'attr.fields(C)',
      member: 'fields',
      positional: 1,
      keywords: [],
      spreadPositional: false,
      spreadKeywords: false,
      line: 1,
    };
    const fields = {
      ...base,
      id: '1',
      score: 0,
      name: 'attr.fields',
      member: 'fields',
      kind: 'function' as const,
      signature: 'fields(cls)',
      params: [{ name: 'cls', kind: 'normal' as const, required: true }],
    };
    expect(checkArguments(call, fields)).toEqual([]);
    expect(checkArguments({ ...call, positional: 0 }, fields)).toEqual([
      expect.objectContaining({ code: 'missing_required', argument: 'cls' }),
    ]);
    expect(checkArguments({ ...call, positional: 0 }, { ...fields, kind: 'method' })).toEqual([]);
  });
});
