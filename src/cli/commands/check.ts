/** `guard check <ecosystem> <spec...> [--json]`: the name check, rendered for people or as JSON. */
import { checkPackages } from '../../app/check-packages.js';
import { ECOSYSTEMS, type Ecosystem } from '../../engines/package-names/index.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';
import { renderCheckReport } from '../render/check-report.js';

export const CHECK_USAGE = `Usage: guard check <pypi|npm|conda> <spec...> [--json]

Checks that each package exists in the ecosystem's authoritative name list before anything is
installed. A spec is a name with an optional version constraint: requests==2.31, lodash@^4,
conda-forge::numpy=1.26.

Options:
  --json     print {"verdict": …, "results": [...]} on stdout
  --help     show this help

Exit codes: 0 nothing blocked, 3 something blocked, 2 usage error.`;

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(argv, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, CHECK_USAGE);
  if (parsed.values.help) {
    io.stdout.write(`${CHECK_USAGE}\n`);
    return EXIT.ok;
  }
  const [ecosystem, ...specs] = parsed.positionals;
  if (!ecosystem) throw new UsageError('missing the ecosystem (pypi, npm or conda)', CHECK_USAGE);
  if (!(ECOSYSTEMS as readonly string[]).includes(ecosystem)) {
    throw new UsageError(`unknown ecosystem "${ecosystem}"; expected one of ${ECOSYSTEMS.join(', ')}`, CHECK_USAGE);
  }
  if (specs.length === 0) throw new UsageError('missing the package spec(s) to check', CHECK_USAGE);
  const report = await checkPackages({ ecosystem: ecosystem as Ecosystem, packages: specs }, { env: io.env, stderr: io.stderr });
  io.stdout.write(parsed.values.json ? `${JSON.stringify(report, null, 2)}\n` : renderCheckReport(report, { color: io.stdout.isTTY === true && !io.env.NO_COLOR }));
  return report.verdict === 'block' ? EXIT.blocked : EXIT.ok;
}
