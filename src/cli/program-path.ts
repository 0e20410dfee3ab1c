/**
 * Finding the real package manager on PATH for the wrapper and the shims, skipping the guard's own
 * shim directories (GUARD_SHIM_DIR) and any shim file, so that a shim never finds itself or
 * another shim, and never loops.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { isShimFile } from '../app/agent-setup/manage-shims.js';
import { type Env } from '../shared/paths.js';

/**
 * The first executable named `program` on `env.PATH` (resolved against `cwd`) that is not in a
 * directory listed in GUARD_SHIM_DIR (a PATH-style list; each shim adds its own), not a link into
 * one, and not a groundguard shim itself (a copy, or another install's); with a path separator in
 * `program`, that path itself. PATH entries and shim directories are compared after resolving
 * links. On Windows, PATHEXT suffixes are tried. Undefined when there is none.
 */
export function findProgram(program: string, env: Env, cwd: string): string | undefined {
  const windows = process.platform === 'win32';
  const suffixes = windows ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  if (program.includes('/') || (windows && program.includes('\\'))) {
    const path = isAbsolute(program) ? program : resolve(cwd, program);
    return suffixes.map((suffix) => path + suffix).find(isExecutable);
  }
  const shimDirs = new Set(
    (env.GUARD_SHIM_DIR ?? '')
      .split(delimiter)
      .filter((entry) => entry !== '')
      .map((entry) => realDir(resolve(cwd, entry))),
  );
  const pathValue = (windows ? (env.Path ?? env.PATH) : env.PATH) ?? '';
  for (const entry of pathValue.split(delimiter)) {
    // An empty PATH entry means the current directory, as in POSIX shells.
    const dir = resolve(cwd, entry === '' ? '.' : entry);
    if (shimDirs.size > 0 && shimDirs.has(realDir(dir))) continue;
    for (const suffix of suffixes) {
      const candidate = join(dir, program + suffix);
      if (!isExecutable(candidate)) continue;
      // A link in another directory that points into a shim directory is a shim too.
      if (shimDirs.size > 0 && shimDirs.has(realDir(dirname(realFile(candidate))))) continue;
      if (isShimFile(candidate)) continue;
      return candidate;
    }
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

function realFile(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
