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
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw new GuardError('IO_FAILED', `cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  return decodeText(bytes, path);
}

const BOMS: ReadonlyArray<[number[], string]> = [
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/**
 * A file's text as pip's `auto_decode` reads it: by its byte-order mark (UTF-8, UTF-16, UTF-32),
 * else by a `# coding: x` line among the first two, else UTF-8. An encoding that cannot be decoded
 * here is INPUT_INVALID (so what the file installs is unverifiable, never read as garbage).
 */
export function decodeText(bytes: Buffer, path: string): string {
  const bom = BOMS.find(([mark]) => mark.every((byte, index) => bytes[index] === byte));
  const head = bytes.subarray(0, 400).toString('latin1').split(/\r?\n/).slice(0, 2);
  const declared = bom === undefined ? head.map((line) => (/^#.*coding[:=]\s*([-\w.]+)/.exec(line) ?? [])[1]).find(Boolean) : undefined;
  // Python's names for Latin-1 (`latin-1`, `latin_1`, `iso8859-1`) are not all WHATWG labels.
  const encoding = (bom?.[1] ?? declared ?? 'utf-8')
    .toLowerCase()
    .replace(/_/g, '-')
    .replace(/^(?:latin-?1|iso-?8859-1|l1)$/, 'latin1');
  const body = bom === undefined ? bytes : bytes.subarray(bom[0].length);
  if (/^utf-?8$/i.test(encoding)) return (bom === undefined ? '' : '\uFEFF') + body.toString('utf8');
  try {
    return new TextDecoder(encoding).decode(body);
  } catch (error) {
    throw new GuardError('INPUT_INVALID', `${path} is written in ${encoding}, which the guard cannot decode`, {
      hint: 'write the file as UTF-8',
      cause: error,
    });
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
