/**
 * Index-time signatures from this machine's python3: a package on PYTHONPATH is imported, its public
 * namespace read, and the checker judges calls against what the interpreter reaches. Skipped without python3.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkInvocations, judgeInvocations } from '../../../../src/engines/api-docs/index.js';
import { introspectModules, isPublicModule } from '../../../../src/engines/api-docs/io/python-introspect.js';
import { planPython } from '../../../../src/engines/api-docs/io/python-source.js';
import { findSnippetCalls } from '../../../../src/engines/api-docs/io/snippet-parser.js';
import { hasPython, tempDir } from '../../../fixtures/api-docs-sources.js';
import { buildStore } from '../built-store.js';

describe.skipIf(!hasPython)('python3 introspection at index time', () => {
  const dir = tempDir();
  const pkg = join(dir, 'ggprobe_pkg');
  const saved = process.env.PYTHONPATH;
  beforeAll(() => {
    mkdirSync(pkg);
    writeFileSync(
      join(pkg, '__init__.py'),
      'from ._impl import run as execute\nfrom ._impl import *\nfrom .tools import wrapped\nfrom builtins import getattr as peek\n__all__ = ["execute", "wrapped", "Widget", "peek"]\n',
    );
    writeFileSync(
      join(pkg, '_impl.py'),
      '__all__ = ["Widget", "make_widget"]\ndef run(path, *, retries=3):\n    """Run the job at path."""\n\nclass Widget:\n    def __new__(cls, size, colour="red"):\n        return object.__new__(cls)\n    def resize(self, size):\n        pass\n\ndef make_widget(size) -> "Widget":\n    return Widget(size)\n',
    );
    writeFileSync(
      join(pkg, 'tools.py'),
      'import functools\nfrom ._impl import Widget\ndef _inner(a, b=1):\n    """Adds."""\n@functools.wraps(_inner)\ndef wrapped(*args, **kwargs):\n    return _inner(*args, **kwargs)\n' +
        'def open_widget(size):\n    """Opens a widget.\n\n    Returns\n    -------\n    Widget\n        The widget.\n    """\n    return Widget(size)\n' +
        'class offset_clock:\n    def __init__(self, hours):\n        self.hours = hours\n    def shift(self, minutes):\n        pass\n' +
        'class Registry(dict):\n    def register(self, key):\n        pass\n',
    );
    process.env.PYTHONPATH = dir;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PYTHONPATH;
    else process.env.PYTHONPATH = saved;
  });

  it('reads only public modules, and returns nothing for a module that fails to import', async () => {
    expect(isPublicModule('ggprobe_pkg._impl')).toBe(false);
    expect(isPublicModule('ggprobe_pkg.tools')).toBe(true);
    const names = await introspectModules(['ggprobe_pkg', 'ggprobe_pkg.missing']);
    expect([...names.keys()]).toEqual(['ggprobe_pkg']);
    expect(
      names
        .get('ggprobe_pkg')!
        .map((n) => n.name)
        .sort(),
    ).toEqual(['Widget', 'execute', 'make_widget', 'peek', 'wrapped']);
  });

  it('judges calls against the object the public path reaches: re-exports, __new__ constructors, functools.wraps wrappers', async () => {
    const store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      const check = async (code: string) => checkInvocations(await findSnippetCalls(`import ggprobe_pkg\n${code}`, 'python'), store)[0]!;
      expect(await check('ggprobe_pkg.execute("p", retries=2)')).toMatchObject({ exists: true, valid: true });
      expect((await check('ggprobe_pkg.execute("p", retry=2)')).problems).toEqual([
        expect.objectContaining({ code: 'unknown_argument', argument: 'retry' }),
      ]);
      expect((await check('ggprobe_pkg.Widget()')).problems).toEqual([
        expect.objectContaining({ code: 'missing_required', argument: 'size' }),
      ]);
      expect((await check('ggprobe_pkg.wrapped(1, c=2)')).problems).toEqual([
        expect.objectContaining({ code: 'unknown_argument', argument: 'c' }),
      ]);
      expect(await check('ggprobe_pkg.run("p")')).toMatchObject({ exists: false });
      // A callable the interpreter gives no signature for exists, and says its arguments were not checked.
      expect(await check('ggprobe_pkg.peek(1, 2, 3, 4, 5)')).toMatchObject({ exists: true, argumentsChecked: false });
    } finally {
      store.close();
    }
  });

  it('says "not judged" for a method on what a function returned, never valid', async () => {
    const store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      for (const code of ['job = ggprobe_pkg.execute("p")\njob.frobnicate(1)', 'ggprobe_pkg.execute("p").frobnicate(1)']) {
        const { checks, unjudged } = judgeInvocations(await findSnippetCalls(`import ggprobe_pkg\n${code}`, 'python'), store);
        expect(checks.map((c) => c.member)).toEqual(['execute']);
        expect(unjudged).toEqual([
          expect.objectContaining({ member: 'frobnicate', library: 'ggprobe_pkg', reason: expect.stringContaining('ggprobe_pkg.execute') }),
        ]);
      }
    } finally {
      store.close();
    }
  });

  it('judges a method on what a function returned as its annotated class: its own methods, by their signatures', async () => {
    const store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      const judge = async (code: string) =>
        judgeInvocations(await findSnippetCalls(`import ggprobe_pkg\nw = ggprobe_pkg.make_widget(3)\n${code}`, 'python'), store);
      expect((await judge('w.resize(4)')).checks.at(-1)).toMatchObject({ member: 'resize', exists: true, valid: true });
      expect((await judge('w.resize()')).checks.at(-1)!.problems).toEqual([
        expect.objectContaining({ code: 'missing_required', argument: 'size' }),
      ]);
      expect((await judge('w.shrink(4)')).checks.at(-1)).toMatchObject({ member: 'shrink', exists: false });
      expect((await judge('w.resize(4)')).unjudged).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('judges a method on what a function returned as the class its docstring "Returns" section names', async () => {
    const store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      const judge = async (code: string) =>
        judgeInvocations(
          await findSnippetCalls(`import ggprobe_pkg.tools\nw = ggprobe_pkg.tools.open_widget(3)\n${code}`, 'python'),
          store,
        );
      expect((await judge('w.resize(4)')).checks.at(-1)).toMatchObject({ member: 'resize', exists: true, valid: true });
      expect((await judge('w.shrink(4)')).checks.at(-1)).toMatchObject({ member: 'shrink', exists: false });
    } finally {
      store.close();
    }
  });
  it('judges a method on an instance of a class whatever the case of its name, assigned or chained', async () => {
    const store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      const last = async (code: string) =>
        judgeInvocations(await findSnippetCalls(`import ggprobe_pkg.tools\n${code}`, 'python'), store).checks.at(-1);
      expect(await last('c = ggprobe_pkg.tools.offset_clock(2)\nc.shift(5)')).toMatchObject({ member: 'shift', exists: true, valid: true });
      expect(await last('ggprobe_pkg.tools.offset_clock(2).shift(5)')).toMatchObject({ member: 'shift', exists: true, valid: true });
      expect((await last('c = ggprobe_pkg.tools.offset_clock(2)\nc.shift()'))!.problems).toEqual([
        expect.objectContaining({ code: 'missing_required', argument: 'minutes' }),
      ]);
      expect(await last('c = ggprobe_pkg.tools.offset_clock(2)\nc.shfit(5)')).toMatchObject({ member: 'shfit', exists: false });
    } finally {
      store.close();
    }
  });
  it('knows what a class inherits from outside the library when the interpreter lists it, else says "not judged", never unknown', async () => {
    const judge = async (store: Awaited<ReturnType<typeof buildStore>>, code: string) =>
      judgeInvocations(await findSnippetCalls(`import ggprobe_pkg.tools\nr = ggprobe_pkg.tools.Registry()\n${code}`, 'python'), store);
    const introspected = await buildStore(dir, [planPython(pkg, { introspect: true })]);
    try {
      expect((await judge(introspected, 'r.register(1)')).checks.at(-1)).toMatchObject({ member: 'register', valid: true });
      expect((await judge(introspected, 'r.setdefault(1)')).checks.at(-1)).toMatchObject({ member: 'setdefault', exists: true });
      expect((await judge(introspected, 'r.set_default(1)')).checks.at(-1)).toMatchObject({ member: 'set_default', exists: false });
    } finally {
      introspected.close();
    }
    const parsedOnly = await buildStore(dir, [planPython(pkg, { introspect: false })]);
    try {
      const inherited = await judge(parsedOnly, 'r.setdefault(1)');
      expect(inherited.checks.map((c) => c.member)).toEqual(['Registry']);
      expect(inherited.unjudged).toEqual([
        expect.objectContaining({ member: 'setdefault', reason: expect.stringContaining('inherits from dict') }),
      ]);
      // A class whose bases are all in the library still has no such member.
      const clock = judgeInvocations(
        await findSnippetCalls('import ggprobe_pkg.tools\nc = ggprobe_pkg.tools.offset_clock(1)\nc.setdefault(1)', 'python'),
        parsedOnly,
      );
      expect(clock.checks.at(-1)).toMatchObject({ exists: false });
    } finally {
      parsedOnly.close();
    }
  });
});
