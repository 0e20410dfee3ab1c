/** The hook's limits, apart from the hook command so that dist/cli/hook.cjs reads them without loading it. */

/** Events larger than this are not read: they are decided by the fail policy. */
export const MAX_EVENT_BYTES = 10 * 1024 * 1024;
