import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJsonc, readTsPathMappings } from '../../../../src/engines/repo-context/index.js';
import { writeRepo } from '../tiny-repo.js';

describe('parseJsonc', () => {
  it('reads comments and trailing commas, keeping // inside strings', () => {
    expect(parseJsonc('{ // c\n "a": "http://x", /* b */ "l": [1, 2,], }')).toEqual({ a: 'http://x', l: [1, 2] });
  });
  it('answers undefined for text that is not JSON', () => {
    expect(parseJsonc('{ a: ')).toBeUndefined();
  });
});

describe('readTsPathMappings', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('resolves baseUrl and paths against the config, following a relative extends', async () => {
    root = writeRepo({
      'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["packages/core/src/*"] } } }',
      'apps/web/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "compilerOptions": { "strict": true } }',
      'apps/api/tsconfig.json': '{ "compilerOptions": { "baseUrl": "src", "paths": { "~/*": ["./*"] } } }',
      'tsconfig.json': '{ "compilerOptions": { "strict": true } }',
    });
    const mappings = await readTsPathMappings(root, ['tsconfig.json', 'apps/web/tsconfig.json', 'apps/api/tsconfig.json']);
    expect(mappings).toEqual([
      { dir: 'apps/web', baseUrl: '', paths: [{ pattern: '@core/*', targets: ['packages/core/src/*'] }] },
      { dir: 'apps/api', baseUrl: 'apps/api/src', paths: [{ pattern: '~/*', targets: ['apps/api/src/*'] }] },
    ]);
  });
});
