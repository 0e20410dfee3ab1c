/**
 * Use cases behind `guard allowlist`: report what is loaded, rebuild from the shipped snapshot,
 * refresh from a registry, import a user's list (as the main list or an overlay), reset.
 */
import {
  checkpointPath,
  compileNameList,
  fetchCondaNames,
  fetchNpmNames,
  fetchPypiNames,
  listCheckpoints,
  loadNpmUsage,
  loadBundledPypi,
  normalizeName,
  readBundledManifest,
  readCheckpoint,
  readNameList,
  removeCheckpoint,
  sortedNameBytes,
  writeCheckpoint,
  ECOSYSTEMS,
  type CheckpointMeta,
  type Ecosystem,
  type NameListInput,
  type RegistryNames,
} from '../../engines/package-names/index.js';
import { GuardError } from '../../shared/errors.js';
import { resolveCacheDir } from '../../shared/paths.js';
import { createProgress } from '../../shared/progress.js';
import { closeNameLists } from './held-name-lists.js';
import { buildBundled, type NameListDeps } from './name-lists.js';

export interface AllowlistEntry {
  ecosystem: Ecosystem;
  overlay?: string;
  kind?: CheckpointMeta['kind'];
  source?: string;
  date?: string;
  count?: number;
  bytes?: number;
  path: string;
  status: 'ready' | 'not built' | 'unavailable' | 'corrupt';
}

/** What each ecosystem's lists are: source, date, count, checkpoint size and path. */
export function allowlistInfo(deps: NameListDeps = {}): AllowlistEntry[] {
  const cacheDir = resolveCacheDir(deps.env);
  const entries: AllowlistEntry[] = [];
  const stored = listCheckpoints(cacheDir);
  for (const ecosystem of ECOSYSTEMS) {
    const mainPath = checkpointPath(cacheDir, ecosystem);
    const main = stored.find((s) => s.ecosystem === ecosystem && !s.overlay);
    if (!main) entries.push({ ecosystem, path: mainPath, status: ecosystem === 'conda' ? 'unavailable' : 'not built' });
    for (const file of stored.filter((s) => s.ecosystem === ecosystem)) {
      const entry: AllowlistEntry = { ecosystem, path: file.path, bytes: file.size, status: 'ready' };
      if (file.overlay) entry.overlay = file.overlay;
      try {
        const checkpoint = readCheckpoint(file.path);
        if (checkpoint) {
          const { kind, source, date, nameCount } = checkpoint.meta;
          Object.assign(entry, { kind, source, date, count: nameCount });
        }
      } catch {
        entry.status = 'corrupt';
      }
      entries.push(entry);
    }
  }
  return entries;
}

/** Rebuilds the main checkpoint of `ecosystem` from the snapshot that ships with groundguard. */
export function buildAllowlist(ecosystem: Ecosystem, deps: NameListDeps = {}): AllowlistEntry {
  const cacheDir = resolveCacheDir(deps.env);
  const checkpoint = buildBundled(ecosystem, cacheDir, deps);
  // Lists loaded before the change are stale now.
  if (deps.nameLists) closeNameLists(deps.nameLists);
  return describe(ecosystem, checkpointPath(cacheDir, ecosystem), checkpoint.meta);
}

export interface SyncOptions {
  /** PyPI index URL, npm registry URL, or conda channel (name or URL). */
  url?: string;
  fetch?: typeof fetch;
}

/** Fetches the registry's complete name list and makes it the ecosystem's main list. */
export async function syncAllowlist(ecosystem: Ecosystem, options: SyncOptions = {}, deps: NameListDeps = {}): Promise<AllowlistEntry> {
  const progress = createProgress(`fetching the ${ecosystem} name list`, deps.stderr);
  const onProgress = (done: number, total?: number): void => {
    if (total) progress.total(total);
    progress.update(done);
  };
  const common = { onProgress, ...(options.fetch ? { fetch: options.fetch } : {}) };
  let fetched: RegistryNames;
  try {
    if (ecosystem === 'pypi') fetched = await fetchPypiNames({ ...common, ...(options.url ? { indexUrl: options.url } : {}) });
    else if (ecosystem === 'npm') fetched = await fetchNpmNames({ ...common, ...(options.url ? { registry: options.url } : {}) });
    else fetched = await fetchCondaNames({ ...common, ...(options.url ? { channel: options.url } : {}) });
  } finally {
    progress.done();
  }
  return saveList(ecosystem, fetched.names, { kind: 'sync', source: fetched.source, date: fetched.date }, undefined, deps);
}

