import { request } from 'node:http';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHttpServer, type RunningHttpServer } from '../../src/mcp/http.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { fakeCheckPackages } from './fake-check-packages.js';

const TOKEN = 'test-token-4f1c';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

let running: RunningHttpServer;

beforeAll(async () => {
  running = await startHttpServer(() => createMcpServer({ checkPackages: fakeCheckPackages, version: '9.9.9' }), {
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
    log: () => undefined,
  });
});

afterAll(async () => {
  await running.close();
});

async function connectClient(token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(running.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'http-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A bare HTTP request, so the test controls every header (fetch would not let it set Host). */
function rawPost(path: string, headers: Record<string, string>): Promise<RawResponse> {
  const url = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

describe('MCP over Streamable HTTP', () => {
  it('serves on loopback at /mcp', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('lists and calls check_package for a client that sends the bearer token', async () => {
    const client = await connectClient(TOKEN);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('check_package');

      const result = (await client.callTool({
        name: 'check_package',
        arguments: { ecosystem: 'pypi', packages: ['requests', 'reqeusts'] },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        verdict: 'block',
        results: [{ verdict: 'allow' }, { verdict: 'block', suggestions: [{ name: 'requests' }] }],
      });

      const invalid = (await client.callTool({
        name: 'check_package',
        arguments: { ecosystem: 'cargo', packages: ['serde'] },
      })) as CallToolResult;
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('answers 401 with a JSON-RPC error and WWW-Authenticate without the token', async () => {
    const response = await rawPost('/mcp', {});
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { message: /Unauthorized/ }, id: null });
  });

  it('answers 401 for a wrong token, and the client sees the failure', async () => {
    expect((await rawPost('/mcp', { Authorization: 'Bearer nope' })).status).toBe(401);
    expect((await rawPost('/mcp', { Authorization: TOKEN })).status).toBe(401);
    await expect(connectClient('nope')).rejects.toThrow();
  });

  it('answers 404 for other paths', async () => {
    const response = await rawPost('/other', { Authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ error: { message: /\/mcp/ } });
  });

  it('answers 405 to GET, as a stateless server without an SSE stream', async () => {
    const response = await fetch(running.url, {
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(405);
    await response.body?.cancel();
  });

  it.each([
    ['a foreign Host', { Host: 'evil.example:80' }],
    ['a foreign Origin', { Origin: 'http://evil.example' }],
    ['a null Origin', { Origin: 'null' }],
  ])('refuses %s with 403 (DNS rebinding)', async (_label, headers) => {
    const response = await rawPost('/mcp', { Authorization: `Bearer ${TOKEN}`, ...headers });
    expect(response.status).toBe(403);
  });

  it('accepts a loopback Origin', async () => {
    const url = new URL(running.url);
    const response = await rawPost('/mcp', { Authorization: `Bearer ${TOKEN}`, Origin: `http://localhost:${url.port}` });
    expect(response.status).toBe(200);
  });

  it('refuses to bind anything but loopback', async () => {
    await expect(
      startHttpServer(() => createMcpServer({ checkPackages: fakeCheckPackages, version: '0' }), {
        port: 0,
        // @ts-expect-error the type allows loopback hosts only; this checks the runtime guard
        host: '0.0.0.0',
      }),
    ).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});
