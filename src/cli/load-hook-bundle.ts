/**
 * Loads the hook bundle (`dist/cli/commands/bundle/hook.cjs`, one CommonJS file made by the build)
 * with V8's code cache kept in groundguard's cache dir (shared/load-with-code-cache.ts), so a fresh
 * hook process deserialises the compiled bundle instead of parsing and compiling a megabyte of
 * JavaScript. The cache file is named by the bundle's SHA-256 and the runtime, so a cache made for
 * other code is never offered; caches of other builds not written for a week are swept.
 * GUARD_NO_CODE_CACHE=1 turns it off.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Env } from '../shared/paths.js';
import { codeCacheFile, codeCachePathIn, loadWithCodeCache, type CodeCachedModule } from '../shared/load-with-code-cache.js';
import type { CliIo } from './io.js';

export { MAX_CODE_CACHE_BYTES } from '../shared/load-with-code-cache.js';

type HookEntry = typeof import('./commands/hook-entry.js');

const CACHE_PREFIX = 'hook-bundle-';
const STALE_CACHE_MS = 7 * 24 * 3600 * 1000;

export type LoadedBundle<T> = CodeCachedModule<T>;

/** The cache file's name for a bundle whose source hashes to `sha256`. */
function cacheName(sha256: string): string {
  return `${CACHE_PREFIX}${sha256}-${process.version}-${process.arch}.bin`;
}

/** Where the cache for a bundle whose source hashes to `sha256` lives in `env`'s cache dir. */
export function codeCachePath(sha256: string, env: Env): string {
  return codeCachePathIn(env, cacheName(sha256));
}

/**
 * Runs the CommonJS bundle `file` as require() would, with its code cache from `env`'s cache dir.
 * Throws what reading or running the bundle throws; a cache problem never throws.
 */
export function loadHookBundle<T>(file: string, env: Env): LoadedBundle<T> {
  const source = readFileSync(file);
  const cacheFile = codeCacheFile(env, cacheName(createHash('sha256').update(source).digest('hex')));
  return loadWithCodeCache<T>(file, source.toString('utf8'), { cacheFile, sweep: { prefix: CACHE_PREFIX, olderThanMs: STALE_CACHE_MS } });
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
