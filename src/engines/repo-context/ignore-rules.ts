/**
 * Which paths a repository walk skips: version-control and build directories, dependency folders
 * inside the repository (node_modules, virtual environments), caches, and the patterns of
 * `.gitignore` files (gitignore-ish: last match wins, `!` re-includes, a pattern with a `/` is
 * anchored to its file's directory, a trailing `/` matches directories only).
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

/** Directory names never walked into below the root. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'dist',
  'build',
  'out',
  'target',
  'coverage',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  '.gradle',
  '.idea',
  '.vscode',
  'site-packages',
  '.eggs',
]);

interface Rule {
  /** Directory of the .gitignore, repository-relative (`` for the root). */
  base: string;
  negate: boolean;
  directoryOnly: boolean;
  match: (path: string) => boolean;
}

let picomatch: typeof Picomatch | undefined;

/** The rules of one `.gitignore` file found in directory `base`. */
export function parseGitignore(text: string, base: string): Rule[] {
  picomatch ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch;
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    line = line.replace(/^\\/, '');
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.slice(0, -1);
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    if (!line) continue;
    const matcher = picomatch(anchored ? line : `**/${line}`, { dot: true });
    rules.push({ base, negate, directoryOnly, match: matcher });
  }
  return rules;
}

/** A repository's ignore rules, growing as the walk finds `.gitignore` files. */
export class IgnoreRules {
  private readonly rules: Rule[] = [];

  add(rules: Rule[]): void {
    this.rules.push(...rules);
  }

  /** Whether a repository-relative path (a directory when `isDirectory`) is skipped. */
  ignores(path: string, isDirectory: boolean): boolean {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (isDirectory && SKIPPED_DIRECTORIES.has(name)) return true;
    if (!isDirectory && /\.min\.(js|mjs|cjs)$/.test(name)) return true;
    let ignored = false;
    for (const rule of this.rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.base && !path.startsWith(`${rule.base}/`)) continue;
      const relative = rule.base ? path.slice(rule.base.length + 1) : path;
      if (rule.match(relative)) ignored = !rule.negate;
    }
    return ignored;
  }
}
