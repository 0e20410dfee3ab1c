/** Writing a file so that readers see the old or the new content, never a part: a temporary file beside it, fsync, then a rename. */
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { GuardError } from './errors.js';

/**
 * Writes `data` (text, bytes, or byte parts written in order) to `path` atomically, with `mode`
 * when given (applied after the write, so the umask does not narrow it), else the mode of the file
 * it replaces. The directory must exist. Throws GuardError IO_FAILED; the temporary file is removed.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array | readonly Uint8Array[], requestedMode?: number): void {
  const mode = requestedMode ?? existingMode(path);
  const temp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const parts = typeof data === 'string' ? [Buffer.from(data, 'utf8')] : data instanceof Uint8Array ? [data] : data;
  try {
    const fd = openSync(temp, 'wx', mode);
    try {
      for (const part of parts) {
        let done = 0;
        while (done < part.length) done += writeSync(fd, part, done, part.length - done);
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (mode !== undefined) chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new GuardError('IO_FAILED', `cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function existingMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return undefined;
  }
}
