/**
 * Loads a big CommonJS dependency (mvdan-sh: 1.5 MB of GopherJS) without the ESM loader's export
 * scan, and with V8's code cache kept in groundguard's cache dir, so a fresh hook process pays a few
 * milliseconds to compile it instead of a hundred. The cache is an optimisation only: any failure
 * to read or write it falls back to a plain compile, and V8 rejects a cache that does not match the
 * source, the V8 version or its flags. GUARD_NO_CODE_CACHE=1 turns it off.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { resolveCacheDir, type Env } from '../../../shared/paths.js';
import { writeFileAtomic } from '../../../shared/write-file-atomic.js';

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
  const key = `${cacheName}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.bin`;
  const cacheFile = env.GUARD_NO_CODE_CACHE === '1' ? undefined : join(resolveCacheDir(env), 'code-cache', key);
  const cached = cacheFile === undefined ? undefined : readOptional(cacheFile);
  const script = new Script(Module.wrap(source), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  // A real Module in require.cache, as require() would leave it: a later require() of it is a cache hit.
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
  require.cache[file] = module;
  let pending = cacheFile !== undefined && (cached === undefined || script.cachedDataRejected === true);
  return {
    exports: module.exports as T,
    saveCache() {
      if (!pending || cacheFile === undefined) return;
      pending = false;
      writeOptional(cacheFile, script.createCachedData());
    },
  };
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeOptional(file: string, data: Buffer): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomic(file, data);
  } catch {
    // The cache is an optimisation: the next process compiles again.
  }
}
