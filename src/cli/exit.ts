/** The CLI's one exit-code table and the one place where faults become a message on stderr and a code. */
import { GuardError, toGuardError, type GuardErrorCode } from '../shared/errors.js';
import { type CliIo } from './io.js';

/** 0 ok, 3 blocked by guard, 2 usage or configuration error, 1 internal fault (a wrapped command's own code passes through). */
export const EXIT = { ok: 0, internal: 1, usage: 2, blocked: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

// Faults the user fixes in their command line, files or environment; everything else is ours.
const USAGE_FAULTS: ReadonlySet<GuardErrorCode> = new Set<GuardErrorCode>(['INPUT_INVALID', 'CONFIG_INVALID', 'SOURCE_MISSING']);

/** A usage error: an INPUT_INVALID fault that also prints the command's usage; exit 2. */
export class UsageError extends GuardError {
  constructor(
    message: string,
    readonly usage: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super('INPUT_INVALID', message, options);
  }
}

/** The exit code of a fault. */
export function exitCodeFor(fault: GuardError): ExitCode {
  return USAGE_FAULTS.has(fault.code) ? EXIT.usage : EXIT.internal;
}

/**
 * Prints a fault as `guard <command>: CODE: message`, its hint, and for a usage error the command's
 * usage; returns its exit code. Every command's faults come here.
 */
export function reportFault(error: unknown, io: CliIo, command?: string): ExitCode {
  const fault = toGuardError(error);
  io.stderr.write(`guard${command === undefined ? '' : ` ${command}`}: ${fault.code}: ${fault.message}\n`);
  if (fault.hint) io.stderr.write(`  hint: ${fault.hint}\n`);
  if (error instanceof UsageError) io.stderr.write(`\n${error.usage}\n`);
  if (fault.code === 'INTERNAL' && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return exitCodeFor(fault);
}
