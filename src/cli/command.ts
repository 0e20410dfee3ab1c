/**
 * How every `guard` command runs: its services built in one place from the CLI's I/O
 * (`{ env, cwd, stderr }`, see app/services.ts) and closed after it, its faults reported through
 * the one exit-code table in exit.ts.
 */
import { createServices, type Services } from '../app/services.js';
import { EXIT, reportFault } from './exit.js';
import type { CliIo } from './io.js';

/** A command: its arguments, the process's I/O and services in; an exit code out (faults are thrown). */
export type Command = (argv: string[], io: CliIo, services: Services) => Promise<number>;

/** The services a command gets: built from the CLI's environment, working directory and stderr. */
export function createCliServices(io: CliIo): Services {
  return createServices({ env: io.env, cwd: io.cwd, stderr: io.stderr });
}

/** Runs `command` as `guard <name>`: a fault becomes a message on stderr and its exit code; the services are closed either way. */
export async function runCommand(name: string, command: Command, argv: string[], io: CliIo): Promise<number> {
  const services = createCliServices(io);
  let code: number;
  try {
    code = await command(argv, io, services);
  } catch (error) {
    code = reportFault(error, io, name);
  }
  try {
    await services.close();
  } catch (error) {
    const fault = reportFault(error, io, name);
    if (code === EXIT.ok) code = fault;
  }
  return code;
}
