/**
 * Decisions: a target's rule steps reduced to one verdict (the strictest; `mode: warn` turns
 * blocks into warns except explicit denies), and a whole install request: its index URLs, its
 * targets and what could not be read statically.
 */
import { type Ecosystem, type NameCheck } from '../package-names/index.js';
import { type InstallRequest, type InstallTarget, type PackageManager } from '../install-commands/index.js';
import { worstVerdict, type Verdict } from '../../shared/verdict.js';
import { evaluateTarget } from './evaluate-target.js';
import { knownPypiIndex } from './known-indexes.js';
import { allowedIndexEntry, matchesName } from './name-patterns.js';
import {
  type CheckedFacts,
  type ExplainStep,
  type Policy,
  type PolicyDecision,
  type PolicyExplanation,
  type PolicyReason,
  type TargetFacts,
} from './types.js';

export interface RequestDecision extends PolicyDecision {
  targets: Array<{ target: InstallTarget; decision: PolicyDecision }>;
}

const MANAGER_ECOSYSTEM: Record<PackageManager, Ecosystem> = {
  pip: 'pypi',
  uv: 'pypi',
  poetry: 'pypi',
  pipx: 'pypi',
  pdm: 'pypi',
  pipenv: 'pypi',
  rye: 'pypi',
  pixi: 'conda',
  npm: 'npm',
  npx: 'npm',
  pnpm: 'npm',
  yarn: 'npm',
  bun: 'npm',
  bunx: 'npm',
  conda: 'conda',
  mamba: 'conda',
  micromamba: 'conda',
};

/**
 * The policy's verdict on one install target, given its name check (undefined: none was run) and
 * the facts the caller looked up. Pure; `now` decides which allow/deny entries have expired.
 */
export function decideTarget(
  target: InstallTarget,
  check: NameCheck | undefined,
  policy: Policy,
  now: Date,
  facts: TargetFacts = {},
): PolicyDecision {
  return reduceSteps(evaluateTarget(target, withCheck(facts, check), policy, now), policy);
}

/** The decision on one target with every rule consulted, in order, for `guard policy explain`; `indexes` adds the registry rule. */
export function explainDecision(
  target: InstallTarget,
  check: NameCheck | undefined,
  policy: Policy,
  now: Date,
  facts: TargetFacts & { indexes?: readonly string[] } = {},
): PolicyExplanation {
  const steps = [
    ...indexSteps(facts.indexes ?? [], [target.ecosystem], policy),
    ...evaluateTarget(target, withCheck(facts, check), policy, now),
  ];
  return { decision: reduceSteps(steps, policy), steps };
}

/**
 * The verdict on a whole install request: every index URL against `registries`, every target
 * (with the facts `factsFor` gives, name check included), every unresolved part against
 * `on_unverifiable`. A command that installs nothing is allowed.
 */
export function decideRequest(
  request: InstallRequest,
  policy: Policy,
  now: Date,
  factsFor: (target: InstallTarget, index: number) => CheckedFacts | undefined = () => undefined,
): RequestDecision {
  if (!request.installs) return { verdict: 'allow', rule: 'not-an-install', reasons: [], targets: [] };
  const ecosystems = [MANAGER_ECOSYSTEM[request.manager], ...request.targets.map((t) => t.ecosystem)];
  const checked = request.targets.map((target, i) => ({ target, facts: factsFor(target, i) ?? {} }));
  const targets = checked.map(({ target, facts }) => ({
    target,
    decision: reduceSteps(evaluateTarget(target, facts, policy, now), policy),
  }));
  const unresolved: ExplainStep[] = request.unresolved.map(({ what, why }) => {
    const message = `cannot verify ${what} statically: ${why}`;
    return {
      rule: 'on_unverifiable',
      outcome: unverifiableOutcome(policy),
      detail: message,
      reasons: [{ code: 'unverifiable', message, subject: what }],
    };
  });
  const parts: PolicyDecision[] = [
    ...indexSteps(request.indexes, [...new Set(ecosystems)], policy, vouchedEcosystems(checked), request.extraIndexes).map((step) =>
      reduceSteps([step], policy),
    ),
    ...targets.map((t) => t.decision),
    ...unresolved.map((step) => reduceSteps([step], policy)),
  ];
  const verdict = worstVerdict(parts.map((p) => p.verdict));
  const deciding = parts.find((p) => p.verdict === verdict && (verdict !== 'allow' || p.rule !== 'default'));
  const decision: RequestDecision = { verdict, rule: deciding?.rule ?? 'default', reasons: parts.flatMap((p) => p.reasons), targets };
  if (parts.some((p) => p.downgraded)) decision.downgraded = true;
  return decision;
}

