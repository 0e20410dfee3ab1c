/**
 * Loads the hook bundle (`dist/cli/commands/bundle/hook.cjs`, one CommonJS file made by the build)
 * through a vm.Script with V8's code cache kept in groundguard's cache dir (the one loader,
 * shared/load-with-code-cache.ts), so a fresh hook process deserialises the compiled bundle instead
 * of parsing and compiling a megabyte of JavaScript. The cache file is named by the bundle file's
 * identity (size, modification time in nanoseconds, inode) and the runtime, so a cache made for
 * another build of the bundle is never offered (no hash of the megabyte of source, and no
 * node:crypto, on every hook call); V8 itself rejects one made by another V8 version or with other
 * flags. Caches of other builds not written for a week are swept. GUARD_NO_CODE_CACHE=1 turns it off.
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { type Env } from '../shared/paths.js';
import { codeCacheFile, codeCachePathIn, loadWithCodeCache, type CodeCachedModule } from '../shared/load-with-code-cache.js';
import type { CliIo } from './io.js';

export { MAX_CODE_CACHE_BYTES } from '../shared/load-with-code-cache.js';

type HookEntry = typeof import('./commands/hook-entry.js');

const CACHE_PREFIX = 'hook-bundle-';
const STALE_CACHE_MS = 7 * 24 * 3600 * 1000;

export type LoadedBundle<T> = CodeCachedModule<T>;

/** The cache file's name for the bundle file `identity` (bundleIdentity). */
function cacheName(identity: string): string {
  return `${CACHE_PREFIX}${identity}-${process.version}-${process.arch}.bin`;
}

/** Where the cache for the bundle file `identity` (bundleIdentity) lives in `env`'s cache dir. */
export function codeCachePath(identity: string, env: Env): string {
  return codeCachePathIn(env, cacheName(identity));
}

/** A bundle file's identity: size, modification time (ns) and inode; a rewritten or replaced file gets another. */
export function bundleIdentity(stat: { size: bigint; mtimeNs: bigint; ino: bigint }): string {
  return `${stat.size}-${stat.mtimeNs}-${stat.ino}`;
}

/**
 * Runs the CommonJS bundle `file` as require() would, with its code cache from `env`'s cache dir.
 * Throws what reading or running the bundle throws; a cache problem never throws.
 */
export function loadHookBundle<T>(file: string, env: Env): LoadedBundle<T> {
  const { source, stat } = readBundle(file);
  const cacheFile = codeCacheFile(env, cacheName(bundleIdentity(stat)));
  // The build makes the bundle ASCII: read as Latin-1 (a copy) rather than decoded as UTF-8 (a megabyte, on every call).
  const text = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
  return loadWithCodeCache<T>(file, text, { cacheFile, sweep: { prefix: CACHE_PREFIX, olderThanMs: STALE_CACHE_MS } });
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

/**
 * Runs `guard hook <argv…>` from the bundle `file`: its faults are reported by the bundle's own
 * reportFault (its error classes are its own), then, when there was no usable code cache, the
 * install commands of every manager are vetted (app/installs/warm-up-install-guard.ts) and the cache is saved. Resolves to the exit
 * code; rejects only when the bundle cannot be read or run.
 */
export async function runHookBundle(file: string, argv: string[], io: CliIo): Promise<number> {
  const loaded = loadHookBundle<HookEntry>(file, io.env);
  const entry = loaded.exports;
  try {
    return await entry.runCommand('hook', entry.runHook, argv, io);
  } finally {
    // The cache is written once per build of the bundle: with every manager's parser compiled in it.
    if (loaded.codeCache === 'missing' || loaded.codeCache === 'rejected') await entry.warmUpInstallGuard(io.env);
    loaded.saveCache();
  }
}
