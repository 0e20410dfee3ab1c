/** Exit codes and the one place where faults become a message on stderr and a code. */
import { toGuardError } from '../shared/errors.js';
import { type CliIo } from './io.js';

export const EXIT = { ok: 0, internal: 1, usage: 2, blocked: 3 } as const;

/** A usage error: exit 2 with the message and the command's usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** Prints a fault and returns its exit code (2 for input and configuration faults, 1 otherwise). */
export function reportFault(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr.write(`guard: ${error.message}\n\n${error.usage}\n`);
    return EXIT.usage;
  }
  const fault = toGuardError(error);
  io.stderr.write(`guard: ${fault.message}\n`);
  if (fault.hint) io.stderr.write(`  hint: ${fault.hint}\n`);
  if (fault.code === 'INTERNAL' && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return fault.code === 'INPUT_INVALID' || fault.code === 'CONFIG_INVALID' || fault.code === 'SOURCE_MISSING' ? EXIT.usage : EXIT.internal;
}
