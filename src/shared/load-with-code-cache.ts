/**
 * Runs a CommonJS file as require() would (its own module object, require and paths) through a
 * vm.Script with V8's code cache kept in a file, so a fresh process deserialises compiled code
 * instead of parsing and compiling it again: the hook bundle (cli/load-hook-bundle.ts) and big
 * dependencies such as mvdan-sh (engines/shell-commands/io/load-cached-module.ts). The caller names
 * the cache file after what must match (the source's hash or its size and mtime, the runtime); V8
 * itself rejects a cache made by another V8 version or with other flags. The cache is an
 * optimisation only: a missing, odd (not a regular file, too big), rejected or unwritable cache falls
 * back to a plain compile, and never throws.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { resolveCacheDir, type Env } from './paths.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** A code cache larger than this is not read nor written (V8's cache for the hook bundle is a few megabytes at most). */
export const MAX_CODE_CACHE_BYTES = 64 * 1024 * 1024;

export interface CodeCachedModule<T> {
  exports: T;
  /** What became of the code cache: turned off, none readable, used by V8, or rejected by V8 (it compiled the source). */
  codeCache: 'off' | 'missing' | 'used' | 'rejected';
  /**
   * Call once the module has done some typical work: stores the code cache when there was none (or
   * V8 rejected it), so the functions that work compiled are in it. Never throws.
   */
  saveCache(): void;
}

export interface CodeCacheOptions {
  /** The cache file; undefined turns the cache off. */
  cacheFile: string | undefined;
  /** Leave the module in require.cache, as require() would: a later require() of the file is a cache hit. */
  register?: boolean;
  /** When a cache is written, other caches in its folder whose names start with `prefix` and that were not written for `olderThanMs` go. */
  sweep?: { prefix: string; olderThanMs: number };
}

/** The code cache file `name` in `env`'s cache dir; undefined when GUARD_NO_CODE_CACHE=1 turns caches off. */
export function codeCacheFile(env: Env, name: string): string | undefined {
  return env.GUARD_NO_CODE_CACHE === '1' ? undefined : codeCachePathIn(env, name);
}

/** Where the code cache file `name` lives in `env`'s cache dir, whether caches are on or not. */
export function codeCachePathIn(env: Env, name: string): string {
  return join(resolveCacheDir(env), 'code-cache', name);
}

/** Runs the CommonJS `source` of `file` with the code cache of `options`. Throws what running the source throws; a cache problem never throws. */
export function loadWithCodeCache<T>(file: string, source: string, options: CodeCacheOptions): CodeCachedModule<T> {
  const { cacheFile } = options;
  const cached = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new Script(Module.wrap(source), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  const module = new Module(file);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: unknown,
    filename: string,
    dirname: string,
  ) => void;
  const require = createRequire(file);
  wrapper.call(module.exports, module.exports, require, module, file, dirname(file));
  module.loaded = true;
  if (options.register === true) require.cache[file] = module;
  const codeCache =
    cacheFile === undefined ? 'off' : cached === undefined ? 'missing' : script.cachedDataRejected === true ? 'rejected' : 'used';
  let pending = codeCache === 'missing' || codeCache === 'rejected';
  return {
    exports: module.exports as T,
    codeCache,
    saveCache() {
      if (!pending || cacheFile === undefined) return;
      pending = false;
      writeCache(cacheFile, () => script.createCachedData(), options.sweep);
    },
  };
}

/** The cache file's bytes when it is a regular file of a plausible size; undefined otherwise. */
function readCache(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size === 0 || stat.size > MAX_CODE_CACHE_BYTES) return undefined;
    const data = Buffer.allocUnsafe(stat.size);
    let done = 0;
    while (done < data.length) {
      const read = readSync(fd, data, done, data.length - done, done);
      if (read === 0) return undefined;
      done += read;
    }
    return data;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Writes the cache atomically, then sweeps old ones as `sweep` says; any failure leaves things as they were. */
function writeCache(file: string, produce: () => Buffer, sweep: CodeCacheOptions['sweep']): void {
  try {
    const data = produce();
    if (data.length === 0 || data.length > MAX_CODE_CACHE_BYTES) return;
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    writeFileAtomic(file, data);
    if (sweep === undefined) return;
    const name = file.slice(dir.length + 1);
    for (const entry of readdirSync(dir)) {
      if (!entry.startsWith(sweep.prefix) || !entry.endsWith('.bin') || entry === name) continue;
      if (Date.now() - statSync(join(dir, entry)).mtimeMs > sweep.olderThanMs) rmSync(join(dir, entry), { force: true });
    }
  } catch {
    // The cache is an optimisation: the next process compiles again.
  }
}
