/**
 * Every MCP tool carries the behaviour hints clients use to decide on confirmation prompts, and the
 * server negotiates each protocol revision the SDK in use supports (the README lists them).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/mcp/server.js';
import { fakeCheckPackages } from './fake-check-packages.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe('MCP tool annotations', () => {
  it('gives every tool readOnlyHint, openWorldHint, idempotentHint and destructiveHint', async () => {
    // Every tool registered; listing them never calls the use cases.
    const unused = (): never => {
      throw new Error('not called when listing tools');
    };
    const server = createMcpServer({
      checkPackages: fakeCheckPackages,
      version: '9.9.9',
      lookupApiDocs: unused,
      assessAnswerability: unused,
      buildRepoContext: unused,
      constrainedComplete: unused,
    });
    const client = new Client({ name: 'annotations-test', version: '0.0.0' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    open.push(client, server);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'assess_answerability',
      'check_package',
      'constrained_complete',
      'lookup_api_docs',
      'repo_context',
    ]);
    for (const tool of tools) {
      for (const hint of ['readOnlyHint', 'openWorldHint', 'idempotentHint', 'destructiveHint'] as const) {
        expect(typeof tool.annotations?.[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
      // Nothing groundguard offers changes the user's files or environment.
      expect(tool.annotations!.readOnlyHint, tool.name).toBe(true);
      expect(tool.annotations!.destructiveHint, tool.name).toBe(false);
    }
  });
});

describe('MCP protocol revisions', () => {
  /** The server's answer to a raw initialize request offering `version`. */
  async function negotiate(version: string): Promise<string> {
    const server = createMcpServer({ checkPackages: fakeCheckPackages, version: '9.9.9' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    open.push(server);
    const answer = new Promise<JSONRPCMessage>((resolve) => {
      clientTransport.onmessage = resolve;
    });
    await clientTransport.start();
    await clientTransport.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    const message = (await answer) as unknown as { result: { protocolVersion: string } };
    return message.result.protocolVersion;
  }

  it.each(SUPPORTED_PROTOCOL_VERSIONS)('accepts a client that offers %s', async (version) => {
    expect(await negotiate(version)).toBe(version);
  });

  it('answers the latest revision to a client that offers an unknown one', async () => {
    expect(await negotiate('1999-01-01')).toBe(LATEST_PROTOCOL_VERSION);
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']);
  });
});
