/**
 * Serves MCP over Streamable HTTP at `/mcp` on loopback only, stateless: every POST gets a fresh
 * server and transport (the SDK 1.x pattern), so concurrent clients never share request ids.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import { GuardError } from '../shared/errors.js';

export const MCP_PATH = '/mcp';

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'] as const;
export type LoopbackHost = (typeof LOOPBACK_HOSTS)[number];

/** Host names as `URL.hostname` spells them; anything else in Host or Origin is a rebinding attempt. */
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type McpServerFactory = () => McpServer;

export interface HttpServerOptions {
  /** 0 picks a free port; the chosen one is in the returned url. */
  port: number;
  host?: LoopbackHost;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Where request faults are logged; stderr by default. */
  log?: (line: string) => void;
}

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Whether a host name (from the command line or options) is one this server may bind to. */
export function isLoopbackHost(host: string): host is LoopbackHost {
  return (LOOPBACK_HOSTS as readonly string[]).includes(host);
}

/**
 * Starts the HTTP server. Rejects with GuardError INPUT_INVALID for a non-loopback host, a bad port
 * or an empty token, and IO_FAILED when the port cannot be bound.
 */
export async function startHttpServer(createMcpServer: McpServerFactory, opts: HttpServerOptions): Promise<RunningHttpServer> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new GuardError('INPUT_INVALID', `MCP HTTP host must be loopback, got "${String(host)}"`, {
      hint: `use one of ${LOOPBACK_HOSTS.join(', ')}`,
    });
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    throw new GuardError('INPUT_INVALID', `MCP HTTP port must be an integer 0..65535, got ${opts.port}`);
  }
  if (opts.token === '') {
    throw new GuardError('INPUT_INVALID', 'MCP HTTP token is empty', { hint: 'set a token or none at all' });
  }
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const expectedDigest = opts.token === undefined ? undefined : sha256(opts.token);

  const httpServer = createServer((req, res) => {
    handleRequest(req, res, createMcpServer, expectedDigest).catch((error: unknown) => {
      log(`guard mcp: request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, 'Internal server error');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        new GuardError('IO_FAILED', `cannot listen on ${host}:${opts.port}: ${error.message}`, {
          cause: error,
          ...(error.code === 'EADDRINUSE' ? { hint: 'the port is taken; choose another with --port' } : {}),
        }),
      );
    };
    httpServer.once('error', onError);
    httpServer.listen(opts.port, host, () => {
      httpServer.off('error', onError);
      resolve();
    });
  });

  const address = httpServer.address();
  if (address === null || typeof address === 'string') {
    throw new GuardError('INTERNAL', 'MCP HTTP server is not listening on a TCP port');
  }
  const { port } = address;
  const urlHost = host === '::1' ? '[::1]' : host;
  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error ? reject(error) : resolve()));
        httpServer.closeAllConnections();
      }),
  };
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  createMcpServer: McpServerFactory,
  expectedDigest: Buffer | undefined,
): Promise<void> {
  const rebinding = checkHostAndOrigin(req);
  if (rebinding !== undefined) return sendJsonRpcError(res, 403, -32000, rebinding);

  if (expectedDigest !== undefined && !hasBearerToken(req, expectedDigest)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="groundguard"');
    return sendJsonRpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <GUARD_MCP_TOKEN>');
  }

  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path !== MCP_PATH) return sendJsonRpcError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);

  if (req.method !== 'POST') {
    // Stateless: no standalone SSE stream for GET and no session for DELETE; clients accept 405.
    res.setHeader('Allow', 'POST');
    return sendJsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless, use POST');
  }

  const server = createMcpServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

/** Port-agnostic, like the SDK's localhostHostValidation middleware; returns the refusal, if any. */
function checkHostAndOrigin(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (host === undefined || !LOOPBACK_HOSTNAMES.has(hostnameOf(`http://${host}`) ?? '')) {
    return `Invalid Host header: ${host ?? '(none)'}; this server only answers on loopback`;
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const hostname = hostnameOf(origin);
    if (hostname === undefined || !LOOPBACK_HOSTNAMES.has(hostname)) {
      return `Invalid Origin header: ${origin}; only loopback origins may call this server`;
    }
  }
  return undefined;
}

function hostnameOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname : undefined;
  } catch {
    return undefined;
  }
}

function hasBearerToken(req: IncomingMessage, expectedDigest: Buffer): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '');
  // Compare fixed-length digests so neither the length nor the content of the token leaks through timing.
  return timingSafeEqual(sha256(match?.[1] ?? ''), expectedDigest) && match !== null;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
