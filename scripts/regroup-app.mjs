#!/usr/bin/env node
// Groups src/app/ (and test/app/) into one folder per capability with `git mv`, then rewrites every
// relative import in src, test, bench and scripts, the `/dist/app/<file>.js` paths that the
// start-up test looks for and the `test/app/<file>.test.ts` paths in vitest.config.ts. Idempotent: files already in their group stay. Run from the repository
// root: `node scripts/regroup-app.mjs` (add --dry-run to print the moves only).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const GROUPS = {
  packages: ['check-packages', 'check-online', 'online-name-confirm', 'name-lists', 'manage-allowlists', 'conda-channel-coverage'],
  installs: [
    'guard-shell-command',
    'guard-file-edit',
    'guard-edited-sources',
    'edited-install-sources',
    'vet-install',
    'install-report',
    'same-command-effects',
    'project-manifests',
    'index-environment',
    'missing-input-files',
    'fs-shell-files',
    'fs-file-reader',
    'guard-verdict',
    'scan-repository',
  ],
  gate: ['registry-gate', 'judge-gate-project'],
  'api-docs': [
    'lookup-api-docs',
    'index-api-docs',
    'list-api-docs',
    'search-api-docs',
    'api-docs-store',
    'api-docs-meaning',
    'watch-api-docs',
  ],
  answerability: ['assess-answerability'],
  completion: ['constrained-complete', 'monitor-names', 'review-generated-calls'],
  'repo-context': ['build-repo-context'],
  'agent-setup': [
    'init-agent-config',
    'agent-gate-env',
    'agent-config-merge',
    'agent-hook-configs',
    'hook-command',
    'manage-shims',
    'shim-script',
  ],
};

const dryRun = process.argv.includes('--dry-run');
const root = process.cwd();
const groupOf = new Map(Object.entries(GROUPS).flatMap(([group, names]) => names.map((name) => [name, group])));

/** old absolute path -> new absolute path, for every file that moves. */
const moves = new Map();
for (const [dir, suffix] of [
  ['src/app', '.ts'],
  ['test/app', '.test.ts'],
]) {
  for (const entry of readdirSync(join(root, dir))) {
    if (!entry.endsWith(suffix)) continue;
    const name = entry.slice(0, -suffix.length);
    // A test named after a whole group (test/app/api-docs.test.ts) goes into that group.
    const group = groupOf.get(name) ?? (Object.hasOwn(GROUPS, name) ? name : undefined);
    if (group === undefined) {
      if (dir === 'src/app') console.error(`regroup-app: ${dir}/${entry} has no group; add it to GROUPS`);
      continue;
    }
    moves.set(join(root, dir, entry), join(root, dir, group, entry));
  }
}
if (dryRun) {
  for (const [from, to] of moves) console.log(`${relative(root, from)} -> ${relative(root, to)}`);
  process.exit(0);
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'data' || entry === 'stubs') return [];
    return statSync(path).isDirectory() ? listFiles(path) : /\.(ts|mts|mjs)$/.test(entry) ? [path] : [];
  });
}

const files = [...['src', 'test', 'bench', 'scripts'].flatMap((dir) => listFiles(join(root, dir))), join(root, 'vitest.config.ts')];
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;

const rewritten = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const newFile = moves.get(file) ?? file;
  let next = text.replace(SPECIFIER, (whole, head, quote, spec) => {
    const target = resolve(dirname(file), spec);
    const source = target.replace(/\.js$/, '.ts');
    const moved = moves.get(source);
    const newTarget = moved === undefined ? target : moved.replace(/\.ts$/, spec.endsWith('.js') ? '.js' : '.ts');
    let rel = relative(dirname(newFile), newTarget);
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel === spec ? whole : `${head}${quote}${rel}${quote}`;
  });
  next = next.replace(/\/dist\/app\/([a-z0-9-]+)\.js/g, (whole, name) => {
    const group = groupOf.get(name);
    return group === undefined ? whole : `/dist/app/${group}/${name}.js`;
  });
  next = next.replace(/\btest\/app\/([a-z0-9-]+)\.test\.ts/g, (whole, name) => {
    const group = groupOf.get(name);
    return group === undefined ? whole : `test/app/${group}/${name}.test.ts`;
  });
  if (next !== text) rewritten.set(file, next);
}

for (const [from, to] of moves) {
  execFileSync('mkdir', ['-p', dirname(to)]);
  execFileSync('git', ['mv', relative(root, from), relative(root, to)], { cwd: root });
}
for (const [file, text] of rewritten) writeFileSync(moves.get(file) ?? file, text);
console.log(`regroup-app: moved ${moves.size} files, rewrote imports in ${rewritten.size}`);
