/**
 * Composition of the name lists per ecosystem: load the checkpoint from the cache, rebuild it from
 * the shipped snapshot when it is missing, stale or corrupt, and add overlays (private lists).
 * Loaded lists are kept in `nameLists`: the process's (app/services.ts: the MCP server and a
 * registry gate check many names), else one call's (`withNameLists`), closed when the call ends:
 * a list read on demand holds its file open.
 */
import {
  bundledSourceId,
  checkpointPath,
  compileNameList,
  listCheckpoints,
  loadBundledConda,
  loadBundledNpm,
  loadBundledPypi,
  NameIndex,
  openCheckpointLazily,
  readBundledManifest,
  removeCheckpoint,
  writeCheckpoint,
  type DeltaListCache,
  type Ecosystem,
  type NameCheckpoint,
  type NameLists,
} from '../../engines/package-names/index.js';
import { GuardError } from '../../shared/errors.js';
import { resolveCacheDir, type Env } from '../../shared/paths.js';
import { createProgress, type ProgressStream } from '../../shared/progress.js';
import type { SecurityHolderSource } from './security-holder-source.js';

export interface NameListDeps {
  env?: Env;
  /** Where progress and notices go (stderr). */
  stderr?: ProgressStream;
  /** Lists already loaded, by cache directory and ecosystem (the process's, from app/services.ts). */
  nameLists?: Map<string, NameIndex[]>;
  /** The gate's delta lists as read (the process's, from app/services.ts); without it each check reads the file. */
  deltaLists?: DeltaListCache;
  /** The shipped npm security holding list as held (the process's, from app/services.ts); without it each npm check reads it. */
  securityHolders?: SecurityHolderSource;
}

/** The name-list part of a use case's deps: only the fields it sets. */
export function nameListDepsOf(deps: NameListDeps): NameListDeps {
  return {
    ...(deps.env ? { env: deps.env } : {}),
    ...(deps.stderr ? { stderr: deps.stderr } : {}),
    ...(deps.nameLists ? { nameLists: deps.nameLists } : {}),
    ...(deps.deltaLists ? { deltaLists: deps.deltaLists } : {}),
    ...(deps.securityHolders ? { securityHolders: deps.securityHolders } : {}),
  };
}

/** Where `ecosystem`'s lists for `env`'s cache directory are kept in a NameListDeps' `nameLists`. */
export function nameListKey(env: Env | undefined, ecosystem: Ecosystem): string {
  return `${resolveCacheDir(env)}\0${ecosystem}`;
}

/** Name-list deps with the lists held by the caller, who closes them (`closeNameLists`). */
export type HeldNameListDeps = NameListDeps & { nameLists: Map<string, NameIndex[]> };

/** The lists a check of `ecosystem` consults, building the main list on first use if it ships. */
export function openNameLists(ecosystem: Ecosystem, deps: HeldNameListDeps): NameLists {
  const loaded = deps.nameLists;
  const indexes = loadIndexes(loaded, ecosystem, deps, true) ?? [];
  return { ecosystem, indexes, others: (other) => loadIndexes(loaded, other, deps, false) };
}

/** `ecosystem`'s lists as stored in the cache, loaded into `deps.nameLists`; undefined when none is stored or it is stale (nothing is built). */
export function loadStoredNameLists(ecosystem: Ecosystem, deps: HeldNameListDeps): NameIndex[] | undefined {
  return loadIndexes(deps.nameLists, ecosystem, deps, false);
}

function loadIndexes(
  loaded: Map<string, NameIndex[]>,
  ecosystem: Ecosystem,
  deps: NameListDeps,
  mayBuild: boolean,
): NameIndex[] | undefined {
  const cacheDir = resolveCacheDir(deps.env);
  const key = nameListKey(deps.env, ecosystem);
  const cached = loaded.get(key);
  if (cached) return cached;
  const main = loadMain(ecosystem, cacheDir, deps, mayBuild);
  if (!main && !mayBuild) return undefined;
  const indexes = main ? [new NameIndex(main)] : [];
  for (const stored of listCheckpoints(cacheDir)) {
    if (stored.ecosystem !== ecosystem || !stored.overlay) continue;
    const overlay = tryRead(stored.path, deps, ecosystem);
    if (overlay) indexes.push(new NameIndex(overlay, stored.overlay));
  }
  loaded.set(key, indexes);
  return indexes;
}

function loadMain(ecosystem: Ecosystem, cacheDir: string, deps: NameListDeps, mayBuild: boolean): NameCheckpoint | undefined {
  const path = checkpointPath(cacheDir, ecosystem);
  // A stale checkpoint is announced only where it is rebuilt: a list consulted for a hint is just skipped.
  const existing = tryRead(path, mayBuild ? deps : {}, ecosystem);
  if (existing && existing.meta.kind !== 'bundled') return existing;
  const manifest = readBundledManifest();
  const wanted = bundledSourceId(ecosystem, manifest);
  if (existing && existing.meta.source === wanted) return existing;
  // No list of this ecosystem ships (an older manifest): only a synced or imported one counts.
  if (wanted === undefined) return existing;
  if (!mayBuild) return undefined;
  return buildBundled(ecosystem, cacheDir, deps);
}

/** Builds an ecosystem's checkpoint from the shipped snapshot and writes it to the cache. */
export function buildBundled(ecosystem: Ecosystem, cacheDir: string, deps: NameListDeps): NameCheckpoint {
  const manifest = readBundledManifest();
  const progress = createProgress(`building the ${ecosystem} name checkpoint (first use)`, deps.stderr);
  const input =
    ecosystem === 'pypi' ? loadBundledPypi(manifest) : ecosystem === 'npm' ? loadBundledNpm(manifest) : loadBundledConda(manifest);
  progress.total(input.names.length);
  const checkpoint = compileNameList({ ...input, onProgress: (done) => progress.update(done) });
  writeCheckpoint(checkpointPath(cacheDir, ecosystem), checkpoint);
  progress.done();
  return checkpoint;
}

function tryRead(path: string, deps: NameListDeps, ecosystem: Ecosystem): NameCheckpoint | undefined {
  try {
    // Read on demand: a check touches a few pages of a list tens of megabytes long.
    return openCheckpointLazily(path, ecosystem);
  } catch (error) {
    if (error instanceof GuardError && error.code === 'CHECKPOINT_INVALID') {
      deps.stderr?.write(`groundguard: ${path}: ${error.message}; rebuilding\n`);
      // Whatever holds the slot (a FIFO, a directory, another ecosystem's list) goes, so the rebuilt list can be written there.
      try {
        removeCheckpoint(path);
      } catch {
        // The write of the rebuilt list reports what is wrong with the slot.
      }
      return undefined;
    }
    throw error;
  }
}
