import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

import { createMcpServer, type McpDeps } from '../../src/mcp/server.js';
import { fakeCheckPackages } from './fake-check-packages.js';

const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(deps: Partial<McpDeps> = {}): Promise<Client> {
  const server = createMcpServer({ checkPackages: fakeCheckPackages, version: '9.9.9', ...deps });
  const client = new Client({ name: 'test-client', version: '0.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  open.push(client, server);
  return client;
}

async function call(client: Client, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name: 'check_package', arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('check_package over MCP', () => {
  it('introduces itself as groundguard and tells agents to check before installing', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'groundguard', version: '9.9.9' });
    expect(client.getInstructions()).toMatch(/check_package/);
  });

  it('lists check_package with described input and output schemas', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'check_package');
    expect(tool).toBeDefined();
    expect(tool?.description).toMatch(/block/);
    expect(tool?.inputSchema.required).toEqual(['ecosystem', 'packages']);
    expect(tool?.inputSchema.properties?.ecosystem).toMatchObject({ enum: ['pypi', 'npm', 'conda'] });
    expect(tool?.inputSchema.properties?.packages).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
    for (const property of Object.values(tool?.inputSchema.properties ?? {})) {
      expect(property).toHaveProperty('description');
    }
    expect(tool?.outputSchema?.properties).toHaveProperty('verdict');
    expect(tool?.outputSchema?.properties).toHaveProperty('results');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('returns the report as structuredContent plus one text line per package', async () => {
    const client = await connect();
    const result = await call(client, { ecosystem: 'pypi', packages: ['requests', 'reqeusts'] });

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(await fakeCheckPackages({ ecosystem: 'pypi', packages: ['requests', 'reqeusts'] }));
    expect(result.structuredContent).toMatchObject({
      verdict: 'block',
      results: [
        { input: 'requests', exists: true, verdict: 'allow', suggestions: [] },
        {
          input: 'reqeusts',
          exists: false,
          verdict: 'block',
          reasons: [{ code: 'not_found' }],
          suggestions: [{ name: 'requests' }],
        },
      ],
    });
    const lines = textOf(result).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^allow requests: /);
    expect(lines[1]).toBe('block reqeusts: pypi package "reqeusts" does not exist (snapshot 2026-11-20) — did you mean requests?');
  });

  it('keeps fields the schema does not know out of structuredContent', async () => {
    const client = await connect({
      checkPackages: async (request) => {
        const report = await fakeCheckPackages(request);
        return { ...report, results: report.results.map((r) => ({ ...r, internalScore: 7 })) };
      },
    });
    const result = await call(client, { ecosystem: 'npm', packages: ['lodash'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.results).toEqual([expect.not.objectContaining({ internalScore: 7 })]);
  });

  it('turns a GuardError from the use case into an isError result with code and hint', async () => {
    const client = await connect();
    const result = await call(client, { ecosystem: 'pypi', packages: ['explode'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toBe('CHECKPOINT_MISSING: no pypi name index at ~/.guard/index (run `guard update` first)');
  });

  it('wraps an unknown throw as INTERNAL', async () => {
    const client = await connect({
      checkPackages: () => Promise.reject(new TypeError('boom')),
    });
    const result = await call(client, { ecosystem: 'pypi', packages: ['requests'] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^INTERNAL: unexpected failure: boom/);
  });

  it.each([
    ['an unknown ecosystem', { ecosystem: 'cargo', packages: ['serde'] }, /ecosystem must be one of "pypi", "npm", "conda"/],
    ['an empty list', { ecosystem: 'pypi', packages: [] }, /packages must list at least one package/],
    ['201 packages', { ecosystem: 'pypi', packages: Array.from({ length: 201 }, (_, i) => `pkg${i}`) }, /at most 200 entries per call/],
    ['an empty name', { ecosystem: 'npm', packages: ['lodash', ''] }, /each package must be a non-empty string at packages\[1\]/],
    ['a name over 512 characters', { ecosystem: 'npm', packages: ['a'.repeat(513)] }, /at most 512 characters/],
    ['a missing field', { ecosystem: 'pypi' }, /packages must be an array of strings at packages/],
  ])('answers %s with a clear tool error and keeps serving', async (_label, args, message) => {
    let calls = 0;
    const client = await connect({
      checkPackages: (request) => {
        calls += 1;
        return fakeCheckPackages(request);
      },
    });
    const result = await call(client, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Input validation error: Invalid arguments for tool check_package/);
    expect(textOf(result)).toMatch(message);
    expect(calls).toBe(0);

    const next = await call(client, { ecosystem: 'pypi', packages: ['requests'] });
    expect(next.isError).toBeFalsy();
    expect(next.structuredContent).toMatchObject({ verdict: 'allow' });
  });
});
