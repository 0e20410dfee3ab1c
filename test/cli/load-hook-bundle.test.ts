import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleIdentity, codeCachePath, loadHookBundle, MAX_CODE_CACHE_BYTES } from '../../src/cli/load-hook-bundle.js';

interface Exports {
  answer(x: number): number;
  where: string;
  sep: string;
}

let n = 0;
/** A small CommonJS bundle in its own directory (a unique source each time, so no two tests share V8's compilation). */
function makeBundle(extra = ''): { file: string; env: { GUARD_HOME: string }; cache: string } {
  const root = mkdtempSync(join(tmpdir(), 'gg-hook-bundle-'));
  const file = join(root, 'bundle', 'hook.cjs');
  mkdirSync(dirname(file));
  const source = `// bundle ${process.pid}-${n++}-${Math.random()}
const path = require('node:path');
function square(x) { return x * x; }
exports.answer = (x) => square(x) + 1;
exports.where = __filename;
exports.sep = path.sep;
${extra}
`;
  writeFileSync(file, source);
  const env = { GUARD_HOME: join(root, 'home') };
  return { file, env, cache: cacheOf(file, env) };
}

function cacheOf(file: string, env: { GUARD_HOME: string }): string {
  return codeCachePath(bundleIdentity(statSync(file, { bigint: true })), env);
}

describe('loadHookBundle', () => {
  it('runs the bundle as require() would, writes its code cache after use, and uses it next time', () => {
    const { file, env, cache } = makeBundle();
    const first = loadHookBundle<Exports>(file, env);
    expect(first.exports.answer(4)).toBe(17);
    expect(first.exports.where).toBe(file);
    expect(first.exports.sep).toBe('/');
    expect(first.codeCache).toBe('missing');
    expect(existsSync(cache)).toBe(false);
    first.saveCache();
    expect(readFileSync(cache).length).toBeGreaterThan(0);
    const second = loadHookBundle<Exports>(file, env);
    expect(second.codeCache).toBe('used');
    expect(second.exports.answer(5)).toBe(26);
  });

  it('names the cache by the bundle file, so a rewritten or another bundle never gets the old cache', () => {
    const a = makeBundle();
    const b = makeBundle();
    expect(a.cache).not.toBe(b.cache);
    expect(a.cache).toMatch(/hook-bundle-\d+-\d+-\d+-v\d+\.\d+\.\d+-\w+\.bin$/);
    const first = loadHookBundle<Exports>(a.file, a.env);
    first.saveCache();
    expect(existsSync(a.cache)).toBe(true);
    // The same length and a new body: V8 checks only the length, so the cache must not be offered.
    const source = readFileSync(a.file, 'utf8');
    writeFileSync(a.file, source.replace('x * x', 'x + x'));
    const later = new Date(statSync(a.file).mtimeMs + 5000);
    utimesSync(a.file, later, later);
    expect(cacheOf(a.file, a.env)).not.toBe(a.cache);
    const rewritten = loadHookBundle<Exports>(a.file, a.env);
    expect(rewritten.codeCache).toBe('missing');
    expect(rewritten.exports.answer(4)).toBe(9);
  });

  it('compiles the source when V8 rejects the cache, and replaces the cache', () => {
    const { file, env, cache } = makeBundle();
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(cache, Buffer.alloc(4096, 7));
    const loaded = loadHookBundle<Exports>(file, env);
    expect(loaded.codeCache).toBe('rejected');
    expect(loaded.exports.answer(2)).toBe(5);
    loaded.saveCache();
    expect(readFileSync(cache).equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(loadHookBundle<Exports>(file, env).codeCache).toBe('used');
  });

  it('ignores a cache that is not a regular file, is empty or is oversized, and never throws for it', () => {
    for (const make of [
      (cache: string) => mkdirSync(cache, { recursive: true }),
      (cache: string) => writeFileSync(cache, ''),
      (cache: string) => {
        writeFileSync(cache, 'x');
        truncateSync(cache, MAX_CODE_CACHE_BYTES + 1);
      },
    ]) {
      const { file, env, cache } = makeBundle();
      mkdirSync(dirname(cache), { recursive: true });
      make(cache);
      const loaded = loadHookBundle<Exports>(file, env);
      expect(loaded.codeCache).toBe('missing');
      expect(loaded.exports.answer(3)).toBe(10);
      expect(() => loaded.saveCache()).not.toThrow();
    }
  });

  it('does not read or write a cache with GUARD_NO_CODE_CACHE=1', () => {
    const { file, env, cache } = makeBundle();
    const loaded = loadHookBundle<Exports>(file, { ...env, GUARD_NO_CODE_CACHE: '1' });
    expect(loaded.codeCache).toBe('off');
    loaded.saveCache();
    expect(existsSync(cache)).toBe(false);
  });

  it('keeps going when the cache dir cannot be written', () => {
    const { file, env } = makeBundle();
    writeFileSync(env.GUARD_HOME, 'a file where the cache dir would be');
    const loaded = loadHookBundle<Exports>(file, env);
    expect(() => loaded.saveCache()).not.toThrow();
    expect(loaded.exports.answer(1)).toBe(2);
  });

  it("removes other builds' caches not written for a week, and keeps recent ones", () => {
    const { file, env, cache } = makeBundle();
    const dir = dirname(cache);
    mkdirSync(dir, { recursive: true });
    const old = join(dir, `hook-bundle-${'0'.repeat(64)}-v20.0.0-x64.bin`);
    const recent = join(dir, `hook-bundle-${'1'.repeat(64)}-v20.0.0-x64.bin`);
    const other = join(dir, 'mvdan-sh-1-2-v20.0.0-x64.bin');
    for (const path of [old, recent, other]) writeFileSync(path, 'x');
    const weekAgo = (Date.now() - 8 * 24 * 3600 * 1000) / 1000;
    utimesSync(old, weekAgo, weekAgo);
    utimesSync(other, weekAgo, weekAgo);
    loadHookBundle<Exports>(file, env).saveCache();
    expect([existsSync(old), existsSync(recent), existsSync(other), existsSync(cache)]).toEqual([false, true, true, true]);
  });

  it('reads an ASCII bundle and one with other characters alike, with and without its cache', () => {
    const { file, env } = makeBundle("exports.quote = '\u201c' + '“' + /[“]/.test('“');");
    for (let i = 0; i < 2; i++) {
      const loaded = loadHookBundle<Exports & { quote: string }>(file, env);
      expect(loaded.exports.quote).toBe('““true');
      loaded.saveCache();
    }
  });

  it('throws what the bundle throws while loading', () => {
    const { file, env } = makeBundle("throw new Error('broken bundle');");
    expect(() => loadHookBundle(file, env)).toThrow('broken bundle');
  });
});
