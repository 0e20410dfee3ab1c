/** Serves an MCP server over stdio: JSON-RPC on stdin/stdout, logs only on stderr. */
import type { Readable, Writable } from 'node:stream';

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export interface StdioStreams {
  stdin: Readable;
  /** The protocol channel: nothing else may write here. */
  stdout: Writable;
  stderr: { write(text: string): unknown };
}

/**
 * Connects the server to stdio and resolves once the client goes away (stdin ends or closes)
 * and the server is closed; transport errors are logged to stderr, never thrown.
 */
export async function serveStdio(server: McpServer, streams: Partial<StdioStreams> = {}): Promise<void> {
  const stdin = streams.stdin ?? process.stdin;
  const stdout = streams.stdout ?? process.stdout;
  const stderr = streams.stderr ?? process.stderr;
  const transport = new StdioServerTransport(stdin, stdout);

  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  server.server.onerror = (error) => {
    stderr.write(`guard mcp: ${error.message}\n`);
  };

  // The SDK transport does not watch for end of input; without this the process would hang.
  const shutdown = (): void => {
    void server.close().catch(() => undefined);
  };
  stdin.once('end', shutdown);
  stdin.once('close', shutdown);
  // A client that exits mid-reply gives EPIPE on stdout; treat it as the end of the session.
  stdout.once('error', shutdown);

  await server.connect(transport);
  await closed;
  stdin.off('end', shutdown);
  stdin.off('close', shutdown);
  stdout.off('error', shutdown);
}
