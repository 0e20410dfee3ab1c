import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNodeCommand, type FileReader } from '../../../src/engines/install-commands/index.js';

/** An in-memory tree: file paths to texts; directories are every prefix of a file path. */
function tree(entries: Record<string, string>): FileReader {
  const files = new Map(Object.entries(entries).map(([p, t]) => [path.join('/repo', p), t]));
  return {
    readText: (p) => files.get(path.resolve('/repo', p)),
    listDirectories: (p) => {
      const dir = path.resolve('/repo', p);
      const names = new Set<string>();
      for (const file of files.keys()) {
        if (file.startsWith(`${dir}/`)) {
          const rest = file.slice(dir.length + 1).split('/');
          if (rest.length > 1) names.add(rest[0]!);
        }
      }
      return names.size > 0 ? [...names] : undefined;
    },
  };
}

const pkg = (value: object): string => JSON.stringify(value, null, 2);
const kinds = (cwd: string, files: FileReader) =>
  (parseNodeCommand(['npm', 'install'], { cwd, files })?.targets ?? []).map((t) => `${t.kind} ${t.name ?? t.raw}`);

describe('workspace siblings in package.json', () => {
  const files = tree({
    'package.json': pkg({
      name: 'root',
      private: true,
      workspaces: ['packages/*', 'tools/cli'],
      dependencies: { '@acme-zq/utils': '^1.0.0', lodash: '^4' },
    }),
    'packages/utils/package.json': pkg({ name: '@acme-zq/utils', version: '1.0.0' }),
    'packages/app/package.json': pkg({
      name: 'app',
      dependencies: { '@acme-zq/utils': '^1.0.0', 'acme-zq-cli': '*', 'acme-zq-missing': '^2', react: '^18' },
    }),
    'tools/cli/package.json': pkg({ name: 'acme-zq-cli' }),
    'other/package.json': pkg({ name: 'other', dependencies: { '@acme-zq/utils': '^1.0.0' } }),
  });

  it("links the root's own workspace members, by the root's globs, and a bare install there reads every member's dependencies", () => {
    expect(kinds('/repo', files)).toEqual([
      'workspace @acme-zq/utils',
      'registry lodash',
      'workspace @acme-zq/utils',
      'workspace acme-zq-cli',
      'registry acme-zq-missing',
      'registry react',
    ]);
    // One file's dependencies (an edit, a scan) are that file's only.
    const own = parseNodeCommand(['npm', 'install'], { cwd: '/repo', files, manifestOnly: true });
    expect(own?.targets.map((t) => t.name)).toEqual(['@acme-zq/utils', 'lodash']);
  });

  it("links a member's siblings through the workspace root up the tree", () => {
    expect(kinds('/repo/packages/app', files)).toEqual([
      'workspace @acme-zq/utils',
      'workspace acme-zq-cli',
      'registry acme-zq-missing',
      'registry react',
    ]);
  });

  it('leaves a package outside the workspaces to the registry check', () => {
    expect(kinds('/repo/other', files)).toEqual(['registry @acme-zq/utils']);
  });

  it('reads pnpm-workspace.yaml packages', () => {
    const pnpm = tree({
      'package.json': pkg({ name: 'root', dependencies: { '@acme-zq/utils': 'workspace:*', 'acme-zq-web': '^1' } }),
      'pnpm-workspace.yaml': 'packages:\n  - \'packages/*\'\n  - "apps/web" # the site\ncatalog:\n  react: ^18\n',
      'packages/utils/package.json': pkg({ name: '@acme-zq/utils' }),
      'apps/web/package.json': pkg({ name: 'acme-zq-web' }),
    });
    expect(kinds('/repo', pnpm)).toEqual(['workspace @acme-zq/utils', 'workspace acme-zq-web']);
  });

  it('does not expand ** or negated patterns, and a reader without listings only takes literal members', () => {
    const deep = tree({
      'package.json': pkg({ name: 'root', workspaces: ['packages/**', '!packages/x'], dependencies: { 'acme-zq-deep': '^1' } }),
      'packages/a/b/package.json': pkg({ name: 'acme-zq-deep' }),
    });
    expect(kinds('/repo', deep)).toEqual(['registry acme-zq-deep']);
    // The members such a pattern names are not read: a bare install there is unverifiable.
    expect(parseNodeCommand(['npm', 'install'], { cwd: '/repo', files: deep })?.unresolved.map((u) => u.what)).toEqual([
      '/repo/package.json workspaces packages/**',
    ]);
    const literal = tree({
      'package.json': pkg({ name: 'r', workspaces: ['tools/cli'], dependencies: { 'acme-zq-cli': '^1' } }),
      'tools/cli/package.json': pkg({ name: 'acme-zq-cli' }),
    });
    expect(kinds('/repo', { readText: literal.readText })).toEqual(['workspace acme-zq-cli']);
  });
});
