/** Reads a shell's own command line (`bash -lc '…'`, `sh -euo pipefail script.sh`, `zsh -s`): where its script comes from. */

export interface ShellInvocation {
  /** `-c` was given: the first operand is the script itself. */
  command: boolean;
  /** `-s` was given: the script comes from stdin even though operands follow. */
  stdin: boolean;
  /** Index in the arguments of the first operand (the -c script or the script file); undefined when none. */
  operand?: number;
}

// Options of bash, sh, dash, zsh and ksh that take the next word as their value.
const VALUED_SHORT = new Set(['o', 'O']);
const VALUED_LONG = new Set(['--rcfile', '--init-file']);

/**
 * Scans a shell's arguments (undefined where a word is known only at run time) the way the shell
 * does: option clusters with `-` or `+` (`-lc`, `-euo pipefail`, `+x`), then operands.
 */
export function scanShellArguments(args: ReadonlyArray<string | undefined>): ShellInvocation {
  const invocation: ShellInvocation = { command: false, stdin: false };
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined || arg.length < 2 || (arg[0] !== '-' && arg[0] !== '+')) break;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg.startsWith('--')) {
      if (VALUED_LONG.has(arg)) i++;
      continue;
    }
    for (const letter of arg.slice(1)) {
      if (letter === 'c') invocation.command = true;
      else if (letter === 's') invocation.stdin = true;
      else if (VALUED_SHORT.has(letter)) i++;
    }
  }
  if (i < args.length) invocation.operand = i;
  return invocation;
}

/**
 * The command string of `su`/`runuser` (`-c cmd`, `--command=cmd`, `-lc cmd`, `--session-command cmd`):
 * the string when it is in the same word as its option, the index of the word holding it otherwise,
 * undefined when there is none.
 */
export function scanSwitchUserArguments(args: ReadonlyArray<string | undefined>): string | number | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined || arg === '--') return undefined;
    for (const long of ['--command', '--session-command']) {
      if (arg === long) return i + 1 < args.length ? i + 1 : undefined;
      if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
    }
    if (/^-[a-zA-Z]+$/.test(arg)) {
      const at = arg.indexOf('c');
      if (at > 0) return at < arg.length - 1 ? arg.slice(at + 1) : i + 1 < args.length ? i + 1 : undefined;
      // Options of su and runuser that take a value.
      if (/[sgGuw]$/.test(arg)) i++;
    }
  }
  return undefined;
}
