import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
const recorder = join(process.cwd(), 'test', 'fixtures', 'import-recorder', 'register.mjs');
const home = mkdtempSync(join(tmpdir(), 'gg-startup-'));

function importsOf(args: string[]): string[] {
  const log = join(mkdtempSync(join(tmpdir(), 'gg-imports-')), 'imports.log');
  const run = spawnSync(process.execPath, ['--import', recorder, cli, ...args], {
    env: { ...process.env, GUARD_HOME: home, GUARD_IMPORT_LOG: log },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).not.toBe(1);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('start-up stays light', () => {
  it('guard check loads neither the MCP SDK nor archive or network code', () => {
    const imports = importsOf(['check', 'pypi', 'requests']);
    expect(imports.some((url) => url.includes('/dist/app/check-packages.js'))).toBe(true);
    for (const heavy of ['@modelcontextprotocol', '/node_modules/tar/', 'better-sqlite3', 'node-llama-cpp', 'web-tree-sitter', 'mvdan-sh']) {
      expect(imports.filter((url) => url.includes(heavy))).toEqual([]);
    }
  });

  it('guard --help loads no command and no engine', () => {
    const imports = importsOf(['--help']);
    expect(imports.filter((url) => url.includes('/dist/cli/commands/'))).toEqual([]);
    expect(imports.filter((url) => url.includes('/dist/engines/'))).toEqual([]);
  });
});
