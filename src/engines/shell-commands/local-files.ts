/**
 * What the walker may learn from the directory a command runs in: the text of a file it sources or
 * runs as a script, and whether a glob matches anything (bash passes a pattern that matches
 * nothing on unchanged). Supplied by the caller (the engine itself does no I/O); without it every
 * such word stays unverifiable, as before.
 */
export interface ShellFiles {
  /** The text of `path` (relative to the command's directory), or undefined when it is absent, unreadable or too large. */
  readText(path: string): string | undefined;
  /** True when the bash glob `pattern` (relative to the command's directory) matches at least one path. */
  hasMatch(pattern: string): boolean;
}

/** Files a sourced script or a script run by path may have: larger ones are not read. */
export const MAX_SCRIPT_BYTES = 256 * 1024;
