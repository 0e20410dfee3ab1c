/** `guard mcp`: serves the MCP server over stdio (default) or loopback Streamable HTTP (`--http`). */
import { readFile } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';

import { GuardError } from '../../shared/errors.js';
import type { CliIo } from '../io.js';
import { reportFault, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';

// Only type imports from mcp/ here: the SDK loads through import() when the command runs.
import type { LoopbackHost } from '../../mcp/http.js';
import type { McpDeps } from '../../mcp/server.js';
import type { LivePolicy } from './mcp-policy.js';

export const DEFAULT_MCP_PORT = 8765;
const LOOPBACK: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

export const MCP_USAGE = `Usage: guard mcp [--http [--port N] [--host ADDRESS]]

Serves the groundguard MCP server (tools: check_package, lookup_api_docs, assess_answerability,
repo_context, constrained_complete).

  (no flags)      stdio: the MCP client starts \`guard mcp\` and speaks JSON-RPC on stdin/stdout
  --http          Streamable HTTP at http://127.0.0.1:${DEFAULT_MCP_PORT}/mcp instead
  --port N        HTTP port, 0..65535 (default ${DEFAULT_MCP_PORT}; 0 picks a free one)
  --host ADDRESS  loopback address to bind: 127.0.0.1 (default), ::1 or localhost
  --gate-port N   also serve a registry gate on 127.0.0.1:N for the server's lifetime (see
                  \`guard gate --help\`; point an agent's installs at it with \`guard gate env --port N\`)
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
      help: { type: 'boolean', short: 'h' },
    },
    MCP_USAGE,
    false,
  );
  const http = values.http ?? false;
  if (!http && (values.port !== undefined || values.host !== undefined)) {
    throw new UsageError('--port and --host only apply to the HTTP server', MCP_USAGE, { hint: 'add --http' });
  }
  return {
    help: values.help ?? false,
    http,
    port: values.port === undefined ? DEFAULT_MCP_PORT : parsePort(values.port),
    host: values.host === undefined ? '127.0.0.1' : parseLoopbackHost(values.host),
    ...(values['gate-port'] === undefined ? {} : { gatePort: parsePort(values['gate-port'], '--gate-port') }),
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

/** Runs `guard mcp …`: 0 after a clean shutdown, 2 for a usage error, 1 for a fault. */
export async function runMcp(argv: string[], io: CliIo): Promise<number> {
  let options: McpCommandOptions;
  try {
    options = parseMcpArguments(argv);
  } catch (error) {
    return reportFault(error, io, 'mcp');
  }
  if (options.help) {
    io.stdout.write(MCP_USAGE);
    return 0;
  }

  let closeGate = async (): Promise<void> => {};
  let closePolicy = async (): Promise<void> => {};
  try {
    if (options.gatePort !== undefined) {
      const { startRegistryGate } = await import('../../app/gate/registry-gate.js');
      const gate = await startRegistryGate(
        { port: options.gatePort },
        { cwd: io.cwd, env: io.env, stderr: io.stderr, log: (line) => void io.stderr.write(`${line}\n`) },
      );
      closeGate = () => gate.close();
      io.stderr.write(`guard mcp: registry gate at ${gate.url} (PyPI ${gate.pypiIndex}, npm ${gate.npmRegistry})\n`);
    }
    const { watchMcpPolicy } = await import('./mcp-policy.js');
    const policy = await watchMcpPolicy({ cwd: io.cwd, env: io.env }, (line) => void io.stderr.write(`${line}\n`));
    closePolicy = () => policy.close();
    const deps = await buildMcpDeps(policy, io);
    const { createMcpServer } = await import('../../mcp/server.js');
    if (!options.http) {
      const { serveStdio } = await import('../../mcp/stdio.js');
      if (!(io.stdin instanceof Readable) || !(io.stdout instanceof Writable)) {
        throw new GuardError('INTERNAL', 'guard mcp over stdio needs Node stdin/stdout streams');
      }
      await serveStdio(createMcpServer(deps), { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr });
      return 0;
    }

    const { startHttpServer } = await import('../../mcp/http.js');
    // Set but empty (or blank) is a mistake, not "no token": refuse rather than serve without one.
    if (io.env.GUARD_MCP_TOKEN !== undefined && io.env.GUARD_MCP_TOKEN.trim() === '') {
      throw new GuardError('CONFIG_INVALID', 'GUARD_MCP_TOKEN is set but empty', {
        hint: 'set it to a secret token, or unset it to serve without one',
      });
    }
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
    return 0;
  } catch (error) {
    return reportFault(error, io, 'mcp');
  } finally {
    await closePolicy();
    await closeGate();
  }
}

/** The use cases load on the first tool call, so the server answers `initialize` at once. */
async function buildMcpDeps(policy: LivePolicy, io: CliIo): Promise<McpDeps> {
  return {
    version: await readPackageVersion(),
    // The whole policy applies, as last reloaded: the same judgement as `guard check` and the registry gate.
    checkPackages: async (request) => {
      const { judgePackageNames } = await import('../../app/packages/judge-package-names.js');
      return judgePackageNames(request, { cwd: io.cwd, env: io.env, policy: await policy.current() });
    },
    // SQLite opens on the first call; the indexed local sources are watched from then on.
    lookupApiDocs: async (request) => {
      const { lookupApiDocs } = await import('../../app/api-docs/lookup-api-docs.js');
      return lookupApiDocs(request, { watch: true });
    },
    assessAnswerability: async (request) => {
      const { assessAnswerability } = await import('../../app/answerability/assess-answerability.js');
      return assessAnswerability(request);
    },
    // Repository facts are computed on the first call per root, then kept current by file watching.
    buildRepoContext: async (request) => {
      const { buildRepoContext } = await import('../../app/repo-context/build-repo-context.js');
      return buildRepoContext(request, { watch: true });
    },
    // The model loads on the first call and stays loaded.
    constrainedComplete: async (request) => {
      const { constrainedComplete } = await import('../../app/completion/constrained-complete.js');
      return constrainedComplete(request);
    },
  };
}

/** Reads the version from package.json, three levels up from both src/cli/commands and dist/cli/commands. */
export async function readPackageVersion(): Promise<string> {
  const url = new URL('../../../package.json', import.meta.url);
  try {
    const manifest: unknown = JSON.parse(await readFile(url, 'utf8'));
    if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
      const { version } = manifest;
      if (typeof version === 'string') return version;
    }
  } catch (error) {
    throw new GuardError('INTERNAL', `cannot read the package version from ${url.pathname}`, { cause: error });
  }
  throw new GuardError('INTERNAL', `package.json at ${url.pathname} has no string "version"`);
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
