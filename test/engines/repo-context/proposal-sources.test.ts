import { describe, expect, it } from 'vitest';
import { nameParts, parseSourceFacts, rankSourceFiles, resolveFile } from '../../../src/engines/repo-context/index.js';
import { repoFromSources } from './tiny-repo.js';

describe('nameParts', () => {
  it.each([
    ['src/OrderRepository.java', ['order', 'repository']],
    ['pkg/order_repository.py', ['order', 'repository']],
    ['web/user-profile.view.tsx', ['user', 'profile', 'view']],
    ['lib/HTTPClient.ts', ['http', 'client']],
    ['types/api.d.ts', ['api']],
    ['pkg/__init__.py', []],
    ['src/index.ts', []],
  ])('splits %s', (path, parts) => {
    expect(nameParts(path)).toEqual(parts);
  });
});

describe('rankSourceFiles: TypeScript', () => {
  it('finds parent, child, sibling and similar-name files and their imports across packages', async () => {
    const files = {
      'packages/core/src/base-view.ts':
        "import { log } from './logger.js';\nexport class BaseView { render(): string { return log('x'); } }\n",
      'packages/core/src/logger.ts': 'export function log(s: string): string { return s; }\n',
      'packages/ui/src/list-view.ts':
        "import { BaseView } from '../../core/src/base-view.js';\nimport { sortItems } from './sort.js';\nexport class ListView extends BaseView {\n  items = sortItems([]);\n}\n",
      'packages/ui/src/sort.ts': 'export function sortItems<T>(items: T[]): T[] { return items; }\n',
      'packages/ui/src/table-view.ts':
        "import { ListView } from './list-view.js';\nimport { sortItems } from './sort.js';\nexport class TableView extends ListView {}\n",
      'packages/ui/src/theme.ts': "import { palette } from './palette.js';\nexport const theme = palette;\n",
      'packages/ui/src/palette.ts': 'export const palette = {};\n',
    };
    const repo = await repoFromSources(files);
    const path = 'packages/ui/src/list-view.ts';
    const current = resolveFile(repo.modules, (await parseSourceFacts(path, files[path]))!);
    const { files: sources } = rankSourceFiles(repo, current, 3);
    expect(sources.parent_class).toEqual(['packages/core/src/base-view.ts']);
    expect(sources.child_class).toEqual(['packages/ui/src/table-view.ts']);
    expect(sources.import).toEqual(['packages/ui/src/sort.ts', 'packages/core/src/base-view.ts']);
    // table-view shares the sort import (used on the hole's line); theme shares nothing.
    expect(sources.sibling[0]).toBe('packages/ui/src/table-view.ts');
    expect(sources.sibling).toContain('packages/ui/src/theme.ts');
    expect(sources.similar_name).toEqual(expect.arrayContaining(['packages/core/src/base-view.ts', 'packages/ui/src/table-view.ts']));
    expect(sources.import_of_parent_class).toEqual(['packages/core/src/logger.ts']);
    expect(sources.import_of_child_class).toEqual(['packages/ui/src/sort.ts']);
    expect(sources.import_of_sibling).toEqual(expect.arrayContaining(['packages/ui/src/palette.ts', 'packages/ui/src/sort.ts']));
  });
});

describe('rankSourceFiles: Java', () => {
  it('finds the parent in an imported package and a child in the same package without an import', async () => {
    const files = {
      'src/com/acme/base/Animal.java': 'package com.acme.base;\npublic abstract class Animal { protected String name; }\n',
      'src/com/acme/zoo/Dog.java':
        'package com.acme.zoo;\nimport com.acme.base.Animal;\npublic class Dog extends Animal {\n  String bark() { return "woof"; }\n}\n',
      'src/com/acme/zoo/Puppy.java': 'package com.acme.zoo;\npublic class Puppy extends Dog {}\n',
    };
    const repo = await repoFromSources(files);
    const path = 'src/com/acme/zoo/Dog.java';
    const current = resolveFile(repo.modules, (await parseSourceFacts(path, files[path]))!);
    const { files: sources } = rankSourceFiles(repo, current, 3);
    expect(sources.parent_class).toEqual(['src/com/acme/base/Animal.java']);
    expect(sources.child_class).toEqual(['src/com/acme/zoo/Puppy.java']);
    expect(sources.import).toEqual(['src/com/acme/base/Animal.java']);
    expect(sources.sibling).toEqual(['src/com/acme/zoo/Puppy.java']);
  });
});
