/**
 * Installer scripts that a command downloads from their publisher's own address and pipes to an
 * interpreter (`curl -sS https://bootstrap.pypa.io/get-pip.py | python3`): what each one installs is
 * known, so the pipe is read as that install (plus the arguments the interpreter passes the script)
 * instead of as code known only at run time. Any other download piped to an interpreter stays opaque.
 */

export interface BootstrapScript {
  url: string;
  /** The interpreter family that runs it. */
  family: 'python';
  /** The install it performs, as argv; the script's own arguments are appended. */
  installs: readonly string[];
}

// PyPA's pip bootstrap (pip.pypa.io "Installation": get-pip.py), the current one or one pinned to an older pip line.
// It runs pip's install command for pip (setuptools and wheel too on the Pythons that still want them),
// passing its command-line arguments on to that command.
const GET_PIP = /^https:\/\/bootstrap\.pypa\.io\/(?:pip\/(?:\d+\.)*\d+\/)?get-pip\.py$/;

/** The known installer script `argv` (a `curl`/`wget` run writing to stdout) downloads, or undefined. */
export function downloadedBootstrap(argv: readonly string[]): BootstrapScript | undefined {
  const [program, ...args] = argv;
  if (program === undefined || !writesToStdout(program.split('/').pop() ?? program, args)) return undefined;
  const urls = args.filter((arg) => !arg.startsWith('-'));
  if (urls.length !== 1 || !GET_PIP.test(urls[0]!)) return undefined;
  return { url: urls[0]!, family: 'python', installs: ['pip', 'install', 'pip', 'setuptools', 'wheel'] };
}

/** True when the download goes to stdout: curl without an output option, wget with `-O -`. Anything unclear is false. */
function writesToStdout(program: string, args: readonly string[]): boolean {
  if (program === 'curl') {
    // Only flag clusters without an output letter, and no option that takes a value (whose value could be mistaken for the URL).
    return args.every(
      (arg) => !arg.startsWith('-') || /^-[sSLfk#]+$/.test(arg) || /^--(?:silent|show-error|location|fail|insecure)$/.test(arg),
    );
  }
  if (program === 'wget') {
    const out = args.findIndex((arg) => /^-[qnv]*O-?$/.test(arg) || arg === '--output-document=-');
    if (out === -1) return false;
    const glued = args[out]!.endsWith('-') && args[out] !== '-O';
    const rest = args.filter((_, i) => i !== out && !(i === out + 1 && !glued));
    if (!glued && args[out + 1] !== '-') return false;
    return rest.every((arg) => !arg.startsWith('-') || /^-[qnv]+$/.test(arg) || arg === '--quiet' || arg === '--no-verbose');
  }
  return false;
}
