/**
 * Loads the hook bundle (`dist/cli/commands/bundle/hook.cjs`, one CommonJS file made by the build)
 * through a vm.Script with V8's code cache kept in groundguard's cache dir, so a fresh hook process
 * deserialises the compiled bundle instead of parsing and compiling a megabyte of JavaScript. The
 * cache file is named by the bundle file's identity (size, modification time in nanoseconds, inode)
 * and the runtime, so a cache made for another build of the bundle is never offered (no hash of the
 * megabyte of source, and no node:crypto, on every hook call); V8 itself rejects one made by another
 * V8 version or with other flags. The cache is an
 * optimisation only: a missing, odd (not a regular file, too big), rejected or unwritable cache
 * falls back to a plain compile. GUARD_NO_CODE_CACHE=1 turns it off.
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { resolveCacheDir, type Env } from '../shared/paths.js';
import { writeFileAtomic } from '../shared/write-file-atomic.js';
import type { CliIo } from './io.js';

type HookEntry = typeof import('./commands/hook-entry.js');

/** A code cache larger than this is not read (V8's cache for the bundle is a few megabytes at most). */
export const MAX_CODE_CACHE_BYTES = 64 * 1024 * 1024;

const CACHE_PREFIX = 'hook-bundle-';
const STALE_CACHE_MS = 7 * 24 * 3600 * 1000;

export interface LoadedBundle<T> {
  exports: T;
  /** What became of the code cache: turned off, none readable, used by V8, or rejected by V8 (it compiled the source). */
  codeCache: 'off' | 'missing' | 'used' | 'rejected';
  /**
   * Call once the bundle has answered an event: stores the code cache when there was none (or V8
   * rejected it), so the functions that event compiled are in it. Never throws.
   */
  saveCache(): void;
}

/** Where the cache for the bundle file `identity` (bundleIdentity) lives in `env`'s cache dir. */
export function codeCachePath(identity: string, env: Env): string {
  return join(resolveCacheDir(env), 'code-cache', `${CACHE_PREFIX}${identity}-${process.version}-${process.arch}.bin`);
}

/** A bundle file's identity: size, modification time (ns) and inode; a rewritten or replaced file gets another. */
export function bundleIdentity(stat: { size: bigint; mtimeNs: bigint; ino: bigint }): string {
  return `${stat.size}-${stat.mtimeNs}-${stat.ino}`;
}

/**
 * Runs the CommonJS bundle `file` as require() would (its own module object, require and paths),
 * with its code cache from `env`'s cache dir. Throws what reading or running the bundle throws; a
 * cache problem never throws.
 */
export function loadHookBundle<T>(file: string, env: Env): LoadedBundle<T> {
  const { source, stat } = readBundle(file);
  const cacheFile = env.GUARD_NO_CODE_CACHE === '1' ? undefined : codeCachePath(bundleIdentity(stat), env);
  const cached = cacheFile === undefined ? undefined : readCache(cacheFile);
  // The build makes the bundle ASCII: read as Latin-1 (a copy) rather than decoded as UTF-8 (a megabyte, on every call).
  const text = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
  const script = new Script(Module.wrap(text), { filename: file, ...(cached ? { cachedData: cached } : {}) });
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
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  const codeCache =
    cacheFile === undefined ? 'off' : cached === undefined ? 'missing' : script.cachedDataRejected === true ? 'rejected' : 'used';
  let pending = codeCache === 'missing' || codeCache === 'rejected';
  return {
    exports: module.exports as T,
    codeCache,
    saveCache() {
      if (!pending || cacheFile === undefined) return;
      pending = false;
      writeCache(cacheFile, () => script.createCachedData());
    },
  };
}

/** The bundle's source and the identity of the file it was read from (one open, so they agree). */
function readBundle(file: string): { source: Buffer; stat: { size: bigint; mtimeNs: bigint; ino: bigint } } {
  const fd = openSync(file, 'r');
  try {
    const stat = fstatSync(fd, { bigint: true });
    return { source: readFileSync(fd), stat };
  } finally {
    closeSync(fd);
  }
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

/**
 * Writes the cache atomically and removes other bundle builds' caches not written for a week (another
 * install sharing the cache dir rewrites its own on its next call); any failure leaves things as they were.
 */
function writeCache(file: string, produce: () => Buffer): void {
  try {
    const data = produce();
    if (data.length === 0 || data.length > MAX_CODE_CACHE_BYTES) return;
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    writeFileAtomic(file, data);
    const name = file.slice(dir.length + 1);
    for (const entry of readdirSync(dir)) {
      if (!entry.startsWith(CACHE_PREFIX) || !entry.endsWith('.bin') || entry === name) continue;
      if (Date.now() - statSync(join(dir, entry)).mtimeMs > STALE_CACHE_MS) rmSync(join(dir, entry), { force: true });
    }
  } catch {
    // The cache is an optimisation: the next process compiles again.
  }
}

/**
 * Runs `guard hook <argv…>` from the bundle `file`: its faults are reported by the bundle's own
 * reportFault (its error classes are its own), then the code cache is saved. Resolves to the exit
 * code; rejects only when the bundle cannot be read or run.
 */
export async function runHookBundle(file: string, argv: string[], io: CliIo): Promise<number> {
  const loaded = loadHookBundle<HookEntry>(file, io.env);
  const entry = loaded.exports;
  try {
    return await entry.runCommand('hook', entry.runHook, argv, io);
  } finally {
    loaded.saveCache();
  }
}
