/**
 * Use case behind `guard <pm> <args...>`: the wrapped argv read as the shell command it is, with the
 * same reading as the hooks (runners such as `npx pnpm add x`, `-c` strings, npm's aliases, index
 * variables).
 */
import { guardShellCommand, type ShellDeps, type ShellVerdict } from './guard-shell-command.js';

/** The verdict on `program args`; undefined when the command installs nothing and hides nothing (`pip list`, `npm test`). */
export async function vetWrappedCommand(program: string, args: readonly string[], deps: ShellDeps): Promise<ShellVerdict | undefined> {
  const command = [program, ...args].map(shellQuote).join(' ');
  // The wrapper runs the program with this process's environment, so ambient index variables count.
  const verdict = await guardShellCommand(command, { ...deps, runsWithEnv: true });
  const installs =
    verdict.commands.some((c) => c.verdict.targets.length > 0 || c.verdict.verdict !== 'allow') || verdict.unverifiable.length > 0;
  return installs ? verdict : undefined;
}

/** One argv word as bash reads it back: bare when it is safe, else single-quoted. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
