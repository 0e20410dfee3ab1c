/**
 * The install-command parsers' FileReader over the real file system: relative paths resolve
 * against the command's cwd, texts are kept in memory for the reader's life (a file named twice
 * is read once), and in-memory overrides stand in for files an agent is about to write.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type FileReader } from '../../engines/install-commands/index.js';
import { GuardError } from '../../shared/errors.js';

/** Requirement files, package.json and environment files are small; anything larger is refused. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface FsFileReaderOptions {
  /** Texts that replace files on disk, by path (relative paths resolve against cwd). */
  overrides?: ReadonlyMap<string, string>;
  maxBytes?: number;
}

/**
 * A FileReader for `cwd`. `readText` gives undefined for a missing path or a directory and throws
 * GuardError INPUT_INVALID for a file over `maxBytes` (5 MB) and IO_FAILED when it cannot be read.
 */
export function createFsFileReader(cwd: string, options: FsFileReaderOptions = {}): FileReader {
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  const texts = new Map<string, string | undefined>();
  for (const [path, text] of options.overrides ?? []) texts.set(resolve(cwd, path), text);
  return {
    readText(path: string): string | undefined {
      const absolute = resolve(cwd, path);
      if (texts.has(absolute)) return texts.get(absolute);
      const text = readCapped(absolute, maxBytes);
      texts.set(absolute, text);
      return text;
    },
    listDirectories(path: string): string[] | undefined {
      try {
        return readdirSync(resolve(cwd, path), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name);
      } catch {
        return undefined;
      }
    },
  };
}

function readCapped(path: string, maxBytes: number): string | undefined {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return undefined;
    size = stat.size;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw new GuardError('IO_FAILED', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (size > maxBytes) {
    throw new GuardError('INPUT_INVALID', `${path} is ${size} bytes; a dependency file is read up to ${maxBytes} bytes`, {
      hint: 'split the file, or check its packages with `guard check`',
    });
  }
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw new GuardError('IO_FAILED', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
