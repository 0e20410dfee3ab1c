/**
 * Opens a checkpoint without reading all of it: a check of a few names touches a few kilobytes of
 * the automaton (tens of megabytes for npm) and a few elements of the metadata columns, so their
 * bytes are read from disk page by page as arcs and elements are decoded (paged-file.ts); no buffer
 * the size of the file is allocated (one of 50 MB makes V8 collect garbage for the external memory
 * on every call). The display names are read whole. The CRC-32 over the file is checked on the
 * first open after the file was written, and a sidecar (`<file>.verified`: size, mtime, inode and
 * checksum) lets later opens of the same unchanged file skip it.
 */
import { closeSync, openSync, statSync } from 'node:fs';
import { GuardError } from '../../../shared/errors.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';
import { type CodePage, type NameAutomaton } from '../automaton.js';
import {
  assembleCheckpoint,
  CHECKPOINT_PREFIX as PREFIX,
  decodeCheckpointHeader,
  type CheckpointHeader,
  type Column,
  type NameCheckpoint,
  type SectionRef,
} from '../checkpoint.js';
import { type Ecosystem } from '../types.js';
import { openCheckpointFile, readCheckpoint } from './checkpoint-store.js';
import { PAGE, PAGE_BITS, PagedFile, readRange } from './paged-file.js';

// The longest arc: flag, label, a LEB128 output of up to 5 bytes, a 4-byte address.
const MAX_ARC = 11;

interface Sidecar {
  size: number;
  mtimeMs: number;
  ino: number;
  crc: number;
}

/**
 * Reads the checkpoint at `path` on demand; undefined when it does not exist. Throws
 * CHECKPOINT_INVALID for a file that is not a regular file of a sane size or does not decode,
 * IO_FAILED when it cannot be opened. With `ecosystem`, a checkpoint of another ecosystem in the
 * slot is CHECKPOINT_INVALID too. The file stays open until the checkpoint's `close()`; a page not
 * read by then throws IO_FAILED (never a read of whatever file reuses the descriptor).
 */
