/** Writing a file so that readers see the old or the new content, never a part: a temporary file beside it, then a rename. */
import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { GuardError } from '../shared/errors.js';

/**
 * Writes `text` to `path` atomically, with `mode` when given (applied after the write, so the
 * umask does not narrow it), else the mode of the file it replaces. The directory must exist.
 * Throws GuardError IO_FAILED.
 */
export function writeFileAtomic(path: string, text: string, requestedMode?: number): void {
  const mode = requestedMode ?? existingMode(path);
  const temp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  try {
    writeFileSync(temp, text, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
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
