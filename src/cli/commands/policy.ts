/** `guard policy check [file]` and `guard policy explain <ecosystem> <spec>`: validate a policy, show which rule decides. */
import { scopedPolicySources, readPolicyText, validatePolicyText, type LoadedPolicy, type PolicyIssue } from '../../config/load-policy.js';
import { type InstallTarget } from '../../engines/install-commands/index.js';
import { ECOSYSTEMS, type Ecosystem } from '../../engines/package-names/index.js';
import { mergeScopedLayers, type PolicyExplanation, type ScopedLayer } from '../../engines/policy/index.js';
import type { PolicyExplanationReport } from '../../app/policy/explain-policy.js';
import { GuardError } from '../../shared/errors.js';
import { EXIT, UsageError } from '../exit.js';
import { parseCommandArgs } from '../parse-command-args.js';
import { type CliIo } from '../io.js';

export const POLICY_USAGE = `Usage:
  guard policy check [file] [--json]
      validate one policy file, or (without a file) the files that apply here: GUARD_POLICY, else
      the user file then the project's .guard/policy.yaml; exit 0 when valid, 2 with each problem
      located (file:line:column path: expected …, saw …)
  guard policy explain <pypi|npm|conda> <spec> [--index URL]... [--json]
      run the name check on <spec> and show every policy rule consulted, in order, and the one
      that decided; --index adds an index / registry / channel the install would use;
      exit 0 allowed or warned, 3 blocked`;

export async function runPolicy(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    { json: { type: 'boolean' }, index: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    POLICY_USAGE,
  );
  const { values, positionals } = parsed;
  const [action, ...rest] = positionals;
  if (values.help || action === undefined) {
    io.stdout.write(`${POLICY_USAGE}\n`);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  const json = values.json === true;
  switch (action) {
    case 'check':
      if (rest.length > 1) throw new UsageError('policy check takes at most one file', POLICY_USAGE);
      return checkPolicy(rest[0], json, io);
    case 'explain': {
      const [ecosystem, spec, ...extra] = rest;
      if (!ecosystem || !(ECOSYSTEMS as readonly string[]).includes(ecosystem)) {
        throw new UsageError(
          ecosystem
            ? `unknown ecosystem "${ecosystem}"; expected one of ${ECOSYSTEMS.join(', ')}`
            : 'missing the ecosystem (pypi, npm or conda)',
          POLICY_USAGE,
        );
      }
      if (!spec) throw new UsageError('missing the package spec to explain', POLICY_USAGE);
      if (extra.length > 0) throw new UsageError(`explain takes one spec; got also ${extra.join(' ')}`, POLICY_USAGE);
      return runExplain(ecosystem as Ecosystem, spec, values.index ?? [], json, io);
    }
    default:
      throw new UsageError(`unknown policy action "${action}"`, POLICY_USAGE);
  }
}

async function checkPolicy(file: string | undefined, json: boolean, io: CliIo): Promise<number> {
  let files: string[];
  const issues: PolicyIssue[] = [];
  const layers: ScopedLayer[] = [];
  try {
    const scoped = file === undefined ? scopedPolicySources({ cwd: io.cwd, env: io.env }) : [{ file, scope: 'user' as const }];
    files = scoped.map((s) => s.file);
    for (const { file: source, scope } of scoped) {
      const result = validatePolicyText(readPolicyText(source), source);
      issues.push(...result.issues);
      if (result.layer) layers.push({ layer: result.layer, scope });
    }
  } catch (error) {
    if (!(error instanceof GuardError) || error.code !== 'CONFIG_INVALID') throw error;
    io.stdout.write(
      json ? `${JSON.stringify({ ok: false, error: error.message, hint: error.hint }, null, 2)}\n` : `invalid: ${error.message}\n`,
    );
    return EXIT.usage;
  }
  if (json) {
    const body =
      issues.length === 0 ? { ok: true, sources: files, policy: mergeScopedLayers(layers) } : { ok: false, sources: files, issues };
    io.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    return issues.length === 0 ? EXIT.ok : EXIT.usage;
  }
  if (issues.length > 0) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    io.stdout.write(`invalid policy (${count}):\n${issues.map((i) => `  ${i.text}\n`).join('')}`);
    return EXIT.usage;
  }
  const policy = mergeScopedLayers(layers);
  const where =
    files.length === 0
      ? 'no policy file found; the built-in defaults apply'
      : files
          .map((f) => `  ${f}\n`)
          .join('')
          .trimEnd();
  io.stdout.write(
    `policy OK${files.length > 0 ? ':' : ''}\n${files.length > 0 ? where : `  ${where}`}\n` +
      `  mode ${policy.mode}, on_unverifiable ${policy.on_unverifiable}, ${policy.packages.allow.length} allow, ` +
      `${policy.packages.deny.length} deny, ${policy.private.length} private, ${policy.versions.length} version rules\n` +
      (policy.completion.model === undefined ? '' : `  completion model ${policy.completion.model}\n`),
  );
  return EXIT.ok;
}

async function runExplain(ecosystem: Ecosystem, spec: string, indexes: string[], json: boolean, io: CliIo): Promise<number> {
  const { explainPolicy } = await import('../../app/policy/explain-policy.js');
  let report: PolicyExplanationReport;
  try {
    report = await explainPolicy(ecosystem, spec, indexes, { cwd: io.cwd, env: io.env, stderr: io.stderr });
  } catch (error) {
    if (error instanceof GuardError && error.code === 'INPUT_INVALID') throw new UsageError(error.message, POLICY_USAGE);
    throw error;
  }
  const { loaded, target, check, facts, ...explanation } = report;
  if (json) {
    io.stdout.write(`${JSON.stringify({ sources: loaded.sources, target, check, facts, ...explanation }, null, 2)}\n`);
  } else {
    io.stdout.write(renderExplanation(target, loaded, explanation));
  }
  return explanation.decision.verdict === 'block' ? EXIT.blocked : EXIT.ok;
}

function renderExplanation(target: InstallTarget, loaded: LoadedPolicy, explanation: PolicyExplanation): string {
  const { decision, steps } = explanation;
  const lines: string[] = [];
  lines.push(
    `policy: ${loaded.sources.length > 0 ? `${loaded.sources.join(', ')} (over the built-in defaults)` : 'the built-in defaults'}`,
  );
  const what = target.kind === 'registry' ? `registry package "${target.name}"` : `${target.kind} install ${target.location ?? target.raw}`;
  lines.push(`target: ${target.ecosystem} ${what}${target.spec && target.spec !== target.name ? ` (${target.spec})` : ''}`, '');
  const width = Math.max(...steps.map((s) => s.rule.length), 4);
  steps.forEach((step, i) => {
    const outcome = step.outcome === 'block' ? 'BLOCK' : step.outcome;
    const origin = step.origin ? `  [${step.origin}]` : '';
    lines.push(`  ${String(i + 1).padStart(2)}. ${step.rule.padEnd(width)}  ${outcome.padEnd(5)}  ${step.detail}${origin}`);
  });
  const decider = steps.find((s) => s.rule === decision.rule);
  lines.push('', `verdict: ${decision.verdict}, decided by ${decision.rule}${decider?.origin ? ` (${decider.origin})` : ''}`);
  if (decision.downgraded) lines.push('  mode: warn turned the block into a warning');
  return `${lines.join('\n')}\n`;
}
