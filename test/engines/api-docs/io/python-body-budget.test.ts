/**
 * The reading of function bodies at index time is bounded in steps, not in seconds: a package with more
 * functions than the budget reads gets the same index every time, whatever the machine's load, and what
 * it reads is the first functions in the order the public namespace is walked. Skipped without python3.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BODY_BUDGET, introspectPackage } from '../../../../src/engines/api-docs/io/python-introspect.js';
import { hasPython, tempDir } from '../../../fixtures/api-docs-sources.js';

const COUNT = 40;
const names = Array.from({ length: COUNT }, (_, i) => `make_${String(i).padStart(2, '0')}`);

describe.skipIf(!hasPython)('python3 introspection: body reading bounded in steps', () => {
  const dir = tempDir();
  const pkg = join(dir, 'ggbudget_pkg');
  const saved = process.env.PYTHONPATH;
  beforeAll(() => {
    mkdirSync(pkg);
    // Each function has no return annotation: what it returns is read from its body.
    const functions = names.map((name) => `def ${name}(size):\n    widget = Widget(size)\n    return widget\n`).join('');
    writeFileSync(join(pkg, '__init__.py'), `class Widget:\n    pass\n\n${functions}`);
    process.env.PYTHONPATH = dir;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.PYTHONPATH;
    else process.env.PYTHONPATH = saved;
  });

  /** For each function in the order the index lists it: whether its return was read. */
  const read = async (budget: { functions: number; members: number }) => {
    const { modules } = await introspectPackage(['ggbudget_pkg'], undefined, 60_000, budget);
    const entries = (modules.get('ggbudget_pkg') ?? []).filter((entry) => entry.name.startsWith('make_'));
    expect(entries.map((entry) => entry.name)).toEqual(names);
    return { modules, inferred: entries.map((entry) => entry.inferred === 'ggbudget_pkg.Widget') };
  };

  it('reads every function within the default budget', async () => {
    const { inferred } = await read(BODY_BUDGET);
    expect(inferred).toEqual(names.map(() => true));
  });

  it('past a small budget, reads the first functions in a fixed order, the same ones on every run', async () => {
    const budget = { functions: 60, members: 60 };
    const first = await read(budget);
    const count = first.inferred.filter(Boolean).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(COUNT);
    // A prefix: the first `count` in the walk's order, none after.
    expect(first.inferred).toEqual(names.map((_, i) => i < count));
    const again = await read(budget);
    expect(again.modules).toEqual(first.modules);
    // A larger budget reads more, never fewer.
    const larger = await read({ functions: 120, members: 60 });
    expect(larger.inferred.filter(Boolean).length).toBeGreaterThan(count);
  });
});
