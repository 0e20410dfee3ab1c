/** `guard check <ecosystem> <spec...> [--json]`: the name check and the policy in force, rendered for people or as JSON. */
import { judgePackageNames } from '../../app/packages/judge-package-names.js';
import type { Services } from '../../app/services.js';
import { ECOSYSTEMS, type Ecosystem } from '../../engines/package-names/index.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';
import { renderCheckReport } from '../render/check-report.js';

export const CHECK_USAGE = `Usage: guard check <pypi|npm|conda> <spec...> [--online] [--json]

Checks that each package exists in the ecosystem's authoritative name list before anything is
installed, and applies the policy in force exactly as the install guard and the registry gate do
(deny and allow entries, private namespaces, trust, versions, conda channels the list does not
cover, mode). A spec is a name with an optional version constraint: requests==2.31, lodash@^4,
conda-forge::numpy=1.26. With --json each result carries its reason codes and the deciding rule.

Options:
  --json     print {"verdict": …, "results": [...]} on stdout
  --online   also ask the upstream index (short timeout) about names missing from the snapshot
             (allowed and remembered when older than min_release_age) and, for npm, security
             holding packages and deprecations; offline is the default
  --help     show this help

Exit codes: 0 nothing blocked, 3 something blocked, 2 usage error.`;

export async function runCheck(argv: string[], io: CliIo, services: Services): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    { json: { type: 'boolean' }, online: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    CHECK_USAGE,
  );
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
  const request = { ecosystem: ecosystem as Ecosystem, packages: specs };
  const report = await judgePackageNames(request, {
    cwd: io.cwd,
    env: io.env,
    stderr: io.stderr,
    policy: await services.policy.current(),
    nameLists: services.nameLists,
    ...(parsed.values.online ? { online: true } : {}),
  });
  io.stdout.write(
    parsed.values.json
      ? `${JSON.stringify(report, null, 2)}\n`
      : renderCheckReport(report, { color: io.stdout.isTTY === true && !io.env.NO_COLOR }),
  );
  if (!parsed.values.json) {
    for (const finding of report.online ?? [])
      io.stdout.write(`  online ${finding.verdict.padEnd(5)} ${finding.input}: ${finding.message}\n`);
  }
  return report.verdict === 'block' ? EXIT.blocked : EXIT.ok;
}
