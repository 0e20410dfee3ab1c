import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tempDir, writeBotocore, writePythonPackage } from '../fixtures/api-docs-sources.js';
import { CLI, connectBuiltCli, ROOT, type StdioSession } from '../fixtures/mcp-stdio-client.js';

const RECORDER = join(ROOT, 'test', 'fixtures', 'import-recorder', 'register.mjs');

describe('lookup_api_docs over MCP stdio (built CLI)', () => {
  let dir: string;
  let session: StdioSession;
  let importLog: string;

  beforeAll(async () => {
    dir = tempDir('gg-mcp-docs-');
    writeBotocore(dir);
    const pkg = writePythonPackage(dir);
    const env = { ...process.env, GUARD_HOME: join(dir, 'home') };
    const index = spawnSync(process.execPath, [CLI, 'docs', 'index', 'botocore:.', `python:${pkg}`, '--json'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    expect(index.status, index.stderr).toBe(0);
    expect(JSON.parse(index.stdout)).toMatchObject({ sources: [{ id: 'botocore' }, { library: 'weatherlib' }] });

    importLog = join(dir, 'imports.log');
    session = await connectBuiltCli(
      { GUARD_HOME: join(dir, 'home'), GUARD_IMPORT_LOG: importLog },
      { nodeArgs: ['--import', RECORDER], cwd: dir },
    );
  });

  afterAll(async () => {
    await session?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const sqliteLoaded = (): boolean => existsSync(importLog) && readFileSync(importLog, 'utf8').includes('better-sqlite3');

  it('lists the tool with described inputs, without opening SQLite', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'lookup_api_docs');
    expect(tool).toBeDefined();
    const properties = (tool!.inputSchema as { properties: Record<string, { description?: string }> }).properties;
    expect(Object.keys(properties).sort()).toEqual([
      'code',
      'confidence',
      'full_docs',
      'language',
      'library',
      'mode',
      'query',
      'threshold',
      'top_k',
    ]);
    for (const [name, schema] of Object.entries(properties)) expect(schema.description, name).toBeTruthy();
    expect(sqliteLoaded()).toBe(false);
  });

  it('flags a hallucinated boto3 call and returns the intended API as structured content', async () => {
    const result = await session.call('lookup_api_docs', {
      code: 'import boto3\nddb = boto3.client("dynamodb")\nddb.fetch_item(TableName="t", Key={"id": 1})\nddb.put_item(TableName="t", Item={})\n',
      top_k: 1,
    });
    expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${session.stderr()}`).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      triggered: true,
      reason: expect.stringContaining('dynamodb.fetch_item'),
      invocations: [
        { api: 'dynamodb.fetch_item', exists: false, valid: false, problems: [{ code: 'unknown_api' }] },
        { api: 'dynamodb.put_item', exists: true, valid: true, problems: [] },
      ],
      docs: [{ library: 'boto3', name: 'dynamodb.get_item', required: ['TableName', 'Key'] }],
    });
    expect((result.structuredContent as { augmentation: string }).augmentation).toContain('API: boto3 dynamodb.get_item');
    expect(sqliteLoaded()).toBe(true);
  });

  it('answers invalid input and an empty request as tool errors with a code', async () => {
    const empty = await session.call('lookup_api_docs', {});
    expect(empty.isError).toBe(true);
    expect(JSON.stringify(empty.content)).toContain('INPUT_INVALID');
    const bad = await session.call('lookup_api_docs', { code: 'x', confidence: 3 });
    expect(bad.isError).toBe(true);
  });
});

describe('lookup_api_docs without an index', () => {
  it('is a tool error INDEX_MISSING that names the command to build one', async () => {
    const home = tempDir('gg-mcp-noindex-');
    const session = await connectBuiltCli({ GUARD_HOME: home }, { cwd: home });
    try {
      const result = await session.call('lookup_api_docs', { query: 'list buckets' });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/INDEX_MISSING.*guard docs index/);
    } finally {
      await session.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
