import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeTinyEmbeddings } from '../fixtures/tiny-embeddings.js';
import { ANSWERABLE, FILEKIT_APIS, PARTIAL, UNANSWERABLE } from '../engines/answerability/cases.js';

import { CLI, connectBuiltCli, type StdioSession } from '../fixtures/mcp-stdio-client.js';

describe('assess_answerability (built CLI)', () => {
  let root: string;
  let env: Record<string, string>;
  let session: StdioSession;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'guard-assess-e2e-'));
    env = { GUARD_HOME: join(root, 'home'), GUARD_EMBEDDINGS: writeTinyEmbeddings(root), NO_COLOR: '1' };
    session = await connectBuiltCli(env);
  });

  afterAll(async () => {
    await session?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const call = (args: Record<string, unknown>): Promise<CallToolResult> => session.call('assess_answerability', args);

  it('lists the tool with described input fields', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'assess_answerability');
    expect(tool).toBeDefined();
    const properties = tool!.inputSchema.properties as Record<string, { description?: string }>;
    for (const field of ['query', 'apis', 'library', 'top_k']) expect(properties[field]?.description, field).toBeTruthy();
    expect(tool!.outputSchema).toBeDefined();
  });

  it.each([
    [ANSWERABLE, 'answerable'],
    [PARTIAL, 'partially_answerable'],
    [UNANSWERABLE, 'unanswerable'],
  ])('labels "%s" as %s with structured evidence', async (query, label) => {
    const result = await call({ query, apis: FILEKIT_APIS });
    expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${session.stderr()}`).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ label, confidence: expect.any(Number), requests: expect.any(Array) });
    const { requests } = result.structuredContent as { requests: Array<{ text: string; covered: boolean; score: number }> };
    for (const request of requests)
      expect(request).toMatchObject({ text: expect.any(String), covered: expect.any(Boolean), score: expect.any(Number) });
  });

  it('accepts API objects', async () => {
    const result = await call({
      query: ANSWERABLE,
      apis: [{ name: 'download', signature: '(url)', description: 'Downloads the content at an HTTP URL.' }],
    });
    expect(result.structuredContent).toMatchObject({ label: 'answerable', requests: [{ best_api: 'download' }] });
  });

  it('answers bad input with an error result, not a crash', async () => {
    const empty = await call({ query: '', apis: FILEKIT_APIS });
    expect(empty.isError).toBe(true);
    const noDocs = await call({ query: ANSWERABLE, apis: [] });
    expect(noDocs.isError).toBe(true);
    expect(JSON.stringify(noDocs.content)).toContain('at least one API');
    const noIndex = await call({ query: ANSWERABLE, library: 'filekit' });
    expect(noIndex.isError).toBe(true);
    expect(JSON.stringify(noIndex.content)).toMatch(/INDEX_MISSING|INDEX_INVALID/);
    // Still serving after the faults.
    expect((await call({ query: ANSWERABLE, apis: FILEKIT_APIS })).isError).toBeFalsy();
  });

  it('guard assess --json prints the same shape; exit 3 when not answerable', async () => {
    const apis = join(root, 'apis.json');
    await writeFile(apis, JSON.stringify({ retrieved_APIs: Object.fromEntries(FILEKIT_APIS.map((a, i) => [`API_${i + 1}`, a])) }));
    const run = spawnSync(process.execPath, [CLI, 'assess', '--query', UNANSWERABLE, '--apis', apis, '--json'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({ label: 'unanswerable', source: 'given', apis: ['read_csv', 'download', 'cycle'] });
    const bad = spawnSync(process.execPath, [CLI, 'assess', '--apis', apis], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('missing --query');
  });

  it('without --apis, retrieves from the API-docs index built by guard docs index', async () => {
    const docs = join(root, 'docs');
    await mkdir(docs, { recursive: true });
    await writeFile(
      join(docs, 'filekit.md'),
      '# filekit\n\n## download(url, timeout=10)\n\nDownloads the content at an HTTP URL and returns its bytes.\n\n## read_csv(path)\n\nReads a CSV file into a table of rows.\n',
    );
    const runEnv = { ...process.env, ...env, GUARD_HOME: join(root, 'indexed-home') };
    const index = spawnSync(process.execPath, [CLI, 'docs', 'index', `markdown:${docs}=filekit`], { env: runEnv, encoding: 'utf8' });
    expect(index.status, index.stderr).toBe(0);
    const run = spawnSync(process.execPath, [CLI, 'assess', '--query', PARTIAL, '--library', 'filekit', '--json'], {
      env: runEnv,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(3);
    const report = JSON.parse(run.stdout) as { label: string; source: string; apis: string[] };
    expect(report).toMatchObject({ label: 'partially_answerable', source: 'index' });
    expect(report.apis.some((name) => name.endsWith('download'))).toBe(true);
  });
});