/**
 * The policy's verdict on something that cannot be verified statically (`$(…)` in a command, an
 * unreadable file): `on_unverifiable`, with `mode: warn` turning a block into a warn.
 */
export function decideUnverifiable(subject: string, message: string, policy: Policy): PolicyDecision {
  const step: ExplainStep = {
    rule: 'on_unverifiable',
    outcome: unverifiableOutcome(policy),
    detail: message,
    reasons: [{ code: 'unverifiable', message, subject }],
  };
  return reduceSteps([step], policy);
}

/** The overlays a name's private namespaces point at, in policy order: what a caller must look the name up in. */
export function privateOverlaysFor(policy: Policy, ecosystem: Ecosystem, name: string): string[] {
  return policy.private.filter((p) => p.ecosystem === ecosystem && matchesName(ecosystem, p.pattern, name)).map((p) => p.overlay);
}

/** The ecosystem a package manager installs from. */
export function managerEcosystem(manager: PackageManager): Ecosystem {
  return MANAGER_ECOSYSTEM[manager];
}

/**
 * The ecosystems whose every registry target (at least one) the name check found in its list: an
 * extra source beside them can add releases of packages that exist, not packages nobody published.
 */
function vouchedEcosystems(checked: ReadonlyArray<{ target: InstallTarget; facts: CheckedFacts }>): Set<Ecosystem> {
  const vouched = new Set<Ecosystem>();
  const refused = new Set<Ecosystem>();
  for (const { target, facts } of checked) {
    if (target.kind !== 'registry') continue;
    if (facts.check?.exists === true) vouched.add(target.ecosystem);
    else refused.add(target.ecosystem);
  }
  for (const ecosystem of refused) vouched.delete(ecosystem);
  return vouched;
}

/**
 * An unlisted source beside the registry's own, for a command whose every package is on the registry's list.
 * PyPI: read beside PyPI (`--extra-index-url`, `--find-links`), named over HTTPS (`pip install torch-scatter -f
 * https://wheels.vendor.example/torch-2.1.html`): what vendors' own install docs tell users to pass; an index that
 * replaces PyPI (`-i`, PIP_INDEX_URL) serves every package itself and keeps the registry rule. conda: a channel
 * (`-c rdkit`, `rdkit::rdkit`, a condarc channel) named by its anaconda.org name or an HTTPS URL, the names judged
 * against conda-forge's list. Under the default `registries.unlisted: warn` it is let through with a note naming
 * the source (`unlisted_index`, `unlisted_channel`); `unlisted: block` still refuses it, and a name missing from
 * the list keeps the registry rule.
 */
function noteOnlySource(
  index: string,
  ecosystem: Ecosystem,
  policy: Policy,
  vouched: ReadonlySet<Ecosystem>,
  extra: readonly string[],
): boolean {
  if (policy.registries.unlisted !== 'warn' || !vouched.has(ecosystem)) return false;
  const source = index.trim();
  if (ecosystem === 'pypi') return extra.includes(index) && /^https:\/\/[^/\s]/i.test(source);
  return ecosystem === 'conda' && (/^[a-z0-9][a-z0-9._-]*$/i.test(source) || /^https:\/\/[^/\s]/i.test(source));
}

