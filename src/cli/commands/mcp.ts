/** `guard mcp`: parses the options and starts the MCP server (mcp/serve-mcp.ts) over stdio (default) or loopback Streamable HTTP (`--http`). */
import type { CliIo } from '../io.js';
import type { Services } from '../../app/services.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';

// Only type imports from mcp/ here: the SDK loads through import() when the command runs.
import type { LoopbackHost } from '../../mcp/http.js';

export { readPackageVersion } from '../../shared/package-version.js';

export const DEFAULT_MCP_PORT = 8765;
const LOOPBACK: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

export const MCP_USAGE = `Usage: guard mcp [--http [--port N] [--host ADDRESS]] [--gate-port N [--stream-files]]

Serves the groundguard MCP server (tools: check_package, lookup_api_docs, assess_answerability,
repo_context, constrained_complete).

  (no flags)      stdio: the MCP client starts \`guard mcp\` and speaks JSON-RPC on stdin/stdout
  --http          Streamable HTTP at http://127.0.0.1:${DEFAULT_MCP_PORT}/mcp instead
  --port N        HTTP port, 0..65535 (default ${DEFAULT_MCP_PORT}; 0 picks a free one)
  --host ADDRESS  loopback address to bind: 127.0.0.1 (default), ::1 or localhost
  --gate-port N   also serve a registry gate on 127.0.0.1:N for the server's lifetime (see
                  \`guard gate --help\`; point an agent's installs at it with \`guard gate env --port N\`);
                  it judges by the same hot-reloaded policy as check_package
  --stream-files  with --gate-port: copy allowed files through the gate instead of redirecting
                  clients to the upstream (for when the gate is the only way out)
  -h, --help      show this help

Environment:
  GUARD_MCP_TOKEN  with --http, every request must send Authorization: Bearer <token>
`;

export interface McpCommandOptions {
  help: boolean;
  http: boolean;
  port: number;
  host: LoopbackHost;
  /** Also serve a registry gate on this port. */
  gatePort?: number;
  /** The gate streams allowed files instead of redirecting. */
  streamFiles?: boolean;
}

/** Parses `guard mcp` arguments; throws UsageError (INPUT_INVALID) with a message that names the fix. */
export function parseMcpArguments(argv: string[]): McpCommandOptions {
  const { values } = parseCommandArgs(
    argv,
    {
      http: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      'gate-port': { type: 'string' },
      'stream-files': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    MCP_USAGE,
    false,
  );
  const http = values.http ?? false;
  if (!http && (values.port !== undefined || values.host !== undefined)) {
    throw new UsageError('--port and --host only apply to the HTTP server', MCP_USAGE, { hint: 'add --http' });
  }
  if (values['stream-files'] && values['gate-port'] === undefined) {
    throw new UsageError('--stream-files applies to the registry gate', MCP_USAGE, { hint: 'add --gate-port N' });
  }
  return {
    help: values.help ?? false,
    http,
    port: values.port === undefined ? DEFAULT_MCP_PORT : parsePort(values.port),
    host: values.host === undefined ? '127.0.0.1' : parseLoopbackHost(values.host),
    ...(values['gate-port'] === undefined ? {} : { gatePort: parsePort(values['gate-port'], '--gate-port') }),
    ...(values['stream-files'] ? { streamFiles: true } : {}),
  };
}

function parsePort(text: string, option = '--port'): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new UsageError(`${option} must be an integer from 0 to 65535, got "${text}"`, MCP_USAGE);
  }
  return port;
}

function isLoopbackHost(text: string): text is LoopbackHost {
  return LOOPBACK.includes(text);
}

function parseLoopbackHost(text: string): LoopbackHost {
  if (!isLoopbackHost(text)) {
    throw new UsageError(`--host must be a loopback address, got "${text}"`, MCP_USAGE, {
      hint: 'use 127.0.0.1, ::1 or localhost; the MCP server never listens on other interfaces',
    });
  }
  return text;
}

/** Runs `guard mcp …` over the process's services: 0 after a clean shutdown; faults are thrown (usage errors exit 2). */
export async function runMcp(argv: string[], io: CliIo, services: Services): Promise<number> {
  const options = parseMcpArguments(argv);
  if (options.help) {
    io.stdout.write(MCP_USAGE);
    return EXIT.ok;
  }
  const { serveMcp } = await import('../../mcp/serve-mcp.js');
  await serveMcp(options, io, services);
  return EXIT.ok;
}
