#!/usr/bin/env node
/** The `guard` command: dispatches to one module per command and maps faults to exit codes. */
import { createRequire } from 'node:module';
import type { Command } from './command.js';
import { processIo, type CliIo } from './io.js';
import { reportFault, EXIT } from './exit.js';
import { WRAPPED_PROGRAMS } from './wrapped-programs.js';

const USAGE = `guard — grounds coding agents in authoritative facts

Usage:
  guard check <pypi|npm|conda> <spec...> [--json]   check package names before installing
  guard allowlist info|build|sync|import|reset …     manage the registry name lists
  guard policy check [file] | explain <eco> <spec>   validate the org policy, or show which rule decides
  guard mcp [--http --port N] [--gate-port N]        serve the MCP tools (stdio by default)
  guard gate [--port N] | gate env                   registry gate: every package fetch vetted at the index
  guard run -- <command…>                            run a command with its installs going through a gate
  guard docs index|list|search|lookup …              API index: check calls, retrieve API docs (DAG++)
  guard assess --query TEXT [--apis F.json] [--json] can this request be coded from these API docs?
  guard context <file>:<line>[:<col>] [--root R] [--json] repository-level prompt for a completion
  guard complete --prompt TEXT [--no-monitor] [--json] local-model completion, no hallucinated packages
  guard hook <agent> [--on-warn deny|allow|ask]      answer an agent hook event read on stdin; agent:
                                                     claude-code cursor codex gemini windsurf cline vscode
  guard scan [dir] [--format text|json|sarif] [--fail-on block|warn]
                                                     check every declared dependency of a repo (for CI)
  guard shims install|uninstall|env [--dir D]        PATH shims that send package managers through guard
  guard init [agent|all] [--dir R] [--dry-run] [--portable]
                                                     write the agents' MCP and hook configs into a repo,
                                                     merged with what is there
  guard <pm> <args...> [--guard-dry-run]             vet what a package manager would install, then
                                                     run it; pm: pip pip3 python python3 uv uvx poetry
                                                     pipx pdm pipenv npm npx pnpm pnpx yarn bun bunx
                                                     conda mamba micromamba
  guard --version | --help

Exit codes: 0 ok, 3 blocked, 2 usage or configuration error, 1 internal fault; a wrapped
package manager's own exit code passes through.
Run \`guard <command> --help\` for a command's options.`;

/** A command ready to run: services built, faults reported (see command.ts). */
type Runner = (argv: string[], io: CliIo) => Promise<number>;

/**
 * The hook command as one file when the build made it (`npm run build` bundles the hook path, so a
 * fresh hook process does not resolve and compile a hundred modules), run with V8's code cache; the
 * modules themselves when run from source, or with GUARD_HOOK_BUNDLE=0. Services are built and faults
 * reported by the same copy of the code that uses and raises them. The code cache is written after the first answer, so it
 * holds the functions an event compiles.
 */
async function loadHookCommand(): Promise<Runner> {
  let bundle: string | undefined;
  if (process.env.GUARD_HOOK_BUNDLE !== '0') {
    try {
      bundle = createRequire(import.meta.url).resolve('./commands/bundle/hook.cjs');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
  if (bundle === undefined) {
    const entry = await import('./commands/hook-entry.js');
    return (argv, io) => entry.runCommand('hook', entry.runHook, argv, io);
  }
  const { runHookBundle } = await import('./load-hook-bundle.js');
  return (argv, io) => runHookBundle(bundle, argv, io);
}

/** `guard <name>` runs the command `load` resolves to, through command.ts's runCommand. */
function command(name: string, load: () => Promise<Command>): () => Promise<Runner> {
  return async () => {
    const [run, { runCommand }] = await Promise.all([load(), import('./command.js')]);
    return (argv, io) => runCommand(name, run, argv, io);
  };
}

const COMMANDS: Record<string, () => Promise<Runner>> = {
  check: command('check', async () => (await import('./commands/check.js')).runCheck),
  allowlist: command('allowlist', async () => (await import('./commands/allowlist.js')).runAllowlist),
  mcp: command('mcp', async () => (await import('./commands/mcp.js')).runMcp),
  policy: command('policy', async () => (await import('./commands/policy.js')).runPolicy),
  hook: loadHookCommand,
  shims: command('shims', async () => (await import('./commands/shims.js')).runShims),
  init: command('init', async () => (await import('./commands/init.js')).runInit),
  docs: command('docs', async () => (await import('./commands/docs.js')).runDocs),
  assess: command('assess', async () => (await import('./commands/assess.js')).runAssess),
  complete: command('complete', async () => (await import('./commands/complete.js')).runComplete),
  context: command('context', async () => (await import('./commands/context.js')).runContext),
  scan: command('scan', async () => (await import('./commands/scan.js')).runScan),
  gate: command('gate', async () => (await import('./commands/gate.js')).runGate),
  run: command('run', async () => (await import('./commands/run.js')).runRun),
};

// `guard pip install x`, `guard npm i y` …: one runner for every wrapped package manager.
for (const program of WRAPPED_PROGRAMS) {
  COMMANDS[program] = command(program, async () => {
    const { runWrapped } = await import('./commands/wrap.js');
    return (argv, io, services) => runWrapped(program, argv, io, services);
  });
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    const { readPackageVersion } = await import('../shared/package-version.js');
    io.stdout.write(`${await readPackageVersion()}\n`);
    return EXIT.ok;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr.write(`guard: unknown command "${name}"\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  try {
    return await (
      await load()
    )(rest, io);
  } catch (error) {
    return reportFault(error, io, name);
  }
}

// A reader that goes away (`guard check … | head -1`) gives EPIPE on stdout: end quietly, as other CLIs do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`guard: ${String(error)}\n`);
    process.exitCode = EXIT.internal;
  },
);
