/** `guard gate [--port N] [--upstream-pypi URL] [--upstream-npm URL]` and `guard gate env`: the registry gate on loopback. */
import { GuardError } from '../../shared/errors.js';
import { EXIT, UsageError } from '../exit.js';
import type { Services } from '../../app/services.js';
import { type CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-command-args.js';

export const GATE_USAGE = `Usage: guard gate [--port N] [--upstream-pypi URL] [--upstream-npm URL] [--stream-files]
       guard gate env [--port N | --url URL] [--json]

Serves a registry gate on 127.0.0.1: the PyPI Simple API at /pypi/simple/ and the npm registry at
/npm/, forwarding to the upstream indexes. Every project a client asks for (transitive
dependencies included) is judged like \`guard check\` plus the policy in force; releases younger
than min_release_age (default 48 h) are held back. A refusal is a 403 whose reason pip, uv and npm
print; refusals and warnings are also logged on stderr.

An allowed file or tarball is answered with a redirect (307) to its upstream URL: pip, uv, npm,
pnpm, yarn and bun follow it and check the bytes against the hash in the metadata the gate served.
Where clients cannot reach the upstream themselves (the gate is the only way out), --stream-files
copies the files through the gate instead.

  --port N             port (default 8766; 0 picks a free one)
  --upstream-pypi URL  PyPI Simple index to forward to (default https://pypi.org/simple)
  --upstream-npm URL   npm registry to forward to (default https://registry.npmjs.org)
  --stream-files       copy allowed files through the gate instead of redirecting to the upstream

\`guard gate env\` prints the shell exports that point pip, uv, pdm, pipenv, npm, pnpm, yarn and bun
at a gate (the running one in $GUARD_GATE_URL, or the given port/URL): eval "$(guard gate env)".
\`guard run -- <command…>\` starts a gate just for one command.`;

/** Runs `guard gate …`. */
export async function runGate(argv: string[], io: CliIo, services: Services): Promise<number> {
  if (argv[0] === 'env') return runGateEnv(argv.slice(1), io);
  const parsed = parseCommandArgs(
    argv,
    {
      port: { type: 'string' },
      'upstream-pypi': { type: 'string' },
      'upstream-npm': { type: 'string' },
      'stream-files': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    GATE_USAGE,
    false,
  );
  if (parsed.values.help) {
    io.stdout.write(`${GATE_USAGE}\n`);
    return EXIT.ok;
  }
  const { registryGateDeps, startRegistryGate, DEFAULT_GATE_PORT } = await import('../../app/gate/registry-gate.js');
  const upstreams = {
    ...(parsed.values['upstream-pypi'] ? { pypi: httpUrl(parsed.values['upstream-pypi'], '--upstream-pypi') } : {}),
    ...(parsed.values['upstream-npm'] ? { npm: httpUrl(parsed.values['upstream-npm'], '--upstream-npm') } : {}),
  };
  const port = parsed.values.port === undefined ? DEFAULT_GATE_PORT : parsePort(parsed.values.port);
  const gate = await startRegistryGate(
    { port, upstreams, ...(parsed.values['stream-files'] ? { streamFiles: true } : {}) },
    registryGateDeps(services),
  );
  io.stderr.write(
    `guard gate: serving ${gate.pypiIndex} (PyPI) and ${gate.npmRegistry} (npm); files ${parsed.values['stream-files'] ? 'streamed through the gate' : 'redirected to the upstream'}; eval "$(guard gate env --port ${gate.port})" to use it; stop with Ctrl-C\n`,
  );
  await waitForTermination();
  await gate.close();
  return EXIT.ok;
}

async function runGateEnv(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    { port: { type: 'string' }, url: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    GATE_USAGE,
    false,
  );
  if (parsed.values.help) {
    io.stdout.write(`${GATE_USAGE}\n`);
    return EXIT.ok;
  }
  if (parsed.values.port !== undefined && parsed.values.url !== undefined)
    throw new UsageError('give --port or --url, not both', GATE_USAGE);
  const { gateEnvironment, renderShellExports } = await import('../../engines/registry-gate/index.js');
  const { DEFAULT_GATE_PORT } = await import('../../app/gate/registry-gate.js');
  const url =
    parsed.values.url !== undefined
      ? httpUrl(parsed.values.url, '--url')
      : parsed.values.port !== undefined
        ? `http://127.0.0.1:${parsePort(parsed.values.port)}`
        : (io.env.GUARD_GATE_URL ?? `http://127.0.0.1:${DEFAULT_GATE_PORT}`);
  const environment = gateEnvironment(url);
  io.stdout.write(parsed.values.json ? `${JSON.stringify(environment, null, 2)}\n` : `${renderShellExports(environment)}\n`);
  return EXIT.ok;
}

/** A port 0..65535; UsageError otherwise. */
export function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be an integer from 0 to 65535, got "${text}"`, GATE_USAGE);
  return port;
}

function httpUrl(text: string, option: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  throw new GuardError('INPUT_INVALID', `${option} must be an http(s) URL, got "${text}"`, {
    hint: 'for example https://pypi.org/simple or https://registry.npmjs.org',
  });
}

function waitForTermination(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
