import { describe, expect, it } from 'vitest';
import { pythonModuleNames } from '../../../src/engines/repo-context/index.js';
import { repoFromSources } from './tiny-repo.js';

const targets = async (
  files: Record<string, string>,
  path: string,
  options: Parameters<typeof repoFromSources>[1] = {},
): Promise<string[][]> => {
  const repo = await repoFromSources(files, options);
  return repo.files.get(path)!.importTargets;
};

describe('resolveImport: Python', () => {
  it('resolves absolute modules, packages, submodules named in from-imports and relative imports', async () => {
    const files = {
      'app/__init__.py': '',
      'app/models/__init__.py': 'from .user import User\n',
      'app/models/user.py': 'class User: pass\n',
      'app/util.py': 'def slug(s): return s\n',
      'app/views/home.py': [
        'import app.util',
        'from app.models import user',
        'from app import models',
        'from ..util import slug',
        'from . import helpers',
        'from ..models.user import User',
        'import requests',
      ].join('\n'),
      'app/views/helpers.py': 'X = 1\n',
    };
    expect(await targets(files, 'app/views/home.py')).toEqual([
      ['app/util.py'],
      ['app/models/user.py'],
      ['app/models/__init__.py'],
      ['app/util.py'],
      ['app/views/helpers.py'],
      ['app/models/user.py'],
      [],
    ]);
  });

  it('names a module from its top package, from the root path, without src/, and under the root package name', () => {
    const files = new Set(['__init__.py', 'sub/__init__.py', 'sub/mod.py', 'src/lib/x.py']);
    expect(pythonModuleNames('sub/mod.py', files, 'requests')).toEqual(expect.arrayContaining(['sub.mod', 'requests.sub.mod']));
    expect(pythonModuleNames('src/lib/x.py', files, 'proj')).toEqual(expect.arrayContaining(['src.lib.x', 'lib.x']));
  });

  it('resolves absolute imports of a package whose directory is the root (site-packages layout)', async () => {
    const files = {
      '__init__.py': '',
      'api.py': 'from requests import sessions\nimport requests.models\n',
      'sessions.py': '',
      'models.py': '',
    };
    expect(await targets(files, 'api.py', { rootName: 'requests' })).toEqual([['sessions.py'], ['models.py']]);
  });
});

describe('resolveImport: TypeScript and JavaScript', () => {
  it('resolves relative paths, .js written for .ts, index files and tsconfig paths', async () => {
    const files = {
      'src/main.ts': [
        "import { a } from './a.js';",
        "import b from './b';",
        "import * as c from './c';",
        "import { d } from '@lib/d';",
        "import { e } from 'shared/e';",
        "import React from 'react';",
      ].join('\n'),
      'src/a.ts': 'export const a = 1;\n',
      'src/b.tsx': 'export default 1;\n',
      'src/c/index.ts': 'export const c = 1;\n',
      'lib/d.ts': 'export const d = 1;\n',
      'src/shared/e.js': 'exports.e = 1;\n',
    };
    const tsconfigs = [{ dir: '', baseUrl: 'src', paths: [{ pattern: '@lib/*', targets: ['lib/*'] }] }];
    expect(await targets(files, 'src/main.ts', { tsconfigs })).toEqual([
      ['src/a.ts'],
      ['src/b.tsx'],
      ['src/c/index.ts'],
      ['lib/d.ts'],
      ['src/shared/e.js'],
      [],
    ]);
  });

  it('resolves require() in CommonJS', async () => {
    const files = {
      'lib/index.js': "const util = require('./util');\nconst path = require('path');\n",
      'lib/util.js': 'module.exports = {};\n',
    };
    expect(await targets(files, 'lib/index.js')).toEqual([['lib/util.js'], []]);
  });
});

describe('resolveImport: Java', () => {
  it('resolves single-type imports across packages, nested types, static imports and on-demand imports', async () => {
    const files = {
      'src/com/acme/app/Main.java': [
        'package com.acme.app;',
        'import com.acme.store.Store;',
        'import com.acme.store.Store.Entry;',
        'import static com.acme.util.Strings.trim;',
        'import com.acme.util.*;',
        'import java.util.List;',
        'class Main {}',
      ].join('\n'),
      'src/com/acme/store/Store.java': 'package com.acme.store;\npublic class Store { public static class Entry {} }\n',
      'src/com/acme/util/Strings.java': 'package com.acme.util;\npublic class Strings {}\n',
      'src/com/acme/util/Numbers.java': 'package com.acme.util;\npublic class Numbers {}\n',
    };
    const result = await targets(files, 'src/com/acme/app/Main.java');
    expect(result.slice(0, 3)).toEqual([
      ['src/com/acme/store/Store.java'],
      ['src/com/acme/store/Store.java'],
      ['src/com/acme/util/Strings.java'],
    ]);
    expect(result[3]!.slice().sort()).toEqual(['src/com/acme/util/Numbers.java', 'src/com/acme/util/Strings.java']);
    expect(result[4]).toEqual([]);
  });
});
