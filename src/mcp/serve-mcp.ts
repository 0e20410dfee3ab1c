/**
 * `guard mcp` once its arguments are parsed: sets up the process's services for serving
 * (mcp-services.ts), serves the MCP server on stdio or loopback HTTP until the client goes away or
 * a signal arrives; the caller closes the services.
 */
import { Readable, Writable } from 'node:stream';

import type { ServiceContext, Services } from '../app/services.js';
import { GuardError } from '../shared/errors.js';
import { readPackageVersion } from '../shared/package-version.js';
import type { LoopbackHost } from './http.js';
import { mcpToolDeps, startMcpServices } from './mcp-services.js';
import { createMcpServer } from './server.js';

export interface ServeMcpOptions {
  /** Streamable HTTP on loopback instead of stdio. */
  http: boolean;
  port: number;
  host: LoopbackHost;
  gatePort?: number;
  streamFiles?: boolean;
}

export interface ServeMcpIo extends ServiceContext {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
}

/** Serves until the end; throws GuardError (CONFIG_INVALID for an empty GUARD_MCP_TOKEN, IO_FAILED for a port in use). */
export async function serveMcp(options: ServeMcpOptions, io: ServeMcpIo, services: Services): Promise<void> {
  // Set but empty (or blank) is a mistake, not "no token": refuse rather than serve without one.
  if (options.http && io.env.GUARD_MCP_TOKEN !== undefined && io.env.GUARD_MCP_TOKEN.trim() === '') {
    throw new GuardError('CONFIG_INVALID', 'GUARD_MCP_TOKEN is set but empty', {
      hint: 'set it to a secret token, or unset it to serve without one',
    });
  }
  await startMcpServices(
    services,
    options.gatePort === undefined ? {} : { gatePort: options.gatePort, ...(options.streamFiles ? { streamFiles: true } : {}) },
  );
  const deps = mcpToolDeps(services, await readPackageVersion());
  if (!options.http) {
    const { serveStdio } = await import('./stdio.js');
    if (!(io.stdin instanceof Readable) || !(io.stdout instanceof Writable)) {
      throw new GuardError('INTERNAL', 'guard mcp over stdio needs Node stdin/stdout streams');
    }
    await serveStdio(createMcpServer(deps), { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr });
    return;
  }
  const { startHttpServer } = await import('./http.js');
  const token = io.env.GUARD_MCP_TOKEN || undefined;
  const running = await startHttpServer(() => createMcpServer(deps), {
    port: options.port,
    host: options.host,
    ...(token === undefined ? {} : { token }),
    log: (line) => void io.stderr.write(`${line}\n`),
  });
  const access = token === undefined ? 'no GUARD_MCP_TOKEN set: any local process may call it' : 'bearer token required';
  io.stderr.write(`guard mcp: serving MCP at ${running.url} (${access}); stop with Ctrl-C\n`);
  await waitForTermination();
  await running.close();
}

function waitForTermination(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
