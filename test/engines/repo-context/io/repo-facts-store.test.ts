import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeRepoFacts, createRepoFactsStore, factsCachePath, type RepoFactsStore } from '../../../../src/engines/repo-context/index.js';
import { writeRepo } from '../tiny-repo.js';

describe('createRepoFactsStore', () => {
  let root = '';
  let store: RepoFactsStore | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('computes the facts once and answers the cached facts after', async () => {
    root = writeRepo({ 'a.py': 'class A: pass\n', 'b.py': 'from a import A\nclass B(A): pass\n' });
    store = createRepoFactsStore({ watch: false });
    const first = await store.get(root);
    expect([...first.files.keys()]).toEqual(['a.py', 'b.py']);
    expect(first.childFiles.get('a.py')).toEqual(['b.py']);
    writeFileSync(join(root, 'c.py'), 'x = 1\n');
    expect(await store.get(root)).toBe(first);
  });

  it('re-reads changed, added and removed files while watching', async () => {
    root = writeRepo({ 'a.py': 'class A: pass\n', 'b.py': 'class B: pass\n' });
    store = createRepoFactsStore({ watch: true });
    const first = await store.get(root);
    expect(first.parentEdges.size).toBe(0);
    writeFileSync(join(root, 'b.py'), 'from a import A\nclass B(A): pass\n');
    writeFileSync(join(root, 'c.py'), 'class C: pass\n');
    rmSync(join(root, 'a.py'));
    writeFileSync(join(root, 'a2.py'), 'class A: pass\n');
    let facts = first;
    for (
      let i = 0;
      i < 100 && (!facts.files.has('c.py') || facts.files.has('a.py') || !facts.files.get('b.py')!.facts.classes[0]!.parents.length);
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      facts = await store.get(root);
    }
    expect([...facts.files.keys()].sort()).toEqual(['a2.py', 'b.py', 'c.py']);
    expect(facts.files.get('b.py')!.facts.classes[0]!.parents).toEqual(['A']);
  });
});

describe('computeRepoFacts with a cache directory', () => {
  let root = '';
  let cache = '';
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('re-parses only the files whose size or modification time changed, and survives a corrupt cache file', async () => {
    root = writeRepo({ 'a.py': 'class A: pass\n', 'b.py': 'from a import A\nclass B(A): pass\n' });
    cache = writeRepo({}, 'guard-rc-cache-');
    const first = await computeRepoFacts(root, { cacheDir: cache });
    expect(first.stats).toMatchObject({ files: 2, reused: 0 });
    const second = await computeRepoFacts(root, { cacheDir: cache });
    expect(second.stats).toMatchObject({ files: 2, reused: 2 });
    expect(second.facts.get('b.py')!.identifiers).toEqual(first.facts.get('b.py')!.identifiers);
    writeFileSync(join(root, 'a.py'), 'class A:\n    size = 1\n');
    const third = await computeRepoFacts(root, { cacheDir: cache });
    expect(third.stats).toMatchObject({ files: 2, reused: 1 });
    expect(third.facts.get('a.py')!.fieldDeclarations.map((f) => f.text)).toEqual(['size = 1']);
    writeFileSync(factsCachePath(cache, root), '{ not json');
    const fourth = await computeRepoFacts(root, { cacheDir: cache });
    expect(fourth.stats).toMatchObject({ files: 2, reused: 0 });
    expect((await computeRepoFacts(root, { cacheDir: cache })).stats.reused).toBe(2);
  });
});
