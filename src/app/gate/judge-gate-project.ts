/**
 * Use case: the registry gate's verdict on one requested project, by the same name check and
 * policy as `guard check` and the install guard, plus what only the upstream knows: whether the
 * name exists there, how old it is (freshness of names newer than the snapshot, remembered in the
 * delta list) and npm's security placeholders and deprecations.
 */
import { addDeltaName, dropDeltaName, normalizeName, type NameCheck } from '../../engines/package-names/index.js';
import { decideUnverifiable, type Policy, type PolicyReason } from '../../engines/policy/index.js';
import {
  formatAge,
  formatMinAge,
  minReleaseAgeMs,
  type GateEcosystem,
  type GateJudgement,
  type UpstreamFacts,
} from '../../engines/registry-gate/index.js';
import { resolveCacheDir } from '../../shared/paths.js';
import { checkPackages } from '../packages/check-packages.js';
import { withNameLists } from '../packages/held-name-lists.js';
import { nameListDepsOf, type HeldNameListDeps, type NameListDeps } from '../packages/name-lists.js';
import { decidePackageName } from '../packages/judge-package-names.js';

const LABEL: Record<GateEcosystem, string> = { pypi: 'PyPI', npm: 'npm' };

export interface GateJudgeDeps extends NameListDeps {
  policy: Policy;
  /** Where the upstream is, for messages. */
  upstream: (ecosystem: GateEcosystem) => string;
  now?: () => Date;
}

/** Judges a project the gate was asked for. Records a fresh name in the delta list (IO_FAILED is logged by the caller). */
export async function judgeGateProject(
  ecosystem: GateEcosystem,
  name: string,
  facts: UpstreamFacts,
  deps: GateJudgeDeps,
): Promise<GateJudgement> {
  return withNameLists(nameListDepsOf(deps), (held) => judgeWithLists(ecosystem, name, facts, deps, held));
}

async function judgeWithLists(
  ecosystem: GateEcosystem,
  name: string,
  facts: UpstreamFacts,
  deps: GateJudgeDeps,
  listDeps: HeldNameListDeps,
): Promise<GateJudgement> {
  const now = deps.now?.() ?? new Date();
  const { policy } = deps;
  const cacheDir = resolveCacheDir(deps.env);
  // A name seen gone and published again (or a sighting a later look-up contradicts) leaves the removed list.
  if (facts.exists)
    rememberQuietly(() => dropDeltaName(cacheDir, ecosystem, normalizeName(ecosystem, name), listDeps.deltaLists, 'removed'));
  const check = (await checkPackages({ ecosystem, packages: [name] }, listDeps, { maxSuggestionDistance: 2 })).results[0]!;
  const label = `${LABEL[ecosystem]} package "${name}"`;
  if (!facts.exists) {
    // Listed by the snapshot, gone upstream: remembered, so offline checks refuse it from now on.
    if (check.exists) rememberQuietly(() => addDeltaName(cacheDir, ecosystem, check.normalized, now, listDeps.deltaLists, 'removed'));
    return {
      verdict: 'block',
      code: 'not_found_upstream',
      message: `${label} does not exist on ${deps.upstream(ecosystem)}${didYouMean(check)}`,
    };
  }
  let effective: NameCheck = check;
  let fresh = false;
  if (!check.exists && check.reasons.some((r) => r.code === 'not_found')) {
    const minAge = minReleaseAgeMs(policy.min_release_age, ecosystem, name, now);
    if (facts.firstRelease === undefined) {
      const message = `${label} is not in the snapshot (${check.snapshot.date}) and ${deps.upstream(ecosystem)} gives no release times to establish its age`;
      const decision = decideUnverifiable(name, message, policy);
      if (decision.verdict === 'block')
        return { verdict: 'block', code: 'release_age_unknown', message: `${message}; set on_unverifiable: warn to allow such names` };
      effective = { ...check, exists: true, verdict: 'allow', reasons: [] };
    } else {
      const age = now.getTime() - facts.firstRelease;
      if (age < minAge) {
        return {
          verdict: 'block',
          code: 'new_name_too_young',
          message: `${label} is not in the snapshot (${check.snapshot.date}) and was first published ${formatAge(age)} ago, under the minimum release age of ${formatMinAge(minAge)}${didYouMean(check)}`,
        };
      }
      effective = { ...check, exists: true, verdict: 'allow', reasons: [] };
      fresh = true;
      addDeltaName(resolveCacheDir(deps.env), ecosystem, check.normalized, now, listDeps.deltaLists);
    }
  }
  const decision = decidePackageName(ecosystem, name, name, effective, policy, now, listDeps, 'registry gate');
  if (decision.verdict === 'block') {
    return {
      verdict: 'block',
      code: decision.rule === 'name-check' ? 'name_check' : 'policy',
      message: `${firstMessage(decision.reasons, label)}${didYouMean(effective)}`,
    };
  }
  if (facts.placeholder) {
    return {
      verdict: 'block',
      code: 'security_placeholder',
      message: `${label} is an npm security holding package (0.0.1-security): the registry removed it for malicious code; it has no usable release`,
    };
  }
  const notes: string[] = [];
  if (decision.verdict === 'warn') notes.push(firstMessage(decision.reasons, label));
  if (facts.deprecated)
    notes.push(
      `${label} is deprecated${facts.deprecated.replacement ? `; use "${facts.deprecated.replacement}" instead` : ''}: ${facts.deprecated.message}`,
    );
  if (!facts.timesKnown)
    notes.push(`${deps.upstream(ecosystem)} gives no release times for ${label}: the minimum release age could not be applied`);
  if (fresh)
    notes.push(
      `${label} is newer than the snapshot (${check.snapshot.date}); first published ${facts.firstReleaseBound ? 'at least ' : ''}${formatAge(now.getTime() - facts.firstRelease!)} ago: allowed and remembered`,
    );
  const verdict = decision.verdict === 'warn' || facts.deprecated ? 'warn' : 'allow';
  return { verdict, message: notes.join('; '), ...(fresh ? { fresh } : {}), ...(facts.deprecated ? { code: 'deprecated' as const } : {}) };
}

/** A delta-list write that may fail (an unwritable cache) without changing the verdict: it only costs the next look-up. */
function rememberQuietly(write: () => void): void {
  try {
    write();
  } catch {
    // The verdict stands; the next check asks again.
  }
}

function firstMessage(reasons: readonly PolicyReason[], fallback: string): string {
  return reasons[0]?.message ?? `${fallback} is refused by the policy`;
}

function didYouMean(check: NameCheck): string {
  const names = check.suggestions.slice(0, 3).map((s) => s.name);
  return names.length > 0 ? `. Did you mean ${names.map((n) => `"${n}"`).join(', ')}?` : '';
}
