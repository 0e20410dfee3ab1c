/**
 * The command line `guard init` writes into an agent's hook settings, built to fail closed: node
 * and groundguard's entry point by absolute path (an agent started from a GUI often has another
 * PATH), and a fallback that exits 2 when the guard cannot run at all (node or the entry point
 * gone, a crash): every agent here reads exit 2 from a pre-tool hook as "block" (Claude Code,
 * Codex, Gemini CLI, Windsurf, VS Code by their docs; Cursor with `failClosed: true`; Cline on
 * any non-zero exit). The guard's own exit 2 (Windsurf's block) passes through unchanged.
 */

/** Where the hook runs groundguard from: absolute paths, or `guard` on PATH when undefined. */
export interface HookLauncher {
  node: string;
  entry: string;
}

const FALLBACK = `{ s=$?; [ "$s" -eq 2 ] || echo "groundguard could not run its hook (exit $s), so this call is blocked" >&2; exit 2; }`;

/** `guard hook <protocol> [args…]` as a POSIX shell command line that blocks when the guard cannot run. */
export function hookCommand(protocol: string, launcher?: HookLauncher, args: readonly string[] = []): string {
  const program = launcher === undefined ? 'guard' : `${shellQuote(launcher.node)} ${shellQuote(launcher.entry)}`;
  return `${[program, 'hook', protocol, ...args].join(' ')} || ${FALLBACK}`;
}

/**
 * Whether `command` runs groundguard's hook for `protocol`, however it is reached (`guard`,
 * `/usr/local/bin/guard`, `guard.cmd`, `'/usr/bin/node' '/…/dist/cli/main.js'`, the hook's own entry
 * point `'/usr/bin/node' '/…/dist/cli/hook.cjs'`).
 */
export function isOurHookCommand(command: unknown, protocol: string): boolean {
  return (
    typeof command === 'string' &&
    new RegExp(`(?:^|[\\s/\\\\"'])(?:guard(?:\\.cmd|\\.exe)?|main\\.js|hook\\.cjs)["']?\\s+hook\\s+${protocol}(?=\\s|$)`).test(command)
  );
}

/** `value` quoted for a POSIX shell (single quotes; a quote inside becomes '\''). */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
