/** The engine's input limit, kept apart so that the entry point can refuse long input without loading the walker. */

/** Scripts longer than this (in UTF-16 code units) are not parsed. */
export const MAX_SOURCE_LENGTH = 1024 * 1024;
