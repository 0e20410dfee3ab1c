/**
 * The metadata packs' side index: where each key's newest record lies, as of how far each pack was
 * read, so that opening a cache reads one small file and scans only what was appended since. Written
 * in the background to a temporary file and renamed; a missing, damaged or outdated index (a pack
 * replaced or shorter than it says) is only a slower start.
 */
import { readFileSync, rename, renameSync, rm, rmSync, writeFile, writeFileSync } from 'node:fs';

/** A record's place: which pack (by number), where, how long. */
export interface PackSpan {
  pack: number;
  offset: number;
  length: number;
  /**
   * Its body's checksum already held when this process read it (never saved): a record never changes once
   * appended whole, so only its first read pays for the checksum.
   */
  verified?: boolean;
}

export interface StoredPackIndex {
  /** Per pack number: its inode and the offset up to which its records are listed. */
  packs: Map<number, { ino: number; end: number }>;
  /** Keys, oldest record first. */
  entries: Array<[string, PackSpan]>;
}

/** The index at `path`, or undefined (absent or unreadable). */
export function readPackIndex(path: string): StoredPackIndex | undefined {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown; packs?: unknown; entries?: unknown };
    if (data.version !== 1 || !Array.isArray(data.packs) || !Array.isArray(data.entries)) return undefined;
    const packs = new Map<number, { ino: number; end: number }>();
    for (const pack of data.packs as unknown[]) {
      if (!isNumbers(pack, 3)) return undefined;
      const [number, ino, end] = pack as [number, number, number];
      packs.set(number, { ino, end });
    }
    const entries: Array<[string, PackSpan]> = [];
    for (const entry of data.entries as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isNumbers(entry.slice(1), 3)) return undefined;
      const [pack, offset, length] = entry.slice(1) as number[];
      entries.push([entry[0], { pack: pack!, offset: offset!, length: length! }]);
    }
    return { packs, entries };
  } catch {
    return undefined;
  }
}

/** Writes the index in the background (temporary file, then rename); `done` once settled. Never throws. */
export function writePackIndex(path: string, index: StoredPackIndex, done: () => void): void {
  const temp = tempPath(path);
  writeFile(temp, indexText(index), (written) => {
    if (written) return rm(temp, { force: true }, () => done());
    rename(temp, path, (failed) => (failed ? rm(temp, { force: true }, () => done()) : done()));
  });
}

/** `writePackIndex` at once (a cache being closed leaves nothing running). Never throws. */
export function writePackIndexNow(path: string, index: StoredPackIndex): void {
  const temp = tempPath(path);
  try {
    writeFileSync(temp, indexText(index));
    renameSync(temp, path);
  } catch {
    rmSync(temp, { force: true });
  }
}

function indexText(index: StoredPackIndex): string {
  return JSON.stringify({
    version: 1,
    packs: [...index.packs].map(([pack, { ino, end }]) => [pack, ino, end]),
    entries: index.entries.map(([key, span]) => [key, span.pack, span.offset, span.length]),
  });
}

function tempPath(path: string): string {
  return `${path}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`;
}

function isNumbers(value: unknown, count: number): value is number[] {
  return Array.isArray(value) && value.length === count && value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
}
