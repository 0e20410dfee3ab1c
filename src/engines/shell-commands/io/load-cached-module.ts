/**
 * Loads a big CommonJS dependency (mvdan-sh: 1.5 MB of GopherJS) without the ESM loader's export
 * scan, and with V8's code cache kept in groundguard's cache dir (shared/load-with-code-cache.ts),
 * so a fresh hook process pays a few milliseconds to compile it instead of a hundred.
 * GUARD_NO_CODE_CACHE=1 turns the cache off.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { codeCacheFile, loadWithCodeCache } from '../../../shared/load-with-code-cache.js';
import { type Env } from '../../../shared/paths.js';

const require = createRequire(import.meta.url);

export interface CachedModule<T> {
  exports: T;
  /** Call once the module has done some typical work: stores the code cache when there was none, so lazily compiled functions are in it. */
  saveCache(): void;
}

/** Requires `specifier` (a CommonJS package file) through a vm.Script with a code cache named `cacheName` in `env`'s cache dir. */
export function loadCachedModule<T>(specifier: string, cacheName: string, env: Env): CachedModule<T> {
  const file = require.resolve(specifier);
  const source = readFileSync(file, 'utf8');
  // The name changes with the installed file (size, mtime) and the runtime, so a stale cache is never offered.
  const { size, mtimeMs } = statSync(file);
  const cacheFile = codeCacheFile(env, `${cacheName}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.bin`);
  // Left in require.cache, as require() would leave it: a later require() of it is a cache hit.
  return loadWithCodeCache<T>(file, source, { cacheFile, register: true });
}
