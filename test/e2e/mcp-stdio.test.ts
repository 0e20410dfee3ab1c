import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');

describe('guard mcp over stdio (built CLI)', () => {
  let home: string;
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
    home = await mkdtemp(join(tmpdir(), 'guard-mcp-e2e-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      cwd: ROOT,
      env: { ...getDefaultEnvironment(), GUARD_HOME: home },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('reports itself as groundguard with the package version', async () => {
    expect(client.getServerVersion()?.name).toBe('groundguard');
    expect(client.getServerVersion()?.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('allows requests and blocks reqeusts with requests as the suggestion', async () => {
    const result = (await client.callTool({
      name: 'check_package',
      arguments: { ecosystem: 'pypi', packages: ['requests', 'reqeusts'] },
    })) as CallToolResult;
    expect(result.isError, `tool error: ${JSON.stringify(result.content)}\nstderr: ${stderr}`).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      verdict: 'block',
      results: [
        { input: 'requests', verdict: 'allow', exists: true },
        { input: 'reqeusts', verdict: 'block', exists: false },
      ],
    });
    const blocked = (result.structuredContent as { results: Array<{ suggestions: Array<{ name: string }> }> }).results[1];
    expect(blocked.suggestions.map((s) => s.name)).toContain('requests');
  });
});
