/**
 * `guard run [--port N] [--upstream-pypi URL] [--upstream-npm URL] -- <command…>`: runs a command
 * with every package index pointed at a registry gate — the one in $GUARD_GATE_URL when it
 * answers, else one started on an ephemeral port for the command's lifetime. The command's exit
 * code passes through; if the gate goes down its installs fail (closed by construction).
 */
import { EXIT, UsageError } from '../exit.js';
import type { Services } from '../../app/services.js';
import { type CliIo } from '../io.js';
import { runProgram } from '../exec-program.js';
import { parseCommandArgs } from '../parse-command-args.js';

export const RUN_USAGE = `Usage: guard run [--upstream-pypi URL] [--upstream-npm URL] [--stream-files] -- <command> [args…]

Runs <command> with pip, uv, pdm, pipenv, npm, pnpm, yarn and bun pointed at a registry gate (see
\`guard gate --help\`): the running gate in $GUARD_GATE_URL if it answers, else one started on a
free loopback port until the command exits. Refusals are printed by the package manager and
logged here on stderr. Allowed files are redirected to the upstream; --stream-files copies them
through the gate instead. Exit code: the command's own.`;

export async function runRun(argv: string[], io: CliIo, services: Services): Promise<number> {
  const split = argv.indexOf('--');
  const own = split < 0 ? argv : argv.slice(0, split);
  const command = split < 0 ? [] : argv.slice(split + 1);
  const parsed = parseCommandArgs(
    own,
    {
      'upstream-pypi': { type: 'string' },
      'upstream-npm': { type: 'string' },
      'stream-files': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    RUN_USAGE,
    false,
  );
  if (parsed.values.help) {
    io.stdout.write(`${RUN_USAGE}\n`);
    return EXIT.ok;
  }
  if (command.length === 0) throw new UsageError('missing the command to run after --', RUN_USAGE);
  const { gateEnvironment } = await import('../../engines/registry-gate/index.js');
  let gateUrl = io.env.GUARD_GATE_URL && (await answers(io.env.GUARD_GATE_URL)) ? io.env.GUARD_GATE_URL : undefined;
  let close = async (): Promise<void> => {};
  if (!gateUrl) {
    const { registryGateDeps, startRegistryGate } = await import('../../app/gate/registry-gate.js');
    const upstreams = {
      ...(parsed.values['upstream-pypi'] ? { pypi: parsed.values['upstream-pypi'] } : {}),
      ...(parsed.values['upstream-npm'] ? { npm: parsed.values['upstream-npm'] } : {}),
    };
    const gate = await startRegistryGate(
      { port: 0, upstreams, ...(parsed.values['stream-files'] ? { streamFiles: true } : {}) },
      registryGateDeps(services),
    );
    gateUrl = gate.url;
    close = () => gate.close();
  }
  try {
    const run = await runProgram(command[0]!, command.slice(1), { cwd: io.cwd, env: { ...io.env, ...gateEnvironment(gateUrl) } });
    if (run.error) io.stderr.write(`guard run: ${run.error}\n`);
    return run.exitCode;
  } finally {
    await close();
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.ok && ((await response.json()) as { gate?: string }).gate === 'groundguard';
  } catch {
    return false;
  }
}