export function openCheckpointLazily(path: string, ecosystem?: Ecosystem): NameCheckpoint | undefined {
  const opened = openCheckpointFile(path);
  if (opened === undefined) return undefined;
  const { fd, stat } = opened;
  let header: ReturnType<typeof readHeader>;
  try {
    header = readHeader(path, fd, stat, ecosystem);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if ('unverified' in header) {
    // First open since it was written: read and check all of it, then remember that.
    closeSync(fd);
    const whole = readCheckpoint(path, ecosystem);
    if (whole !== undefined) rememberVerified(path, header.unverified);
    return whole;
  }
  const file = new PagedFile(path, fd, stat.size, MAX_ARC);
  try {
    return readOnDemand(header, file);
  } catch (error) {
    file.close();
    throw error;
  }
}

// The automata are read page by page as arcs are decoded; 'code' is the main one.
const LAZY: Record<string, 'automaton' | 'popular' | 'usage'> = { code: 'automaton', popular: 'popular', usage: 'usage' };

/** The checkpoint `header` describes, its automata and columns read from `file` as they are used. */
function readOnDemand(header: CheckpointHeader, file: PagedFile): NameCheckpoint {
  const ref = (name: string): SectionRef | undefined => header.sections[name];
  const checkpoint = assembleCheckpoint(header, {
    bytes: (name) => {
      const section = ref(name);
      if (section === undefined) return undefined;
      return LAZY[name] !== undefined ? new Uint8Array(0) : file.read(section.offset, section.offset + section.length);
    },
    column: (name, width) => {
      const section = ref(name);
      return section === undefined ? undefined : columnOnDemand(file, section, width);
    },
  });
  for (const [name, field] of Object.entries(LAZY)) {
    const section = ref(name);
    const automaton = checkpoint[field];
    if (section !== undefined && automaton !== undefined) pageIn(automaton, file, section);
  }
  checkpoint.close = () => file.close();
  return checkpoint;
}

/** Gives `automaton` (its code the `section` of `file`) a page function and a materialize that reads it all. */
function pageIn(automaton: NameAutomaton, file: PagedFile, section: SectionRef): void {
  const pages = new Map<number, CodePage>();
  automaton.page = (pos) => {
    const index = (section.offset + pos) >> PAGE_BITS;
    let page = pages.get(index);
    if (page === undefined) {
      page = { bytes: file.page(index), start: index * PAGE - section.offset };
      pages.set(index, page);
    }
    return page;
  };
  automaton.materialize = () => {
    automaton.code = file.read(section.offset, section.offset + section.length);
    delete automaton.page;
    delete automaton.materialize;
  };
}

/** A column of `width`-byte little-endian values in `section` of `file`, each element read when asked for. */
function columnOnDemand(file: PagedFile, section: SectionRef, width: 2 | 4): Column {
  if (section.length % width !== 0 || section.offset % width !== 0) {
    throw new GuardError('CHECKPOINT_INVALID', `checkpoint is not usable: a column of ${width}-byte values is ${section.length} bytes`, {
      hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
    });
  }
  const length = section.length / width;
  return {
    length,
    at(index: number): number | undefined {
      if (!Number.isInteger(index) || index < 0 || index >= length) return undefined;
      const offset = section.offset + index * width;
      // Sections start 8-byte aligned, so an element never straddles two pages.
      const bytes = file.page(offset >> PAGE_BITS);
      const at = offset & (PAGE - 1);
      const low = bytes[at]! | (bytes[at + 1]! << 8);
      return width === 2 ? low : low + bytes[at + 2]! * 0x10000 + bytes[at + 3]! * 0x1000000;
    },
  };
}

/** The header of an open checkpoint, or the CRC to check when it was not verified since it was written. */
function readHeader(
  path: string,
  fd: number,
  stat: { size: number; mtimeMs: number; ino: number },
  ecosystem: Ecosystem | undefined,
): CheckpointHeader | { unverified: number } {
  const size = stat.size;
  if (size < PREFIX) {
    throw new GuardError('CHECKPOINT_INVALID', `checkpoint ${path} is not usable: it is ${size} bytes, shorter than a header`, {
      hint: 'it is rebuilt; or remove it and run `guard allowlist sync`',
    });
  }
  const prefix = new Uint8Array(PREFIX);
  readRange(fd, prefix, 0);
  const view = new DataView(prefix.buffer);
  const crc = view.getUint32(16, true);
  if (!isVerified(path, stat, crc)) return { unverified: crc };
  const head = new Uint8Array(PREFIX + Math.min(view.getUint32(12, true), size - PREFIX));
  head.set(prefix);
  readRange(fd, head.subarray(PREFIX), PREFIX);
  const header = decodeCheckpointHeader(head, size);
  if (ecosystem !== undefined && header.meta.ecosystem !== ecosystem) {
    throw new GuardError(
      'CHECKPOINT_INVALID',
      `checkpoint is not usable: ${path} holds the ${header.meta.ecosystem} list, not the ${ecosystem} one`,
      {
        hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
      },
    );
  }
  return header;
}

function sidecarPath(path: string): string {
  return `${path}.verified`;
}

function isVerified(path: string, stat: { size: number; mtimeMs: number; ino: number }, crc: number): boolean {
  try {
    const sidecar = sidecarPath(path);
    const info = statSync(sidecar);
    if (!info.isFile() || info.size > 512) return false;
    const fd = openSync(sidecar, 'r');
    const buffer = new Uint8Array(info.size);
    try {
      readRange(fd, buffer, 0);
    } finally {
      closeSync(fd);
    }
    const seen = JSON.parse(new TextDecoder().decode(buffer)) as Partial<Sidecar>;
    return seen.size === stat.size && seen.mtimeMs === stat.mtimeMs && seen.ino === stat.ino && seen.crc === crc;
  } catch {
    return false;
  }
}

/** Best effort: a cache that cannot take the sidecar is checked in full on every open, as before. */
function rememberVerified(path: string, crc: number): void {
  try {
    const stat = statSync(path);
    const sidecar: Sidecar = { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, crc };
    writeFileAtomic(sidecarPath(path), `${JSON.stringify(sidecar)}\n`);
  } catch {
    // Unwritable cache directory: nothing to remember.
  }
}
