import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { openIndexStore } from '../../../../src/engines/api-docs/io/index-store.js';
import type { ApiRecord } from '../../../../src/engines/api-docs/index.js';
import { GuardError } from '../../../../src/shared/errors.js';
import { tempDir } from '../../../fixtures/api-docs-sources.js';

function record(member: string, owner = 'svc'): ApiRecord {
  return {
    library: 'lib',
    name: `${owner}.${member}`,
    owner,
    member,
    kind: 'function',
    signature: `${member}(a)`,
    params: [{ name: 'alpha_value', kind: 'normal', required: true }],
    description: `Does ${member}.`,
    documentation: `Full docs of ${member}.`,
    location: 'f.py:1',
    version: '1',
  };
}

const source = { id: 'src', kind: 'python', root: '/r', library: 'lib', version: '1' };

describe('the SQLite index store', () => {
  it('stores records per file, replaces a changed file and drops a removed one, keeping fingerprints', async () => {
    const store = await openIndexStore(join(tempDir(), 'nested', 'api.sqlite'), { create: true });
    store.applyUpdate({
      source,
      removed: [],
      changed: [
        { path: 'a.py', size: 1, mtimeMs: 10, records: [record('read_file'), record('write_file')] },
        { path: 'b.py', size: 2, mtimeMs: 20, records: [record('delete_file')] },
      ],
    });
    expect(store.recordCount()).toBe(3);
    expect([...store.fingerprints('src')]).toEqual([
      ['a.py', { size: 1, mtimeMs: 10 }],
      ['b.py', { size: 2, mtimeMs: 20 }],
    ]);
    store.applyUpdate({ source, removed: ['b.py'], changed: [{ path: 'a.py', size: 3, mtimeMs: 30, records: [record('read_file')] }] });
    expect(store.recordCount()).toBe(1);
    expect(store.findMember('write_file')).toEqual([]);
    expect(store.findMember('delete_file')).toEqual([]);
    expect(store.findMember('read_file', 'lib')[0]).toMatchObject({ name: 'svc.read_file', params: [{ name: 'alpha_value' }] });
    expect(store.listSources()).toMatchObject([{ id: 'src', records: 1, files: 1, library: 'lib' }]);
    // The full-text index follows the records: the removed ones are no longer found.
    expect(store.search('"write" OR "delete"', { limit: 5 })).toEqual([]);
    expect(store.search('"read"', { limit: 5 }).map((h) => h.name)).toEqual(['svc.read_file']);
    expect(store.search('"alpha"', { limit: 5, library: 'other' })).toEqual([]);
    expect(store.getDocumentation(store.findMember('read_file')[0]!.id)).toBe('Full docs of read_file.');
    expect(store.hasOwner('svc', 'lib')).toBe(true);
    expect(store.removeSource('src')).toBe(true);
    expect(store.recordCount()).toBe(0);
    store.close();
  });

  it('leaves the old index intact when an update fails half-way (one transaction)', async () => {
    const path = join(tempDir(), 'api.sqlite');
    const store = await openIndexStore(path, { create: true });
    store.applyUpdate({ source, removed: [], changed: [{ path: 'a.py', size: 1, mtimeMs: 1, records: [record('keep_me')] }] });
    const broken = { ...record('half'), params: undefined as never };
    expect(() =>
      store.applyUpdate({
        source,
        removed: ['a.py'],
        changed: [{ path: 'b.py', size: 1, mtimeMs: 1, records: [record('new_one'), broken] }],
      }),
    ).toThrow();
    expect(store.findMember('keep_me')).toHaveLength(1);
    expect(store.findMember('new_one')).toEqual([]);
    store.close();
  });

  it('says INDEX_MISSING with a hint when there is no index, and INDEX_INVALID for a file that is not one', async () => {
    const dir = tempDir();
    await expect(openIndexStore(join(dir, 'none.sqlite'), { create: false })).rejects.toMatchObject({
      code: 'INDEX_MISSING',
      hint: expect.stringContaining('guard docs index'),
    });
    const junk = join(dir, 'junk.sqlite');
    writeFileSync(junk, 'this is not a database, just text that is long enough to be a header ........');
    const error = await openIndexStore(junk, { create: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardError);
    expect(error).toMatchObject({ code: 'INDEX_INVALID' });
  });
  it('scopes a view to one language: same-named Python and npm libraries never mix, OpenAPI serves both', async () => {
    const store = await openIndexStore(join(tempDir(), 'api.sqlite'), { create: true });
    const put = (id: string, kind: string, library: string, member: string): void =>
      store.applyUpdate({
        source: { id, kind, root: '/r', library, version: '1' },
        removed: [],
        changed: [{ path: 'f', size: 1, mtimeMs: 1, records: [{ ...record(member, library), library }] }],
      });
    put('python:yaml', 'python', 'yaml', 'safe_load');
    put('npm:yaml', 'npm', 'yaml', 'parse_document');
    put('openapi:pets', 'openapi', 'pets', 'list_pets');
    const python = store.forLanguage('python');
    const typescript = store.forLanguage('typescript');
    expect(store.findMember('safe_load', 'yaml')).toHaveLength(1);
    expect(python.findMember('safe_load', 'yaml')).toHaveLength(1);
    expect(typescript.findMember('safe_load', 'yaml')).toEqual([]);
    expect(typescript.findMember('parse_document')).toHaveLength(1);
    expect(python.findMember('parse_document')).toEqual([]);
    expect(python.hasOwner('yaml', 'yaml')).toBe(true);
    expect(python.ownerRecords('yaml', 'yaml').map((hit) => hit.member)).toEqual(['safe_load']);
    expect(typescript.records('yaml').map((hit) => hit.member)).toEqual(['parse_document']);
    expect(
      python
        .search('"alpha"', { limit: 5 })
        .map((hit) => hit.member)
        .sort(),
    ).toEqual(['list_pets', 'safe_load']);
    expect(typescript.libraries()).toEqual(['pets', 'yaml']);
    expect(store.libraries()).toEqual(['pets', 'yaml']);
    expect(store.forLanguage('python')).toBe(python);
    python.close();
    expect(store.recordCount()).toBe(3);
    store.close();
  });
});
