/** The one fault type of the project: a stable code, a message that says what went wrong, an optional hint. */

export type GuardErrorCode =
  | 'INPUT_INVALID'
  | 'CONFIG_INVALID'
  | 'CHECKPOINT_INVALID'
  | 'CHECKPOINT_MISSING'
  | 'SOURCE_MISSING'
  | 'UPSTREAM_FAILED'
  | 'IO_FAILED'
  | 'INDEX_MISSING'
  | 'INDEX_INVALID'
  | 'MODEL_UNAVAILABLE'
  | 'INTERNAL';

export interface GuardErrorOptions {
  hint?: string;
  cause?: unknown;
}

export class GuardError extends Error {
  override readonly name = 'GuardError';
  readonly code: GuardErrorCode;
  readonly hint?: string;

  constructor(code: GuardErrorCode, message: string, options: GuardErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
  }
}

/** Wraps anything thrown into a GuardError, keeping GuardErrors as they are. */
export function toGuardError(error: unknown): GuardError {
  if (error instanceof GuardError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new GuardError('INTERNAL', `unexpected failure: ${message}`, { cause: error });
}
