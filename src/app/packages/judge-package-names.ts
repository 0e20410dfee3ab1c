/**
 * Use case: package names judged by the whole policy in force, one way for `guard check`, MCP
 * `check_package`, the registry gate and (target by target) the install guard: the name check,
 * the delta list of names the gate found upstream, conda channels the list does not cover
 * (`registries.uncovered_names`), the upstream asked about missing names where the policy lets
 * the hooks ask (`online.hooks`), then the policy's rules (deny and allow entries, private
 * namespaces, trust, versions, `mode`, `on_unverifiable`).
 */
import { type InstallTarget } from '../../engines/install-commands/index.js';
import { type Ecosystem, type NameCheck } from '../../engines/package-names/index.js';
import { decideTarget, type Policy, type PolicyDecision, type PolicyReason } from '../../engines/policy/index.js';
import { type Env } from '../../shared/paths.js';
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { gatherTargetFacts, longTailNames } from '../installs/vet-install.js';
import { type OnlineFinding } from './check-online.js';
import { checkPackages, type CheckReport } from './check-packages.js';
import { softenUncoveredConda } from './conda-channel-coverage.js';
import { withNameLists } from './held-name-lists.js';
import { nameListDepsOf, type HeldNameListDeps, type NameListDeps } from './name-lists.js';

/** One name's check with the policy's verdict: `reasons` carry the policy's codes and the name check's, `rule` says which rule decided. */
export interface JudgedName extends Omit<NameCheck, 'reasons'> {
  reasons: PolicyReason[];
  /** The rule that decided: `packages.deny[0]`, `private[0]`, `name-check`, `trust.min_popularity`, `default` … */
  rule: string;
  /** True when `mode: warn` turned a block into a warning. */
  downgraded?: boolean;
}

export interface JudgedReport {
  verdict: Verdict;
  results: JudgedName[];
}

export interface JudgeNamesDeps extends NameListDeps {
  cwd: string;
  env: Env;
  policy: Policy;
  now?: Date;
  /** `guard check --online`: ask the upstream about every name the snapshot cannot vouch for (and npm placeholders, deprecations). */
  online?: boolean;
}

/**
 * Checks and judges every spec of one ecosystem under `policy`. No network unless `online` or the
 * policy sets `online.hooks` (then names missing from the snapshot are asked upstream, short
 * timeout, cached). Throws what the name check throws (INDEX_MISSING …), never for the network.
 */
export async function judgePackageNames(
  request: { ecosystem: Ecosystem; packages: string[] },
  deps: JudgeNamesDeps,
): Promise<JudgedReport & { online?: OnlineFinding[] }> {
  return withNameLists(nameListDepsOf(deps), (held) => judgeWithLists(request, deps, held));
}

async function judgeWithLists(
  request: { ecosystem: Ecosystem; packages: string[] },
  deps: JudgeNamesDeps,
  listDeps: HeldNameListDeps,
): Promise<JudgedReport & { online?: OnlineFinding[] }> {
  const now = deps.now ?? new Date();
  let report: CheckReport;
  let online: OnlineFinding[] | undefined;
  if (deps.online) {
    const { checkPackagesOnline } = await import('./check-online.js');
    const checked = await checkPackagesOnline(request, { cwd: deps.cwd, env: deps.env, policy: deps.policy, now: () => now });
    report = checked;
    online = checked.online;
  } else report = await checkPackages(request, listDeps);
  const targets = report.results.map((check) => targetOf(check));
  let checks: Array<NameCheck | undefined> = report.results;
  const longTail = !deps.online && deps.policy.online.hooks ? longTailNames(targets, checks, listDeps) : [];
  if (!deps.online && deps.policy.online.hooks && (longTail.some(Boolean) || report.results.some((check) => !check.exists))) {
    const { confirmMissingNames } = await import('./online-name-confirm.js');
    checks = await confirmMissingNames(targets, checks, deps.policy, { cwd: deps.cwd, env: deps.env, now }, longTail);
  }
  // check_package names no channel: conda's configured channels apply, as for a bare `conda install`.
  checks = softenUncoveredConda({ indexes: [] }, targets, checks, deps.policy.registries);
  const judged = applyPolicy({ ...report, results: checks.map((check, i) => check ?? report.results[i]!) }, deps.policy, now, listDeps);
  return online ? { ...judged, online } : judged;
}

/** A report's checks (from `guard check`, `--online` or not) with the policy applied to each: the same decision as {@link decidePackageName}. */
function applyPolicy(report: CheckReport, policy: Policy, now: Date, deps: HeldNameListDeps): JudgedReport {
  const results = report.results.map((check): JudgedName => {
    const decision = decidePackageName(check.ecosystem, check.name, check.input, check, policy, now, deps);
    return {
      ...check,
      verdict: decision.verdict,
      reasons: decision.reasons.map(({ code, message, subject }) => ({ code, message, ...(subject ? { subject } : {}) })),
      rule: decision.rule,
      ...(decision.downgraded ? { downgraded: true } : {}),
    };
  });
  return { verdict: worstVerdict(results.map((r) => r.verdict)), results };
}

/**
 * The policy's decision on one registry package given its name check: the facts the rules need
 * (popularity, private overlay membership) looked up, then every rule in order. The registry gate
 * and `check_package` both decide through this function; the install guard applies the same rules
 * per target through the policy engine's `decideRequest`.
 */
export function decidePackageName(
  ecosystem: Ecosystem,
  name: string,
  spec: string,
  check: NameCheck | undefined,
  policy: Policy,
  now: Date,
  deps: HeldNameListDeps,
  origin = 'check_package',
): PolicyDecision {
  const target: InstallTarget = { ecosystem, kind: 'registry', raw: spec, name, spec, origin };
  return decideTarget(target, check, policy, now, gatherTargetFacts(ecosystem, name, check, policy, deps));
}

function targetOf(check: NameCheck): InstallTarget {
  return { ecosystem: check.ecosystem, kind: 'registry', raw: check.input, name: check.name, spec: check.input, origin: 'check_package' };
}
