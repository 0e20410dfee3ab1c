/** Checkpoint files on disk: where they live, atomic writes, whole-file reads into one buffer. */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { GuardError } from '../../../shared/errors.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';
import { decodeCheckpoint, encodeCheckpoint, type NameCheckpoint } from '../checkpoint.js';
import { ECOSYSTEMS, type Ecosystem } from '../types.js';

export interface StoredCheckpoint {
  ecosystem: Ecosystem;
  /** Overlay name, undefined for the ecosystem's main list. */
  overlay?: string;
  path: string;
  size: number;
}

/** Path of an ecosystem's main checkpoint, or of a named overlay. */
export function checkpointPath(cacheDir: string, ecosystem: Ecosystem, overlay?: string): string {
  return join(cacheDir, 'checkpoints', overlay ? `${ecosystem}.${overlay}.ggc` : `${ecosystem}.ggc`);
}

/** The largest checkpoint read (the npm list is about 50 MB): a bigger file is refused before any byte is read. */
export const MAX_CHECKPOINT_BYTES = 512 * 1024 * 1024;

const invalid = (path: string, why: string): GuardError =>
  new GuardError('CHECKPOINT_INVALID', `checkpoint ${path} is not usable: ${why}`, {
    hint: 'it is rebuilt; or remove it and run `guard allowlist sync`',
  });

/**
 * Opens a checkpoint for reading: undefined when it does not exist; CHECKPOINT_INVALID (closed again)
 * for anything but a regular file of at most MAX_CHECKPOINT_BYTES, found without blocking (a FIFO) or
 * reading (a sparse file); IO_FAILED when it cannot be opened. The caller closes `fd`.
 */
export function openCheckpointFile(path: string): { fd: number; stat: Stats } | undefined {
  let fd: number;
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR') throw invalid(path, 'it is a directory');
    throw new GuardError('IO_FAILED', `cannot open checkpoint ${path}: ${(error as Error).message}`, { cause: error });
  }
  const stat = fstatSync(fd);
  const why = !stat.isFile()
    ? `it is not a regular file (${stat.isDirectory() ? 'a directory' : stat.isFIFO() ? 'a FIFO' : 'a device or socket'})`
    : stat.size > MAX_CHECKPOINT_BYTES
      ? `it is ${stat.size} bytes, over the ${MAX_CHECKPOINT_BYTES} a checkpoint may hold`
      : undefined;
  if (why !== undefined) {
    closeSync(fd);
    throw invalid(path, why);
  }
  return { fd, stat };
}

/**
 * Reads and verifies a checkpoint; undefined when the file does not exist. Only a regular file of at
 * most MAX_CHECKPOINT_BYTES is read (a FIFO, a directory, a device or a huge sparse file is refused at
 * once, without blocking or allocating), and with `ecosystem` given, one holding another ecosystem's
 * list is refused. Throws CHECKPOINT_INVALID.
 */
export function readCheckpoint(path: string, ecosystem?: Ecosystem): NameCheckpoint | undefined {
  const opened = openCheckpointFile(path);
  if (opened === undefined) return undefined;
  const { fd, stat } = opened;
  try {
    const size = stat.size;
    const bytes = new Uint8Array(size);
    let done = 0;
    while (done < size) {
      const n = readSync(fd, bytes, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    const checkpoint = decodeCheckpoint(done === size ? bytes : bytes.subarray(0, done));
    if (ecosystem !== undefined && checkpoint.meta.ecosystem !== ecosystem)
      throw invalid(path, `it holds the ${checkpoint.meta.ecosystem} list, not the ${ecosystem} one`);
    return checkpoint;
  } finally {
    closeSync(fd);
  }
}

/** Writes a checkpoint atomically (temp file, fsync, rename); returns its size in bytes. */
export function writeCheckpoint(path: string, checkpoint: NameCheckpoint): number {
  const bytes = encodeCheckpoint(checkpoint);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, bytes);
  } catch (error) {
    const cause = error instanceof GuardError && error.cause !== undefined ? error.cause : error;
    throw new GuardError('IO_FAILED', `cannot write checkpoint ${path}: ${(cause as Error).message}`, {
      hint: 'check that the cache directory is writable, or set GUARD_HOME to another directory',
      cause: error,
    });
  }
  return bytes.length;
}

/** Removes a checkpoint file if present. */
export function removeCheckpoint(path: string): boolean {
  if (!existsSync(path)) return false;
  // Recursive: a directory in a checkpoint's slot is removed too, so the list can be rebuilt there.
  rmSync(path, { force: true, recursive: true });
  return true;
}

/** Every checkpoint in the cache directory, main lists and overlays. */
export function listCheckpoints(cacheDir: string): StoredCheckpoint[] {
  const dir = join(cacheDir, 'checkpoints');
  if (!existsSync(dir)) return [];
  const found: StoredCheckpoint[] = [];
  for (const file of readdirSync(dir).sort()) {
    const match = /^([a-z]+)(?:\.([A-Za-z0-9_-]+))?\.ggc$/.exec(file);
    if (!match || !(ECOSYSTEMS as readonly string[]).includes(match[1]!)) continue;
    const path = join(dir, file);
    const entry: StoredCheckpoint = { ecosystem: match[1] as Ecosystem, path, size: statSync(path).size };
    if (match[2]) entry.overlay = match[2];
    found.push(entry);
  }
  return found;
}
