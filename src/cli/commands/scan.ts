/** `guard scan [dir] [--format text|json|sarif] [--fail-on block|warn] [--output FILE]`: every declared dependency of a repository, for CI. */
import { resolve } from 'node:path';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const SCAN_USAGE = `Usage: guard scan [dir] [--format text|json|sarif] [--fail-on block|warn] [--output FILE]

Checks every dependency the repository declares against the registry name lists and the policy
in force: requirements*.txt, pyproject.toml, Pipfile, setup.cfg, package.json (every workspace),
environment.yml, pixi.toml and the lock files package-lock.json, npm-shrinkwrap.json,
pnpm-lock.yaml, yarn.lock, uv.lock and poetry.lock. node_modules, virtual environments and caches
are skipped. Nothing is installed and nothing is fetched.

Options:
  --format   text (default), json (the report), or sarif (SARIF 2.1.0 for GitHub code scanning)
  --fail-on  block (default): exit 3 when anything is blocked; warn: also when anything warns
  --output   write the report to FILE instead of stdout
  --help     show this help

Exit codes: 0 nothing at or above --fail-on, 3 findings at or above it, 2 usage or configuration
error, 1 internal fault.`;

const FORMATS = ['text', 'json', 'sarif'] as const;

export async function runScan(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      format: { type: 'string' },
      'fail-on': { type: 'string' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
    SCAN_USAGE,
  );
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${SCAN_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length > 1) throw new UsageError(`expected one directory, got ${positionals.length}`, SCAN_USAGE);
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`unknown --format "${format}"; expected text, json or sarif`, SCAN_USAGE);
  const failOn = values['fail-on'] ?? 'block';
  if (failOn !== 'block' && failOn !== 'warn') throw new UsageError(`unknown --fail-on "${failOn}"; expected block or warn`, SCAN_USAGE);
  if (values.output === '') throw new UsageError('--output needs a file', SCAN_USAGE);
  const root = resolve(io.cwd, positionals[0] ?? '.');
  const { scanRepository } = await import('../../app/installs/scan-repository.js');
  const report = await scanRepository(root, { env: io.env, stderr: io.stderr });
  const render = await import('../render/scan-report.js');
  const text =
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === 'sarif'
        ? render.renderScanSarif(report, await packageVersion())
        : render.renderScanText(report);
  if (values.output !== undefined) {
    const { writeFileAtomic } = await import('../../shared/write-file-atomic.js');
    writeFileAtomic(resolve(io.cwd, values.output), text);
    if (format !== 'text') io.stderr.write(render.renderScanText(report));
  } else io.stdout.write(text);
  const failing = report.findings.some((finding) => finding.verdict === 'block' || (failOn === 'warn' && finding.verdict === 'warn'));
  return failing ? EXIT.blocked : EXIT.ok;
}

async function packageVersion(): Promise<string> {
  const { readFileSync } = await import('node:fs');
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
