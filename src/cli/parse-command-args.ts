/** Every command's argument parsing: node's parseArgs in strict mode, its complaints turned into a usage error with the command's help. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `args` against `options`; throws UsageError (exit 2, with `usage`) for an unknown option, a missing value or, unless allowed, a positional. */
export function parseCommandArgs<const O extends Options, const P extends boolean = true>(
  args: string[],
  options: O,
  usage: string,
  allowPositionals?: P,
) {
  try {
    return parseArgs({ args, options, allowPositionals: (allowPositionals ?? true) as P extends false ? false : true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}
