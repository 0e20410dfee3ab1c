/** Reads a user's list of package names (`guard allowlist import`) in the formats registries publish. */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { GuardError } from '../../../shared/errors.js';
import { readTarEntry } from './read-tar-entry.js';
import {
  firstSignificantChar,
  parseJsonBytes,
  readAllDocsNames,
  readNameArray,
  readPep691Names,
  readRepodataNames,
  type PayloadNames,
} from './registry-payloads.js';

export type NameListFormat = 'lines' | 'json-array' | 'pep691' | 'repodata' | 'npm-names';

export interface NameList {
  /** Names in file order, trimmed, as spelled in the file (not normalized; repeats possible). */
  names: string[];
  format: NameListFormat;
}

const ACCEPTED_FORMATS =
  'accepted: one name per line (# comments, blank lines and version/extra columns ignored), a JSON array ' +
  'of names, a PEP 691 simple index (JSON), a conda repodata.json, npm _all_docs JSON, or the ' +
  'all-the-package-names tarball; any of them gzip-compressed';
const NPM_NAMES_ENTRY = 'package/names.json';
const PEP691_TYPE = 'application/vnd.pypi.simple.v1+json';
// Decode plain text a slice at a time so that files larger than V8's longest string still read.
const LINE_SLICE_BYTES = 16 * 1024 * 1024;

const gunzipAsync = promisify(gunzip);

/**
 * Reads the names in `path`, detecting the format from the content (gzip by its magic bytes, not the
 * extension). In the line format each line's first whitespace-separated field is taken and cut before
 * a version or extra (`==`, `>=`, `=`, `[`, `;`, `@` after the first character); lines starting with
 * `-` (pip options) are skipped. Throws GuardError INPUT_INVALID when the file is missing, unreadable
 * as its format, or holds no names; IO_FAILED on other read errors.
 */
export async function readNameList(path: string): Promise<NameList> {
  let bytes: Uint8Array = await readListFile(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await gunzipAsync(bytes);
    } catch (error) {
      throw invalid(`${path} starts like gzip but does not decompress: ${(error as Error).message}`, error);
    }
  }
  const list = await readNames(bytes, path);
  // No dedupe here: a Set over millions of names costs seconds, and the compiler accepts repeats.
  const names = list.names.map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw invalid(`no package names found in ${path}`);
  return { names, format: list.format };
}

async function readListFile(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new GuardError('INPUT_INVALID', `name list ${path} does not exist`, {
        hint: 'check the path; a relative path is resolved from the current directory',
        cause: error,
      });
    }
    if (code === 'EISDIR') throw invalid(`name list ${path} is a directory, not a file`, error);
    const message = `could not read name list ${path}: ${(error as Error).message}`;
    throw new GuardError('IO_FAILED', message, { cause: error });
  }
}

async function readNames(bytes: Uint8Array, path: string): Promise<NameList> {
  if (isTar(bytes)) return { names: await readNpmTarball(bytes, path), format: 'npm-names' };
  const first = firstSignificantChar(bytes);
  if (first === '<') {
    throw invalid(`${path} looks like HTML; save a simple index as PEP 691 JSON (Accept: ${PEP691_TYPE})`);
  }
  if (bytes.subarray(0, 8192).includes(0)) throw invalid(`${path} is a binary file, not a name list`);
  if (first !== '[' && first !== '{') return { names: readLines(bytes), format: 'lines' };

  let doc: unknown;
  try {
    doc = parseJsonBytes(bytes);
  } catch (error) {
    throw invalid(`${path} starts like JSON but does not parse: ${(error as Error).message}`, error);
  }
  const json = classifyJson(doc);
  if (json === undefined) {
    throw invalid(`the JSON object in ${path} has none of "projects" (PEP 691), "packages" (conda) or "rows" (npm)`);
  }
  const read = json.reader(doc);
  if (!read.ok) throw invalid(`${path} is not ${json.wanted}: ${read.problem}`);
  return { names: read.names, format: json.format };
}

interface JsonKind {
  format: NameListFormat;
  wanted: string;
  reader: (doc: unknown) => PayloadNames;
}

/** Tells the JSON formats apart by their top-level shape. */
function classifyJson(doc: unknown): JsonKind | undefined {
  if (Array.isArray(doc)) return { format: 'json-array', wanted: 'a JSON array of names', reader: readNameArray };
  if (doc === null || typeof doc !== 'object') return undefined;
  if ('projects' in doc) return { format: 'pep691', wanted: 'a PEP 691 index', reader: readPep691Names };
  if ('packages' in doc || 'packages.conda' in doc) {
    return { format: 'repodata', wanted: 'conda repodata', reader: readRepodataNames };
  }
  if ('rows' in doc) return { format: 'npm-names', wanted: 'npm _all_docs', reader: readAllDocsNames };
  return undefined;
}

async function readNpmTarball(bytes: Uint8Array, path: string): Promise<string[]> {
  let entry: Uint8Array | undefined;
  try {
    entry = await readTarEntry(bytes, NPM_NAMES_ENTRY);
  } catch (error) {
    throw invalid(`${path} looks like a tar archive but does not read: ${(error as Error).message}`, error);
  }
  if (entry === undefined) throw invalid(`${path} is a tar archive without ${NPM_NAMES_ENTRY}`);
  let doc: unknown;
  try {
    doc = parseJsonBytes(entry);
  } catch (error) {
    throw invalid(`${NPM_NAMES_ENTRY} in ${path} is not valid JSON: ${(error as Error).message}`, error);
  }
  return expectNames(readNameArray(doc), path, `a JSON array of names in ${NPM_NAMES_ENTRY}`);
}

function expectNames(read: PayloadNames, path: string, wanted: string): string[] {
  if (!read.ok) throw invalid(`${path} is not ${wanted}: ${read.problem}`);
  return read.names;
}

/** A POSIX (ustar) or GNU tar header carries "ustar" at byte 257. */
function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && Buffer.from(bytes.buffer, bytes.byteOffset + 257, 5).toString('latin1') === 'ustar';
}

function readLines(bytes: Uint8Array): string[] {
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let start = 0; start < bytes.length;) {
    // Cut after a newline byte, which never falls inside a UTF-8 sequence.
    const newline = bytes.indexOf(0x0a, Math.min(start + LINE_SLICE_BYTES, bytes.length) - 1);
    const end = newline === -1 ? bytes.length : newline + 1;
    for (const line of decoder.decode(bytes.subarray(start, end)).split('\n')) {
      const name = nameFromLine(line);
      if (name !== undefined) names.push(name);
    }
    start = end;
  }
  return names;
}

function nameFromLine(line: string): string | undefined {
  const hash = line.indexOf('#');
  const content = (hash === -1 ? line : line.slice(0, hash)).trim();
  if (content === '' || content.startsWith('-')) return undefined;
  const field = content.split(/\s/, 1)[0] ?? '';
  const cut = field.slice(1).search(/[=<>!~;[@]/);
  return cut === -1 ? field : field.slice(0, cut + 1);
}

function invalid(message: string, cause?: unknown): GuardError {
  return new GuardError('INPUT_INVALID', message, { hint: ACCEPTED_FORMATS, cause });
}
