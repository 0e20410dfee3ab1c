/**
 * The delta list: names missing from the shipped snapshot that the gate found upstream (old
 * enough to trust), one file per ecosystem in the cache directory (`gate/delta-<eco>.tsv`: name,
 * tab, the day it was seen). `guard check` and the hooks read it, so a name newer than the
 * snapshot is not refused once the gate has vetted it. A process that reads it often (the MCP
 * server, a gate) keeps the lists read in a `DeltaListCache` (app/services.ts), re-read when the
 * file changes; without one each read reads the file.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';

/** Delta lists read, by file, with the mtime they were read at. */
export type DeltaListCache = Map<string, { mtimeMs: number; names: Map<string, string> }>;

/** The file of an ecosystem's delta list under `cacheDir`. */
export function deltaListPath(cacheDir: string, ecosystem: string): string {
  return join(cacheDir, 'gate', `delta-${ecosystem}.tsv`);
}

/** Normalised name → the day (YYYY-MM-DD) the gate saw it; empty when there is no list. Kept in `cache` until the file changes. */
export function readDeltaNames(cacheDir: string, ecosystem: string, cache?: DeltaListCache): ReadonlyMap<string, string> {
  const file = deltaListPath(cacheDir, ecosystem);
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
export function addDeltaName(cacheDir: string, ecosystem: string, normalized: string, now: Date, cache?: DeltaListCache): void {
  const current = readDeltaNames(cacheDir, ecosystem, cache);
  if (current.has(normalized) || /[\t\n]/.test(normalized)) return;
  const file = deltaListPath(cacheDir, ecosystem);
  mkdirSync(join(cacheDir, 'gate'), { recursive: true });
  const lines = [...current].map(([name, day]) => `${name}\t${day}`);
  lines.push(`${normalized}\t${now.toISOString().slice(0, 10)}`);
  writeFileAtomic(file, `${lines.join('\n')}\n`);
  cache?.delete(file);
}
