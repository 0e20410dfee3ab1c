import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCachedModule } from '../../../../src/engines/shell-commands/io/load-cached-module.js';

function fixture(): { file: string; home: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gg-cached-module-'));
  const file = join(dir, 'answer.cjs');
  // Unique source per test: V8's in-process compilation cache would otherwise answer before the code cache is read.
  writeFileSync(
    file,
    `// ${dir}\nlet calls = 0;\nexports.answer = () => { calls++; return 42; };\nexports.calls = () => calls;\nexports.self = __filename;\n`,
  );
  return { file, home: join(dir, 'home') };
}

describe('loadCachedModule', () => {
  it('runs the module, registers it in require.cache and writes a code cache once', () => {
    const { file, home } = fixture();
    const first = loadCachedModule<{ answer(): number; self: string }>(file, 'answer', { GUARD_HOME: home });
    expect(first.exports.answer()).toBe(42);
    expect(first.exports.self).toBe(file);
    expect(createRequire(import.meta.url)(file)).toBe(first.exports);
    first.saveCache();
    const cacheDir = join(home, 'code-cache');
    const [cacheFile] = readdirSync(cacheDir);
    expect(cacheFile).toMatch(/^answer-\d+-\d+-v\d+/);
    const written = readFileSync(join(cacheDir, cacheFile!));
    expect(written.length).toBeGreaterThan(0);
    // A second load finds the cache and does not rewrite it.
    const second = loadCachedModule<{ answer(): number }>(file, 'answer', { GUARD_HOME: home });
    second.saveCache();
    expect(second.exports.answer()).toBe(42);
    expect(readFileSync(join(cacheDir, cacheFile!)).equals(written)).toBe(true);
  });

  it('loads a module whose cache is garbage, and replaces the cache', () => {
    const { file, home } = fixture();
    const cacheDir = join(home, 'code-cache');
    const { size, mtimeMs } = statSync(file);
    const cacheFile = `answer-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.bin`;
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, cacheFile), 'not a code cache');
    const loaded = loadCachedModule<{ answer(): number }>(file, 'answer', { GUARD_HOME: home });
    expect(loaded.exports.answer()).toBe(42);
    loaded.saveCache();
    expect(readFileSync(join(cacheDir, cacheFile), 'utf8')).not.toBe('not a code cache');
  });

  it('writes nothing with GUARD_NO_CODE_CACHE=1', () => {
    const { file, home } = fixture();
    const loaded = loadCachedModule<{ answer(): number }>(file, 'answer', { GUARD_HOME: home, GUARD_NO_CODE_CACHE: '1' });
    loaded.saveCache();
    expect(loaded.exports.answer()).toBe(42);
    expect(() => readdirSync(join(home, 'code-cache'))).toThrow();
  });
});
