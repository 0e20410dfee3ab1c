/**
 * Walks a repository for the source files RLPG reads (Python, JavaScript, TypeScript, Java) and its
 * tsconfig/jsconfig files, skipping what IgnoreRules skips. Symbolic links are not followed.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { languageOfFile } from '../../syntax/index.js';
import { IgnoreRules, parseGitignore } from '../ignore-rules.js';

export interface RepoListing {
  /** Repository-relative source paths (`/` separators), sorted. */
  sources: string[];
  /** Repository-relative tsconfig.json / jsconfig.json paths. */
  tsconfigs: string[];
  /** True when the walk stopped at `maxFiles` or `maxDirectories`. */
  truncated: boolean;
  /** The ignore rules the walk applied (to filter file-watch events the same way). */
  rules: IgnoreRules;
}

export interface WalkOptions {
  /** Stop after this many source files (default 20,000). */
  maxFiles?: number;
  /** Stop after reading this many directories (default 50,000): a home directory is not a repository. */
  maxDirectories?: number;
}

/** Lists a repository's source files (breadth first, so a cap keeps the top of the tree). */
export async function walkRepo(root: string, options: WalkOptions = {}): Promise<RepoListing> {
  const maxFiles = options.maxFiles ?? 20_000;
  const maxDirectories = options.maxDirectories ?? 50_000;
  let directories = 0;
  const rules = new IgnoreRules();
  const sources: string[] = [];
  const tsconfigs: string[] = [];
  let truncated = false;
  let queue: string[] = [''];
  while (queue.length > 0 && !truncated) {
    const next: string[] = [];
    for (const dir of queue) {
      if (++directories > maxDirectories) {
        truncated = true;
        break;
      }
      const absolute = dir ? join(root, dir) : root;
      let entries;
      try {
        entries = await readdir(absolute, { withFileTypes: true });
      } catch {
        continue; // unreadable directory: skip it, as git would
      }
      const gitignore = entries.find((e) => e.isFile() && e.name === '.gitignore');
      if (gitignore) {
        try {
          rules.add(parseGitignore(await readFile(join(absolute, '.gitignore'), 'utf8'), dir));
        } catch {
          // unreadable .gitignore: walk as if it were absent
        }
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!rules.ignores(path, true)) next.push(path);
        } else if (entry.isFile()) {
          if (entry.name === 'tsconfig.json' || entry.name === 'jsconfig.json') {
            if (!rules.ignores(path, false)) tsconfigs.push(path);
          } else if (languageOfFile(entry.name) && !rules.ignores(path, false)) {
            if (sources.length >= maxFiles) {
              truncated = true;
              break;
            }
            sources.push(path);
          }
        }
      }
      if (truncated) break;
    }
    queue = next;
  }
  sources.sort();
  return { sources, tsconfigs, truncated, rules };
}
