/**
 * The delta lists: what upstream told the gate and the online checks since the shipped snapshot
 * was made, one file per ecosystem in the cache directory, a name a line with the day it was seen
 * (tab-separated). `gate/delta-<eco>.tsv` holds names missing from the snapshot that were found
 * upstream (old enough to trust); `gate/removed-<eco>.tsv` holds names the snapshot lists that the
 * upstream answered "not found" for (unpublished since the list was made). `guard check` and the
 * hooks read both offline, so a name newer than the snapshot is not refused once vetted, and a
 * name removed since is refused once seen gone. A process that reads them often (the MCP server, a
 * gate) keeps the lists read in a `DeltaListCache` (app/services.ts), re-read when the file's
 * mtime or size changes, looked at no more than once per `DELTA_LIST_RECHECK_MS` (this process's own
 * writes drop the entry, so they are seen at once); without one each read reads the file.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';

/** How long a cached list is trusted before its file is looked at again (another process's writes show within this). */
export const DELTA_LIST_RECHECK_MS = 1000;

/** Delta lists read, by file, with the mtime and size they were read at (-1: no file) and when the file was last looked at. */
export type DeltaListCache = Map<string, { mtimeMs: number; size?: number; checkedAt?: number; names: Map<string, string> }>;

/** Which delta list: names found upstream (`added`) or names the upstream no longer has (`removed`). */
export type DeltaKind = 'added' | 'removed';

/** The file of an ecosystem's delta list under `cacheDir`. */
export function deltaListPath(cacheDir: string, ecosystem: string, kind: DeltaKind = 'added'): string {
  return join(cacheDir, 'gate', `${kind === 'added' ? 'delta' : 'removed'}-${ecosystem}.tsv`);
}

/**
 * Normalised name → the day (YYYY-MM-DD) the gate saw it; empty when there is no list. Kept in
 * `cache` until the file changes; `now` (ms) decides whether the file is looked at again.
 */
export function readDeltaNames(
  cacheDir: string,
  ecosystem: string,
  cache?: DeltaListCache,
  kind: DeltaKind = 'added',
  now: number = Date.now(),
): ReadonlyMap<string, string> {
  const file = deltaListPath(cacheDir, ecosystem, kind);
  const cached = cache?.get(file);
  // On the gate's answer path: a stat per judgement per list adds up, and the lists change rarely.
  if (cached?.checkedAt !== undefined && now - cached.checkedAt >= 0 && now - cached.checkedAt < DELTA_LIST_RECHECK_MS) return cached.names;
  let mtimeMs = -1;
  let size = -1;
  try {
    ({ mtimeMs, size } = statSync(file));
  } catch {
    // No list yet: remembered as empty, looked at again after the interval.
  }
  if (cached && cached.mtimeMs === mtimeMs && (cached.size === undefined || cached.size === size)) {
    cached.checkedAt = now;
    return cached.names;
  }
  const names = new Map<string, string>();
  if (mtimeMs >= 0) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return names;
    }
    for (const line of text.split('\n')) {
      const [name, day] = line.split('\t');
      if (name) names.set(name, day ?? '');
    }
  }
  cache?.set(file, { mtimeMs, size, checkedAt: now, names });
  return names;
}

/** Adds a normalised name (no-op when present). Throws GuardError IO_FAILED when the file cannot be written. */
export function addDeltaName(
  cacheDir: string,
  ecosystem: string,
  normalized: string,
  now: Date,
  cache?: DeltaListCache,
  kind: DeltaKind = 'added',
): void {
  const current = readDeltaNames(cacheDir, ecosystem, cache, kind);
  if (current.has(normalized) || /[\t\n]/.test(normalized)) return;
  const lines = [...current].map(([name, day]) => `${name}\t${day}`);
  lines.push(`${normalized}\t${now.toISOString().slice(0, 10)}`);
  writeDeltaList(deltaListPath(cacheDir, ecosystem, kind), lines, cache);
}

/** Removes a normalised name (no-op when absent). Throws GuardError IO_FAILED when the file cannot be written. */
export function dropDeltaName(
  cacheDir: string,
  ecosystem: string,
  normalized: string,
  cache?: DeltaListCache,
  kind: DeltaKind = 'added',
): void {
  const current = readDeltaNames(cacheDir, ecosystem, cache, kind);
  if (!current.has(normalized)) return;
  const lines = [...current].filter(([name]) => name !== normalized).map(([name, day]) => `${name}\t${day}`);
  writeDeltaList(deltaListPath(cacheDir, ecosystem, kind), lines, cache);
}

function writeDeltaList(file: string, lines: readonly string[], cache: DeltaListCache | undefined): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  cache?.delete(file);
}
