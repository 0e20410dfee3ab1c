/** Test helper: a small Python package written from source text, importable (PYTHONPATH) and indexed with the interpreter's help. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

import { judgeInvocations } from '../../../src/engines/api-docs/index.js';
import { planPython } from '../../../src/engines/api-docs/io/python-source.js';
import { findSnippetCalls } from '../../../src/engines/api-docs/io/snippet-parser.js';
import { tempDir } from '../../fixtures/api-docs-sources.js';
import { buildStore } from './built-store.js';

type Store = Awaited<ReturnType<typeof buildStore>>;

/**
 * Registers hooks that write `<name>/<module>.py` (the source given; `_impl` unless named) and an `__init__.py` re-exporting `names`
 * (its `__all__`), index it with `introspect: true`, and restore PYTHONPATH afterwards. Call inside a
 * `describe`; the returned function gives the store once `beforeAll` has run.
 */
export function useIndexedPythonPackage(name: string, impl: string, names: readonly string[], module = '_impl'): () => Store {
  const dir = tempDir();
  const pkg = join(dir, name);
  const saved = process.env.PYTHONPATH;
  let store: Store | undefined;
  beforeAll(async () => {
    mkdirSync(pkg);
    writeFileSync(
      join(pkg, '__init__.py'),
      `from .${module} import ${names.join(', ')}\n__all__ = [${names.map((n) => `"${n}"`).join(', ')}]\n`,
    );
    writeFileSync(join(pkg, `${module}.py`), impl);
    process.env.PYTHONPATH = dir;
    store = await buildStore(dir, [planPython(pkg, { introspect: true })]);
  });
  afterAll(() => {
    store?.close();
    if (saved === undefined) delete process.env.PYTHONPATH;
    else process.env.PYTHONPATH = saved;
  });
  return () => {
    if (!store) throw new Error(`the package ${name} is not indexed yet (call inside a test, after beforeAll)`);
    return store;
  };
}

/** The last judgement of a snippet that imports `name` first: the reason it was not judged, or its last check. */
export function lastJudgement(store: () => Store, name: string) {
  return async (code: string) => {
    const { checks, unjudged } = judgeInvocations(await findSnippetCalls(`import ${name}\n${code}`, 'python'), store());
    return unjudged.length > 0 ? unjudged.at(-1)!.reason : checks.at(-1);
  };
}
