/** `guard shims install|uninstall|env`: PATH shims that send package managers through `guard <pm>`. */
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultShimDir, installShims, uninstallShims } from '../../app/agent-setup/manage-shims.js';
import { renderPathLine, SHELL_KINDS, SHIM_PROGRAMS, type ShellKind } from '../../app/agent-setup/shim-script.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const SHIMS_USAGE = `Usage:
  guard shims install [--dir D]      write shims for ${SHIM_PROGRAMS.join(', ')}
                                     into D (default: <user data dir>/groundguard/shims); each runs
                                     \`guard <pm>\`, which vets the install, then runs the real program
                                     found further down PATH (never a shim); safe to run again
  guard shims uninstall [--dir D]    remove the shims from D (only files groundguard wrote)
  guard shims env [--dir D] [--shell sh|fish|powershell]
                                     print the line that puts D first on PATH, e.g.
                                     eval "$(guard shims env)"

Put the directory first on the PATH of the agent (or of your shell) for the shims to take effect.`;

// dist/cli/commands/shims.js -> dist/cli/main.js: what the shims run.
const CLI_ENTRY = fileURLToPath(new URL('../main.js', import.meta.url));

export async function runShims(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    { dir: { type: 'string' }, shell: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    SHIMS_USAGE,
  );
  const { values, positionals } = parsed;
  const [action, ...extra] = positionals;
  if (values.help || action === undefined) {
    io.stdout.write(`${SHIMS_USAGE}\n`);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`, SHIMS_USAGE);
  if (values.dir === '') throw new UsageError('--dir needs a directory', SHIMS_USAGE);
  const dir = values.dir === undefined ? defaultShimDir(io.env) : resolve(io.cwd, values.dir);
  if (values.shell !== undefined && action !== 'env') throw new UsageError('--shell applies to `guard shims env` only', SHIMS_USAGE);
  switch (action) {
    case 'install': {
      const result = installShims({ dir, node: process.execPath, cli: CLI_ENTRY });
      const count = result.written.length + result.unchanged.length;
      io.stdout.write(
        `guard: ${count} shims in ${dir} (${result.written.length} written, ${result.unchanged.length} already up to date)\n`,
      );
      io.stdout.write(
        `Put the directory first on PATH (in the agent's environment or your shell profile):\n  ${renderPathLine(dir, shellOf(undefined, io))}\n`,
      );
      return EXIT.ok;
    }
    case 'uninstall': {
      const result = uninstallShims(dir);
      io.stdout.write(`guard: removed ${result.removed.length} shims from ${dir}\n`);
      for (const path of result.kept) io.stdout.write(`  kept ${path}: groundguard did not write it\n`);
      return EXIT.ok;
    }
    case 'env':
      io.stdout.write(`${renderPathLine(dir, shellOf(values.shell, io))}\n`);
      return EXIT.ok;
    default:
      throw new UsageError(`unknown shims action "${action}"; expected install, uninstall or env`, SHIMS_USAGE);
  }
}

/** The shell named by --shell, else guessed: PowerShell on Windows, fish when $SHELL is fish, else sh. */
function shellOf(option: string | undefined, io: CliIo): ShellKind {
  if (option !== undefined) {
    if (!(SHELL_KINDS as readonly string[]).includes(option))
      throw new UsageError(`unknown shell "${option}"; expected ${SHELL_KINDS.join(', ')}`, SHIMS_USAGE);
    return option as ShellKind;
  }
  if (process.platform === 'win32') return 'powershell';
  return io.env.SHELL !== undefined && basename(io.env.SHELL) === 'fish' ? 'fish' : 'sh';
}
