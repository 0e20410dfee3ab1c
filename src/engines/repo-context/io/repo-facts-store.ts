/**
 * Repository facts computed once per root and cached in memory; while a store watches (the MCP
 * server), chokidar events mark changed files, which are re-parsed and relinked on the next request.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { PromiseCache } from '../../../shared/promise-cache.js';
import { silentProgress, type Progress } from '../../../shared/progress.js';
import { languageOfFile } from '../../syntax/index.js';
import { SKIPPED_DIRECTORIES, type IgnoreRules } from '../ignore-rules.js';
import { linkRepoFacts } from '../link-repo.js';
import type { ResolverOptions } from '../resolve-imports.js';
import type { FileFacts, RepoFacts } from '../types.js';
import { factsCachePath, loadFactsCache, saveFactsCache, type CachedFacts } from './facts-cache-file.js';
import { parseSourceFacts } from './parse-source.js';
import { readTsPathMappings } from './read-tsconfig.js';
import { walkRepo } from './walk-repo.js';

/** Files larger than this are skipped (generated or bundled code). */
export const MAX_SOURCE_BYTES = 1_000_000;

export interface RepoFactsStats {
  files: number;
  /** Files whose facts came from the cache file unchanged. */
  reused: number;
  truncated: boolean;
  millis: number;
}

export interface RepoFactsStore {
  /** The facts of the repository at `root` (an absolute, existing directory). */
  get(root: string, progress?: Progress): Promise<RepoFacts & { stats: RepoFactsStats }>;
  /** Stops watching. */
  close(): Promise<void>;
}

interface Entry {
  facts: Map<string, FileFacts>;
  options: ResolverOptions;
  rules: IgnoreRules;
  linked?: RepoFacts & { stats: RepoFactsStats };
  dirty: Set<string>;
  watcher?: FSWatcher;
  stats: RepoFactsStats;
}

/** Reads and parses one file; undefined when it is unreadable, too large or not a supported language. */
export async function readSourceFacts(root: string, path: string, cached?: CachedFacts): Promise<CachedFacts | undefined> {
  try {
    const absolute = join(root, path);
    const info = await stat(absolute);
    if (!info.isFile() || info.size > MAX_SOURCE_BYTES) return undefined;
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const facts = await parseSourceFacts(path, await readFile(absolute, 'utf8'));
    return facts ? { mtimeMs: info.mtimeMs, size: info.size, facts } : undefined;
  } catch {
    return undefined;
  }
}

export interface ComputeOptions {
  progress?: Progress;
  /** Keep per-file facts in this cache directory between runs (re-parse only changed files). */
  cacheDir?: string;
}

/** Computes the facts of every source file of a repository (reusing unchanged files' cached facts). */
export async function computeRepoFacts(root: string, options: ComputeOptions = {}): Promise<Omit<Entry, 'dirty'>> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  const listing = await walkRepo(root);
  const cacheFile = options.cacheDir ? factsCachePath(options.cacheDir, root) : undefined;
  const previous = cacheFile ? loadFactsCache(cacheFile, root) : new Map<string, CachedFacts>();
  const entries = new Map<string, CachedFacts>();
  progress.total(listing.sources.length);
  let done = 0;
  let reused = 0;
  for (const path of listing.sources) {
    const before = previous.get(path);
    const entry = await readSourceFacts(root, path, before);
    if (entry) entries.set(path, entry);
    if (entry && entry === before) reused++;
    progress.update(++done);
  }
  progress.done();
  if (cacheFile && (reused !== entries.size || previous.size !== entries.size)) saveFactsCache(cacheFile, root, entries);
  const facts = new Map([...entries].map(([path, entry]) => [path, entry.facts]));
  const resolver: ResolverOptions = { rootName: basename(root), tsconfigs: await readTsPathMappings(root, listing.tsconfigs) };
  return {
    facts,
    options: resolver,
    rules: listing.rules,
    stats: { files: facts.size, reused, truncated: listing.truncated, millis: performance.now() - started },
  };
}

/** A cache of repository facts; with `watch`, file changes invalidate it (chokidar). */
export function createRepoFactsStore(options: { watch: boolean; maxRoots?: number; cacheDir?: string }): RepoFactsStore {
  const entries = new PromiseCache<Entry>();
  const maxRoots = options.maxRoots ?? 4;

  async function open(root: string, progress: Progress): Promise<Entry> {
    const computed = await computeRepoFacts(root, { progress, ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}) });
    const entry: Entry = { ...computed, dirty: new Set() };
    if (options.watch) entry.watcher = await watch(root, entry);
    return entry;
  }

  return {
    async get(root, progress = silentProgress) {
      let pending = entries.forget(root);
      if (pending) {
        // Most recently used last.
        entries.remember(root, pending);
      } else {
        pending = entries.get(root, () => open(root, progress));
        while (entries.size > maxRoots) {
          const [oldest] = entries.keys();
          void entries.forget(oldest!)?.then((e) => e.watcher?.close());
        }
      }
      const entry = await pending;
      if (entry.dirty.size > 0) {
        const changed = [...entry.dirty];
        entry.dirty.clear();
        for (const path of changed) {
          const read = await readSourceFacts(root, path);
          if (read) entry.facts.set(path, read.facts);
          else entry.facts.delete(path);
        }
        entry.linked = undefined;
      }
      entry.linked ??= { ...linkRepoFacts(root, entry.facts.values(), entry.options), stats: { ...entry.stats, files: entry.facts.size } };
      return entry.linked;
    },
    async close() {
      // chokidar's close() is a promise; the rule misreads the optional call's union type.
      // eslint-disable-next-line @typescript-eslint/await-thenable
      await Promise.all((await entries.drain()).map((entry) => entry.watcher?.close()));
    },
  };
}

async function watch(root: string, entry: Entry): Promise<FSWatcher> {
  const { watch: chokidarWatch } = await import('chokidar');
  const relativeOf = (absolute: string): string =>
    absolute
      .slice(root.length + 1)
      .split('\\')
      .join('/');
  const watcher = chokidarWatch(root, {
    ignoreInitial: true,
    persistent: false,
    ignored: (absolute: string) => {
      if (absolute === root) return false;
      const rel = relativeOf(absolute);
      return rel.split('/').some((part) => SKIPPED_DIRECTORIES.has(part));
    },
  });
  const mark = (absolute: string): void => {
    const rel = relativeOf(absolute);
    if (languageOfFile(rel) && !entry.rules.ignores(rel, false)) entry.dirty.add(rel);
  };
  const markTree = (absolute: string): void => {
    const prefix = `${relativeOf(absolute)}/`;
    for (const path of entry.facts.keys()) if (path.startsWith(prefix)) entry.dirty.add(path);
  };
  watcher.on('add', mark).on('change', mark).on('unlink', mark).on('unlinkDir', markTree);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return watcher;
}
