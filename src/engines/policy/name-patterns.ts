/**
 * Matching policy entries to packages and indexes: name globs (picomatch) compared after the
 * ecosystem's name normalisation, and index / registry / channel URLs compared as path prefixes.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';
import { normalizeName, type Ecosystem } from '../package-names/index.js';

type Matcher = (name: string) => boolean;
// Compiled globs by ecosystem and pattern, a memo of a pure function: policies are reloaded under
// `guard mcp`, so the memo is bounded like the engines' other memos.
const matchers = new Map<string, Matcher>();
const MAX_MATCHERS = 10_000;
// Loaded on the first glob: most policies (and the defaults) have none.
let picomatch: typeof Picomatch | undefined;

/**
 * Whether `name` matches the glob `pattern` in `ecosystem`. Both sides are normalised first (PyPI:
 * lower case, runs of `-_.` as `-`; conda: lower case), so `Acme_Tools` matches `acme-*`. For npm,
 * `*` does not cross the scope's `/`: `@acme/*` matches `@acme/ui`, `*` does not.
 */
export function matchesName(ecosystem: Ecosystem, pattern: string, name: string): boolean {
  const key = `${ecosystem}\0${pattern}`;
  let matcher = matchers.get(key);
  if (!matcher) {
    picomatch ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch;
    matcher = picomatch(normalizePattern(ecosystem, pattern), { dot: true, nobrace: false });
    if (matchers.size >= MAX_MATCHERS) matchers.clear();
    matchers.set(key, matcher);
  }
  return matcher(normalizeName(ecosystem, name));
}

// The glob characters survive; separators are folded the way names are.
function normalizePattern(ecosystem: Ecosystem, pattern: string): string {
  return ecosystem === 'npm' ? pattern.trim() : normalizeName(ecosystem, pattern);
}

/**
 * An index URL or channel in comparable form: no credentials, query, fragment or trailing
 * slashes, scheme and host lower-cased; conda channel URLs on conda.anaconda.org become the
 * channel name and repo.anaconda.com's pkgs/* become `defaults`.
 */
export function normalizeIndex(ecosystem: Ecosystem, value: string): string {
  const text = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.replace(/\/+$/, '');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (ecosystem === 'conda') {
    if (url.hostname === 'conda.anaconda.org' && path.length > 1) return path.slice(1);
    if (url.hostname === 'repo.anaconda.com' && /^\/pkgs\/(main|r|msys2|free)$/.test(path)) return 'defaults';
  }
  return `${url.protocol}//${url.host}${path}`;
}

/** The allowed entry `index` falls under (same value or a path below it), or undefined. */
export function allowedIndexEntry(ecosystem: Ecosystem, index: string, allowed: readonly string[]): string | undefined {
  const value = normalizeIndex(ecosystem, index);
  return allowed.find((entry) => {
    const prefix = normalizeIndex(ecosystem, entry);
    return value === prefix || value.startsWith(`${prefix}/`);
  });
}
