/**
 * Which manifest an edited file is to the installers that will read it. By name first (every
 * manifest and lock file `guard scan` knows); then by use: a file another file of the project hands
 * to an installer (`-r ci/deps` in a requirements file, a Dockerfile, a workflow, a Makefile;
 * `conda env create -f env.yml`), and a `*.txt`/`*.in`/`*.pip` file whose whole text reads as a
 * requirements file, or a YAML file shaped as a conda environment, are read as those.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import {
  manifestKind,
  readsAsCondaEnvironment,
  readsAsRequirements,
  type DependencyFileKind,
} from '../../engines/install-commands/index.js';

/** How to read an edited file: by its name (`kind` undefined) or as `kind`. */
export interface EditedManifest {
  kind: DependencyFileKind | undefined;
}

// The scan for files naming the edited one is bounded: a project's own files, not its dependencies.
const MAX_ENTRIES = 4000;
const MAX_DEPTH = 5;
const MAX_BYTES = 256 * 1024;
const SKIPPED = new Set([
  'node_modules',
  '.git',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.mypy_cache',
  'dist',
  'build',
  'target',
  '.next',
]);
const REFERRERS =
  /(?:^requirements.*|\.(?:txt|in|pip|sh|bash|ya?ml|toml|cfg|ini|mk|just|json|nix|ps1|bat|cmd))$|^(?:docker|container)file|\.(?:docker|container)file$|^(?:makefile|gnumakefile|justfile|procfile|pipfile)$/i;
const NAME_HINT = /req|dep|constrain|pin|lock|pip|packages/i;

/**
 * True when an edit of `path` may change what an installer reads, judged by the name alone (cheap,
 * for the hooks' early exit): manifests and lock files, their configuration files, data files
 * (`.txt`, `.in`, `.yml`, `.lock`, `.pip` …) and files without an extension.
 */
export function mayFeedInstaller(path: string): boolean {
  const base = basename(path);
  return manifestKind(path) !== undefined || extname(base) === '' || /\.(?:txt|in|ya?ml|lock|pip|reqs?|cfg|ini|toml|json)$/i.test(base);
}

/**
 * How the file at `path` (absolute) is read by installers once it holds `after`; undefined when no
 * installer of the project reads it. Reads the project under `root` (bounded; never `/` or `home`)
 * to find files naming it.
 */
export function editedManifest(path: string, after: string, root: string, home?: string): EditedManifest | undefined {
  if (manifestKind(path) !== undefined) return { kind: undefined };
  const base = basename(path);
  const yaml = /\.ya?ml$/i.test(base);
  if (yaml && readsAsCondaEnvironment(after)) return { kind: 'environment' };
  const folder = basename(dirname(path));
  const hinted = /\.(?:txt|in|pip|reqs?|lock)$/i.test(base) || (extname(base) === '' && (NAME_HINT.test(base) || /^req/i.test(folder)));
  if (hinted && readsAsRequirements(after)) return { kind: 'requirements' };
  if (!mayFeedInstaller(path)) return undefined;
  if (!namedByProjectFile(path, root, home)) return undefined;
  return { kind: yaml ? 'environment' : 'requirements' };
}

/** True when a file under `root` hands `path` to an installer (`-r`, `-c`, `--requirement`, `-f`, `--file` …). */
export function namedByProjectFile(path: string, root: string, home?: string): boolean {
  const base = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `(?:^|[\\s"'=\\[,(])(?:-[rcf]|--requirements?|--constraints?|--file|--build-constraint|--overrides?)(?:\\s+|=)?["']?(?:[^\\s"']*[\\\\/])?${base}(?=$|[\\s"'\\],)])`,
    'm',
  );
  let seen = 0;
  const walk = (dir: string, depth: number): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return false;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && !SKIPPED.has(entry.name) && walk(full, depth + 1)) return true;
      } else if (entry.isFile() && full !== path && REFERRERS.test(entry.name) && mentions(full, pattern)) return true;
    }
    return false;
  };
  // Only a project folder is scanned, never the home directory or the file system root.
  if (relative(root, path).startsWith('..') || root === '/' || root === home) return false;
  return walk(root, 0);
}

function mentions(file: string, pattern: RegExp): boolean {
  try {
    if (statSync(file).size > MAX_BYTES) return false;
    return pattern.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}
