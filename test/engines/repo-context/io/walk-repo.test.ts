import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { walkRepo } from '../../../../src/engines/repo-context/index.js';
import { writeRepo } from '../tiny-repo.js';

describe('walkRepo', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lists source files, skipping dependency, build and VCS folders, .gitignore patterns and minified bundles', async () => {
    root = writeRepo({
      'src/a.ts': '',
      'src/b.py': '',
      'src/readme.md': '',
      'src/gen/out.ts': '',
      'src/keep.log.ts': '',
      'Main.java': '',
      'node_modules/dep/index.js': '',
      'packages/x/node_modules/y/index.js': '',
      '.git/hooks/pre-commit.py': '',
      'build/out.js': '',
      'app.min.js': '',
      'tmp/scratch.py': '',
      'docs/conf.py': '',
      'docs/.gitignore': 'conf.py\n',
      '.gitignore': '# generated\nsrc/gen/\n/tmp\n*.log.ts\n!src/keep.log.ts\n',
      'tsconfig.json': '{}',
      'web/jsconfig.json': '{}',
    });
    const listing = await walkRepo(root);
    expect(listing.sources).toEqual(['Main.java', 'src/a.ts', 'src/b.py', 'src/keep.log.ts']);
    expect(listing.tsconfigs.sort()).toEqual(['tsconfig.json', 'web/jsconfig.json']);
    expect(listing.truncated).toBe(false);
  });

  it('walks a root that is itself inside node_modules, and stops at the file cap', async () => {
    root = writeRepo({ 'node_modules/pkg/lib/a.js': '', 'node_modules/pkg/lib/b.js': '', 'node_modules/pkg/c.js': '' });
    const listing = await walkRepo(`${root}/node_modules/pkg`);
    expect(listing.sources).toEqual(['c.js', 'lib/a.js', 'lib/b.js']);
    const capped = await walkRepo(`${root}/node_modules/pkg`, { maxFiles: 2 });
    expect(capped.sources).toHaveLength(2);
    expect(capped.truncated).toBe(true);
    const shallow = await walkRepo(`${root}/node_modules/pkg`, { maxDirectories: 1 });
    expect(shallow).toMatchObject({ sources: ['c.js'], truncated: true });
  });
});
