/**
 * Opens a checkpoint without reading all of it: a check of a few names touches a few kilobytes of
 * the automaton (tens of megabytes for npm), so its bytes are read from disk page by page as arcs
 * are decoded. The metadata sections are read whole. The CRC-32 over the file is checked on the
 * first open after the file was written, and a sidecar (`<file>.verified`: size, mtime, inode and
 * checksum) lets later opens of the same unchanged file skip it.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { GuardError } from '../../../shared/errors.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';
import { decodeCheckpoint, type NameCheckpoint } from '../checkpoint.js';
import { type Ecosystem } from '../types.js';
import { openCheckpointFile, readCheckpoint } from './checkpoint-store.js';

const PREFIX = 20;
const PAGE_BITS = 14;
const PAGE = 1 << PAGE_BITS;
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
 * slot is CHECKPOINT_INVALID too. The file stays open until the checkpoint's `close()`; an arc not
 * read by then throws IO_FAILED (never a read of whatever file reuses the descriptor).
 */
export function openCheckpointLazily(path: string, ecosystem?: Ecosystem): NameCheckpoint | undefined {
  const opened = openCheckpointFile(path);
  if (opened === undefined) return undefined;
  const { fd, stat } = opened;
  let head: Head | { unverified: number };
  try {
    head = readHead(path, fd, stat, ecosystem);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if ('unverified' in head) {
    // First open since it was written: read and check all of it, then remember that.
    closeSync(fd);
    const checkpoint = readCheckpoint(path, ecosystem);
    if (checkpoint !== undefined) rememberVerified(path, head.unverified);
    return checkpoint;
  }
  const { bytes, header, checkpoint } = head;
  const pages = new Uint8Array(Math.ceil(stat.size / PAGE));
  let open = true;
  const present = (from: number, to: number): void => {
    for (let page = from >> PAGE_BITS; page <= (to - 1) >> PAGE_BITS; page += 1) {
      if (pages[page] === 1) continue;
      if (!open) {
        throw new GuardError('IO_FAILED', `checkpoint ${path} was read after it was closed`, {
          hint: 'this is a bug in groundguard: a name list was used after its services were closed',
        });
      }
      readRange(fd, bytes, page * PAGE, Math.min((page + 1) * PAGE, stat.size));
      pages[page] = 1;
    }
  };
  for (const [name, field] of Object.entries(LAZY)) {
    const ref = header?.[name];
    const automaton = checkpoint[field];
    if (ref === undefined || automaton === undefined) continue;
    const start = ref.offset;
    const end = Math.min(ref.offset + ref.length, stat.size);
    automaton.fault = (pos) => {
      const at = start + pos;
      present(at, Math.min(at + MAX_ARC, end));
    };
    automaton.materialize = () => {
      present(start, end);
      delete automaton.fault;
      delete automaton.materialize;
    };
  }
  checkpoint.close = () => {
    if (!open) return;
    open = false;
    closeSync(fd);
  };
  return checkpoint;
}

// The automata are read on demand; the metadata columns whole (they are small and searched in bulk).
const LAZY: Record<string, 'automaton' | 'popular' | 'usage'> = { code: 'automaton', popular: 'popular', usage: 'usage' };

interface Head {
  bytes: Uint8Array;
  header: Record<string, { offset: number; length: number }> | undefined;
  checkpoint: NameCheckpoint;
}

/** The header and metadata of an open checkpoint, or the CRC to check when it was not verified since it was written. */
function readHead(
  path: string,
  fd: number,
  stat: { size: number; mtimeMs: number; ino: number },
  ecosystem: Ecosystem | undefined,
): Head | { unverified: number } {
  const size = stat.size;
  if (size < PREFIX) {
    throw new GuardError('CHECKPOINT_INVALID', `checkpoint ${path} is not usable: it is ${size} bytes, shorter than a header`, {
      hint: 'it is rebuilt; or remove it and run `guard allowlist sync`',
    });
  }
  const bytes = new Uint8Array(size);
  readRange(fd, bytes, 0, PREFIX);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const crc = view.getUint32(16, true);
  if (!isVerified(path, stat, crc)) return { unverified: crc };
  const headerLength = Math.min(view.getUint32(12, true), size - PREFIX);
  readRange(fd, bytes, PREFIX, PREFIX + headerLength);
  const header = headerSections(bytes, headerLength);
  for (const [name, ref] of Object.entries(header ?? {})) {
    if (LAZY[name] === undefined) readRange(fd, bytes, ref.offset, Math.min(ref.offset + ref.length, size));
  }
  const checkpoint = decodeCheckpoint(bytes, { verified: true });
  if (ecosystem !== undefined && checkpoint.meta.ecosystem !== ecosystem) {
    throw new GuardError(
      'CHECKPOINT_INVALID',
      `checkpoint is not usable: ${path} holds the ${checkpoint.meta.ecosystem} list, not the ${ecosystem} one`,
      {
        hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
      },
    );
  }
  return { bytes, header, checkpoint };
}

function readRange(fd: number, bytes: Uint8Array, from: number, to: number): void {
  let done = from;
  while (done < to) {
    const n = readSync(fd, bytes, done, to - done, done);
    if (n === 0) {
      throw new GuardError('CHECKPOINT_INVALID', 'checkpoint is not usable: truncated while reading', {
        hint: 'it will be rebuilt; run `guard allowlist build` to rebuild it now',
      });
    }
    done += n;
  }
}

function headerSections(bytes: Uint8Array, headerLength: number): Record<string, { offset: number; length: number }> | undefined {
  try {
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX, PREFIX + headerLength))) as { sections?: unknown };
    const sections = header.sections;
    if (typeof sections !== 'object' || sections === null) return undefined;
    const valid: Record<string, { offset: number; length: number }> = {};
    for (const [name, ref] of Object.entries(sections as Record<string, unknown>)) {
      const { offset, length } = (ref ?? {}) as { offset?: unknown; length?: unknown };
      if (typeof offset === 'number' && typeof length === 'number' && offset >= 0 && length >= 0) valid[name] = { offset, length };
    }
    return valid;
  } catch {
    return undefined;
  }
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
      readRange(fd, buffer, 0, info.size);
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
