/**
 * Use cases behind `guard shims`: write the PATH shims into a directory (atomically, idempotently,
 * never over a file groundguard did not write), remove them (only files carrying the shim marker),
 * and say where they go by default.
 */
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { delimiter as pathDelimiter, isAbsolute, join } from 'node:path';
import { GuardError } from '../../shared/errors.js';
import { type Env, resolveDataDir } from '../../shared/paths.js';
import { isShimText, renderCmdShim, renderPosixShim, SHIM_HEADER_BYTES, SHIM_PROGRAMS, type ShimTarget } from './shim-script.js';
import { writeFileAtomic } from '../../shared/write-file-atomic.js';

export interface ShimInstallOptions {
  /** The shim directory, absolute; created when missing. */
  dir: string;
  /** The Node.js binary the shims run, absolute. */
  node: string;
  /** groundguard's CLI entry (dist/cli/main.js), absolute; it must exist. */
  cli: string;
  /** Also write .cmd shims (default: on Windows). */
  windows?: boolean;
}

export interface ShimInstallResult {
  dir: string;
  /** Files written (new or changed). */
  written: string[];
  /** Files already as they should be. */
  unchanged: string[];
}

export interface ShimUninstallResult {
  dir: string;
  removed: string[];
  /** Files with a shim's name that groundguard did not write, left alone. */
  kept: string[];
}

/** The default shim directory: `<user data dir>/groundguard/shims`. */
export function defaultShimDir(env: Env): string {
  return join(resolveDataDir(env), 'shims');
}

/**
 * Writes a shim for every program in SHIM_PROGRAMS into `options.dir`. Nothing is written when any
 * target path holds a file groundguard did not write (GuardError INPUT_INVALID naming them), when
 * the directory cannot go on PATH (it contains the PATH separator or a newline) or the CLI entry is
 * missing; write faults are GuardError IO_FAILED.
 */
export function installShims(options: ShimInstallOptions): ShimInstallResult {
  const { dir, node, cli } = options;
  if (!isAbsolute(dir)) throw new GuardError('INTERNAL', `the shim directory must be absolute, got ${dir}`);
  if (dir.includes(pathDelimiter) || /[\n\r]/.test(dir)) {
    throw new GuardError(
      'INPUT_INVALID',
      `the shim directory ${JSON.stringify(dir)} cannot go on PATH: it contains "${pathDelimiter}" or a line break`,
      {
        hint: 'choose another directory with --dir',
      },
    );
  }
  if (!isFile(cli)) {
    throw new GuardError('INTERNAL', `groundguard's CLI entry ${cli} is missing, so shims would have nothing to run`, {
      hint: 'run `guard shims install` from a built install (npm run build), not from the sources',
    });
  }
  const target: ShimTarget = { dir, node, cli, delimiter: pathDelimiter };
  const files = new Map<string, string>();
  for (const program of SHIM_PROGRAMS) {
    files.set(join(dir, program), renderPosixShim(program, target));
    if (options.windows ?? process.platform === 'win32') files.set(join(dir, `${program}.cmd`), renderCmdShim(program, target));
  }
  const foreign = [...files.keys()].filter((path) => exists(path) && !isShimFile(path));
  if (foreign.length > 0) {
    throw new GuardError(
      'INPUT_INVALID',
      `${foreign.join(', ')} ${foreign.length === 1 ? 'exists' : 'exist'} and ${foreign.length === 1 ? 'was' : 'were'} not written by groundguard; no shim was written`,
      {
        hint: 'shims need a directory of their own: choose another --dir, or move those files away',
      },
    );
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new GuardError('IO_FAILED', `cannot create the shim directory ${dir}: ${(error as Error).message}`, { cause: error });
  }
  const result: ShimInstallResult = { dir, written: [], unchanged: [] };
  for (const [path, text] of files) {
    if (readText(path) === text && isExecutableMode(path)) {
      result.unchanged.push(path);
      continue;
    }
    writeFileAtomic(path, text, 0o755);
    result.written.push(path);
  }
  return result;
}

/** Removes every file in `dir` that carries the shim marker (leftover temporary files included); other files stay. */
export function uninstallShims(dir: string): ShimUninstallResult {
  const result: ShimUninstallResult = { dir, removed: [], kept: [] };
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw new GuardError('IO_FAILED', `cannot read the shim directory ${dir}: ${(error as Error).message}`, { cause: error });
  }
  const shimNames = new Set<string>(SHIM_PROGRAMS.flatMap((program) => [program, `${program}.cmd`]));
  for (const name of names.sort()) {
    const path = join(dir, name);
    if (lstatSync(path).isFile() && isShimFile(path)) {
      rmSync(path, { force: true });
      result.removed.push(path);
    } else if (shimNames.has(name)) {
      result.kept.push(path);
    }
  }
  return result;
}

/** True when `path` (links followed) is a file whose header carries the shim marker. Never throws. */
export function isShimFile(path: string): boolean {
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(SHIM_HEADER_BYTES);
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      return isShimText(buffer.subarray(0, read).toString('utf8'));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isExecutableMode(path: string): boolean {
  return process.platform === 'win32' || (statSync(path).mode & 0o111) === 0o111;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