/** Imports a name list file as the ecosystem's main list or as a named overlay (a private registry). */
export async function importAllowlist(
  ecosystem: Ecosystem,
  file: string,
  options: { overlay?: string; date?: string } = {},
  deps: NameListDeps = {},
): Promise<AllowlistEntry> {
  if (options.overlay !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(options.overlay)) {
    throw new GuardError('INPUT_INVALID', `overlay name "${options.overlay}" must be 1-64 letters, digits, "-" or "_"`);
  }
  const { names } = await readNameList(file);
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  return saveList(ecosystem, names, { kind: 'import', source: `import:${file.split(/[\\/]/).pop()}`, date }, options.overlay, deps);
}

/** Removes an ecosystem's main list (it is rebuilt from the shipped snapshot on next use) or an overlay. */
export function resetAllowlist(ecosystem: Ecosystem, overlay: string | undefined, deps: NameListDeps = {}): boolean {
  const removed = removeCheckpoint(checkpointPath(resolveCacheDir(deps.env), ecosystem, overlay));
  // Lists loaded before the change are stale now.
  if (deps.nameLists) closeNameLists(deps.nameLists);
  return removed;
}

function saveList(
  ecosystem: Ecosystem,
  rawNames: string[],
  meta: Pick<CheckpointMeta, 'kind' | 'source' | 'date'>,
  overlay: string | undefined,
  deps: NameListDeps,
): AllowlistEntry {
  const names = [...new Set(rawNames.map((name) => normalizeName(ecosystem, name)).filter((name) => name.length > 0))];
  if (names.length === 0) throw new GuardError('INPUT_INVALID', `the ${ecosystem} name list is empty`);
  const usage = usageFor(ecosystem);
  const input: NameListInput = { meta: { ecosystem, ...meta }, names: sortedNameBytes(names), popular: usage.popular };
  if (usage.downloadRank) input.downloadRank = usage.downloadRank;
  if (usage.downloads) input.downloads = usage.downloads;
  if (usage.display) input.display = usage.display;
  const checkpoint = compileNameList(input);
  const path = checkpointPath(resolveCacheDir(deps.env), ecosystem, overlay);
  writeCheckpoint(path, checkpoint);
  // Lists loaded before the change are stale now.
  if (deps.nameLists) closeNameLists(deps.nameLists);
  return describe(ecosystem, path, checkpoint.meta, overlay);
}

/** Usage figures from the shipped snapshots, reused for lists fetched or imported later. */
function usageFor(ecosystem: Ecosystem): Pick<NameListInput, 'popular' | 'downloadRank' | 'downloads' | 'display'> {
  try {
    if (ecosystem === 'pypi') {
      const { popular, downloadRank, display } = loadBundledPypi(readBundledManifest());
      return { popular, ...(downloadRank ? { downloadRank } : {}), ...(display ? { display } : {}) };
    }
    if (ecosystem === 'npm') return loadNpmUsage(readBundledManifest());
  } catch {
    // No shipped usage figures: the list still works, without popularity.
  }
  return { popular: [] };
}

function describe(ecosystem: Ecosystem, path: string, meta: CheckpointMeta, overlay?: string): AllowlistEntry {
  const entry: AllowlistEntry = {
    ecosystem,
    path,
    status: 'ready',
    kind: meta.kind,
    source: meta.source,
    date: meta.date,
    count: meta.nameCount,
  };
  if (overlay) entry.overlay = overlay;
  return entry;
}
