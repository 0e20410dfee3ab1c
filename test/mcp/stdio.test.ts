import { PassThrough } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { createMcpServer } from '../../src/mcp/server.js';
import { serveStdio } from '../../src/mcp/stdio.js';
import { fakeCheckPackages } from './fake-check-packages.js';

function nextLine(stream: PassThrough): Promise<string> {
  return new Promise((resolve) => {
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        stream.off('data', onData);
        resolve(buffered.slice(0, end));
      }
    };
    stream.on('data', onData);
  });
}

describe('serveStdio', () => {
  it('answers JSON-RPC lines on stdout, writes nothing else there, and returns when stdin ends', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const logged: string[] = [];
    const served = serveStdio(createMcpServer({ checkPackages: fakeCheckPackages, version: '9.9.9' }), {
      stdin,
      stdout,
      stderr: { write: (text: string) => logged.push(text) },
    });

    const reply = nextLine(stdout);
    stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      })}\n`,
    );
    expect(JSON.parse(await reply)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'groundguard', version: '9.9.9' }, instructions: expect.stringMatching(/check_package/) },
    });

    stdin.end();
    await expect(served).resolves.toBeUndefined();
    expect(stdout.read()).toBeNull();
  });
});
