/**
 * The delta lists: what upstream told the gate and the online checks since the shipped snapshot
 * was made, one file per ecosystem in the cache directory, a name a line with the day it was seen
 * (tab-separated). `gate/delta-<eco>.tsv` holds names missing from the snapshot that were found
 * upstream (old enough to trust); `gate/removed-<eco>.tsv` holds names the snapshot lists that the
 * upstream answered "not found" for (unpublished since the list was made). `guard check` and the
 * hooks read both offline, so a name newer than the snapshot is not refused once vetted, and a
 * name removed since is refused once seen gone. A process that reads them often (the MCP server, a
 * gate) keeps the lists read in a `DeltaListCache` (app/services.ts), re-read when the file
 * changes; without one each read reads the file.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';

/** Delta lists read, by file, with the mtime they were read at. */
export type DeltaListCache = Map<string, { mtimeMs: number; names: Map<string, string> }>;

/** Which delta list: names found upstream (`added`) or names the upstream no longer has (`removed`). */
export type DeltaKind = 'added' | 'removed';

/** The file of an ecosystem's delta list under `cacheDir`. */
export function deltaListPath(cacheDir: string, ecosystem: string, kind: DeltaKind = 'added'): string {
  return join(cacheDir, 'gate', `${kind === 'added' ? 'delta' : 'removed'}-${ecosystem}.tsv`);
}

/** Normalised name → the day (YYYY-MM-DD) the gate saw it; empty when there is no list. Kept in `cache` until the file changes. */
export function readDeltaNames(
  cacheDir: string,
  ecosystem: string,
  cache?: DeltaListCache,
  kind: DeltaKind = 'added',
): ReadonlyMap<string, string> {
  const file = deltaListPath(cacheDir, ecosystem, kind);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return new Map();
  }
  const cached = cache?.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.names;
  const names = new Map<string, string>();
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
  cache?.set(file, { mtimeMs, names });
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
