/** Walking a source tree for the files an extractor reads, with their fingerprints (size, mtime). */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface WalkedFile {
  /** Path relative to the walk root, with `/` separators. */
  path: string;
  absolute: string;
  size: number;
  mtimeMs: number;
}

const SKIPPED_DIRS = new Set([
  'node_modules',
  '__pycache__',
  '.git',
  '.hg',
  '.svn',
  '.tox',
  '.venv',
  'venv',
  '.mypy_cache',
  '.pytest_cache',
]);

/** Files under `root` whose name passes `accept`, sorted by path; `skipDir` prunes folders by relative path. */
export function walkFiles(
  root: string,
  accept: (name: string) => boolean,
  skipDir: (relativePath: string, name: string) => boolean = () => false,
): WalkedFile[] {
  const files: WalkedFile[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) {
        const rel = relative(root, absolute).split(sep).join('/');
        if (!SKIPPED_DIRS.has(entry.name) && !skipDir(rel, entry.name)) stack.push(absolute);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && accept(entry.name)) {
        try {
          const stat = statSync(absolute);
          if (!stat.isFile()) continue;
          files.push({ path: relative(root, absolute).split(sep).join('/'), absolute, size: stat.size, mtimeMs: stat.mtimeMs });
        } catch {
          // A file that vanished between listing and stat is simply not there.
        }
      }
    }
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** One file's fingerprint. */
export function fingerprintFile(root: string, absolute: string): WalkedFile {
  const stat = statSync(absolute);
  return { path: relative(root, absolute).split(sep).join('/') || absolute, absolute, size: stat.size, mtimeMs: stat.mtimeMs };
}