function indexSteps(
  indexes: readonly string[],
  ecosystems: readonly Ecosystem[],
  policy: Policy,
  vouched: ReadonlySet<Ecosystem> = new Set(),
  extra: readonly string[] = [],
): ExplainStep[] {
  const primary = ecosystems[0];
  if (primary === undefined) return [];
  return indexes.map((index) => {
    for (const ecosystem of ecosystems) {
      const entry = allowedIndexEntry(ecosystem, index, policy.registries[ecosystem]);
      if (entry !== undefined) {
        const known = ecosystem === 'pypi' ? knownPypiIndex(entry) : undefined;
        const what =
          known === undefined ? '' : ` (${known.what}${known.kind === 'mirror' ? '; names are judged against the PyPI list' : ''})`;
        return { rule: `registries.${ecosystem}`, outcome: 'pass', detail: `${index} is under the allowed ${entry}${what}`, reasons: [] };
      }
    }
    const allowed = policy.registries[primary];
    if (noteOnlySource(index, primary, policy, vouched, extra)) {
      const reason = primary === 'conda' ? unlistedChannelReason(index) : unlistedIndexReason(index);
      return { rule: `registries.${primary}`, outcome: 'allow', detail: reason.message, reasons: [reason] };
    }
    const action = policy.registries.unlisted;
    const message = `${index} is not an allowed ${primary} index (allowed: ${listSome(allowed)}); add it under registries.${primary} or drop the option`;
    return {
      rule: `registries.${primary}`,
      outcome: action,
      detail: message,
      reasons: action === 'allow' ? [] : [{ code: 'registry_not_allowed', message, subject: index }],
    };
  });
}

function unlistedIndexReason(index: string): PolicyReason {
  const message = `${index} is not a listed pypi index; every package named here is on the PyPI list, so it is let through, but pip may take a newer release of them from ${hostOf(index)} (add it under registries.pypi once trusted, or set registries.unlisted: block to refuse unlisted indexes)`;
  return { code: 'unlisted_index', message, subject: index };
}

function unlistedChannelReason(channel: string): PolicyReason {
  const message = `conda channel ${channel} is not listed under registries.conda; every package named here is on conda-forge's list, so it is let through, but conda may install them as built on ${channel} (add it under registries.conda once trusted, or set registries.unlisted: block to refuse unlisted channels)`;
  return { code: 'unlisted_channel', message, subject: channel };
}

function hostOf(index: string): string {
  try {
    return new URL(index.trim()).host;
  } catch {
    return index;
  }
}

/** A long allow list shortened for a message: the first entries and how many more (`guard policy explain` shows them all). */
function listSome(entries: readonly string[]): string {
  if (entries.length === 0) return 'none';
  const shown = entries.slice(0, 3).join(', ');
  return entries.length > 3 ? `${shown} and ${entries.length - 3} more; see \`guard policy explain\`` : shown;
}

/** Reduces rule steps to a decision: the strictest outcome, decided by the first rule that gave it. */
export function reduceSteps(steps: readonly ExplainStep[], policy: Policy): PolicyDecision {
  let downgraded = false;
  const effective = steps.map((step): Verdict | undefined => {
    if (step.outcome === 'skip' || step.outcome === 'pass') return undefined;
    if (step.outcome === 'block' && policy.mode === 'warn' && !step.explicitDeny) {
      downgraded = true;
      return 'warn';
    }
    return step.outcome;
  });
  const verdict = worstVerdict(effective.filter((v): v is Verdict => v !== undefined));
  const index = effective.findIndex((v) => v === verdict);
  const decision: PolicyDecision = {
    verdict,
    rule: index >= 0 ? steps[index]!.rule : 'default',
    reasons: steps.flatMap((step) => step.reasons),
  };
  if (downgraded && verdict === 'warn') decision.downgraded = true;
  return decision;
}

function withCheck(facts: TargetFacts, check: NameCheck | undefined): CheckedFacts {
  return check === undefined ? { ...facts } : { ...facts, check };
}

function unverifiableOutcome(policy: Policy): Verdict {
  return policy.on_unverifiable === 'deny' ? 'block' : policy.on_unverifiable;
}
