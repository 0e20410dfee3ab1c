import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { tempDir, writeBotocore } from '../fixtures/api-docs-sources.js';

const CLI = join(process.cwd(), 'dist', 'cli', 'main.js');
const RECORDER = join(process.cwd(), 'test', 'fixtures', 'import-recorder', 'register.mjs');

function guard(
  args: string[],
  options: { cwd: string; home: string; input?: string; log?: string },
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [...(options.log ? ['--import', RECORDER] : []), CLI, ...args], {
    cwd: options.cwd,
    env: { ...process.env, GUARD_HOME: options.home, ...(options.log ? { GUARD_IMPORT_LOG: options.log } : {}) },
    encoding: 'utf8',
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('guard docs (built CLI)', () => {
  it('--help loads neither SQLite, tree-sitter nor the TypeScript compiler', () => {
    const dir = tempDir();
    const log = join(mkdtempSync(join(tmpdir(), 'gg-docs-imports-')), 'imports.log');
    const help = guard(['docs', '--help'], { cwd: dir, home: dir, log });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('guard docs lookup --code <file|->');
    const imports = readFileSync(log, 'utf8');
    for (const heavy of ['better-sqlite3', 'web-tree-sitter', '/node_modules/typescript/', 'chokidar', '@modelcontextprotocol'])
      expect(imports.includes(heavy), heavy).toBe(false);
  });

  it('indexes, then looks up code from stdin with exit 3 for a hallucinated call and 0 for a valid one', () => {
    const dir = tempDir();
    writeBotocore(dir);
    const home = join(dir, 'home');
    expect(guard(['docs', 'index', 'botocore:.'], { cwd: dir, home }).status).toBe(0);
    const bad = guard(['docs', 'lookup', '--code', '-', '--json'], {
      cwd: dir,
      home,
      input: 'import boto3\nq = boto3.client("sqs")\nq.send_msg(QueueUrl="u", MessageBody="b")\n',
    });
    expect(bad.status, bad.stderr).toBe(3);
    const result = JSON.parse(bad.stdout) as { triggered: boolean; docs: Array<{ name: string }> };
    expect(result.triggered).toBe(true);
    expect(result.docs[0]?.name).toBe('sqs.send_message');
    writeFileSync(join(dir, 'ok.py'), 'import boto3\nq = boto3.client("sqs")\nq.send_message(QueueUrl="u", MessageBody="b")\n');
    const ok = guard(['docs', 'lookup', '--code', 'ok.py'], { cwd: dir, home });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('no retrieval: all 1 call(s) exist and fit their signatures');
  });

  it('says which index is missing and how to build it', () => {
    const dir = tempDir();
    const missing = guard(['docs', 'search', 'list', 'buckets'], { cwd: dir, home: join(dir, 'none') });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/no API index at .*api-docs\.sqlite/);
    expect(missing.stderr).toContain('hint: build one with `guard docs index botocore`');
  });
});
