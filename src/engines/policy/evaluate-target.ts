/**
 * The rules a policy applies to one install target, in order: explicit deny, source kind, private
 * namespace, allow entries, the name check, trust, version constraints. Each rule gives a step of
 * the explanation; decide.ts reduces the steps to a verdict.
 */
import { parseSpec, type Ecosystem, type NameCheck } from '../package-names/index.js';
import { type InstallTarget } from '../install-commands/index.js';
import { type Verdict } from '../../shared/verdict.js';
import { forgeRepository } from './forge-source.js';
import { matchesName } from './name-patterns.js';
import { namesNoVersion, relateConstraint } from './version-constraints.js';
import { type CheckedFacts, type DenyEntry, type ExplainStep, type Policy } from './types.js';

const LABEL: Record<Ecosystem, string> = { pypi: 'PyPI', npm: 'npm', conda: 'conda' };
const KIND_LABEL: Record<string, string> = {
  path: 'a local path',
  editable: 'an editable local path',
  workspace: 'a workspace package',
  vcs: 'a version-control URL',
  url: 'a direct URL',
};

/** The steps of the rules consulted for `target`; an explicit deny ends the list. */
export function evaluateTarget(target: InstallTarget, facts: CheckedFacts, policy: Policy, now: Date): ExplainStep[] {
  const steps: ExplainStep[] = [];
  const { ecosystem, name } = target;
  const check = facts.check;
  const constraint = check?.constraint ?? constraintOf(target);
  const subject = name ?? target.location ?? target.raw;
  const unverifiable = (rule: string, message: string, detail = message): ExplainStep => ({
    rule,
    outcome: unverifiableOutcome(policy),
    detail: `${detail} (on_unverifiable: ${policy.on_unverifiable})`,
    reasons: [{ code: 'unverifiable', message, subject }],
  });

  const denied = name === undefined ? undefined : denySteps(ecosystem, name, constraint, policy, now, unverifiable);
  if (denied) {
    steps.push(...denied);
    if (denied.some((step) => step.outcome === 'block')) return steps;
  }

  if (target.kind !== 'registry') {
    const forgeStep = target.kind === 'vcs' || target.kind === 'url' ? forgeSourceStep(target, target.kind, policy) : undefined;
    if (forgeStep) {
      steps.push(forgeStep);
      return steps;
    }
    const action = policy.sources[target.kind];
    const message = `${LABEL[ecosystem]} install from ${KIND_LABEL[target.kind]} (${target.location ?? target.raw}) is ${describe(action)} by policy`;
    steps.push({
      rule: `sources.${target.kind}`,
      outcome: action,
      detail: message,
      reasons: action === 'allow' ? [] : [{ code: 'source_policy', message, subject }],
    });
    return steps;
  }
  if (name === undefined) {
    steps.push(unverifiable('name-check', `the install target "${target.raw}" names no package`));
    return steps;
  }

  const privateStep = privateNamespaceStep(ecosystem, name, facts, policy, unverifiable);
  if (privateStep) steps.push(privateStep);
  const allowStep = allowSteps(ecosystem, name, policy, now);
  steps.push(...allowStep.steps);
  const vouched = privateStep?.outcome === 'allow' ? privateStep.rule : allowStep.allowedBy;

  steps.push(nameCheckStep(name, check, vouched, unverifiable));
  steps.push(trustStep(ecosystem, name, check, facts.popularity, vouched, policy));
  steps.push(...versionSteps(ecosystem, name, constraint, policy, unverifiable));
  return steps;
}

const RANK: Readonly<Record<Verdict, number>> = { allow: 0, warn: 1, block: 2 };

/** The `sources.forge` step for a git or URL source naming one repository on a listed forge; undefined for any other. */
function forgeSourceStep(target: InstallTarget, kind: 'vcs' | 'url', policy: Policy): ExplainStep | undefined {
  const location = target.location ?? target.raw;
  const repository = forgeRepository(location, policy.forges);
  if (repository === undefined) return undefined;
  // The forge rule only relaxes a source's own rule, so narrowing `forges` never loosens a decision.
  const action = policy.sources.forge;
  if (RANK[action] > RANK[policy.sources[kind]]) return undefined;
  const named = `${repository.owner}/${repository.repo} on ${repository.host}`;
  const message =
    action === 'allow'
      ? `${LABEL[target.ecosystem]} install from the repository ${named} (${location}), named outright on a public forge, is allowed by policy; check it is the repository you meant`
      : `${LABEL[target.ecosystem]} install from the repository ${named} (${location}) is ${describe(action)} by policy`;
  const subject = target.name ?? location;
  return {
    rule: 'sources.forge',
    outcome: action,
    detail: message,
    reasons: [{ code: action === 'allow' ? 'forge_source' : 'source_policy', message, subject }],
  };
}

type Unverifiable = (rule: string, message: string, detail?: string) => ExplainStep;

function denySteps(
  ecosystem: Ecosystem,
  name: string,
  constraint: string | undefined,
  policy: Policy,
  now: Date,
  unverifiable: Unverifiable,
): ExplainStep[] {
  const steps: ExplainStep[] = [];
  policy.packages.deny.forEach((entry, i) => {
    if (entry.ecosystem !== ecosystem || !matchesName(ecosystem, entry.name, name)) return;
    const rule = `packages.deny[${i}]`;
    const origin = entry.origin !== undefined ? { origin: entry.origin } : {};
    if (isExpired(entry.expires, now)) {
      steps.push({ rule, ...origin, outcome: 'skip', detail: `deny entry "${entry.name}" expired on ${entry.expires}`, reasons: [] });
      return;
    }
    const because = entry.reason ? `: ${entry.reason}` : '';
    if (entry.versions === undefined) {
      const message = `${LABEL[ecosystem]} package "${name}" is denied by policy${because}`;
      steps.push({
        rule,
        ...origin,
        outcome: 'block',
        explicitDeny: true,
        detail: message,
        reasons: [{ code: 'policy_denied', message, subject: name }],
      });
      return;
    }
    steps.push({ rule, ...origin, ...versionedDeny(ecosystem, name, entry, constraint, because, unverifiable) });
  });
  if (steps.length === 0) steps.push({ rule: 'packages.deny', outcome: 'pass', detail: 'no deny entry matches', reasons: [] });
  return steps;
}

function versionedDeny(
  ecosystem: Ecosystem,
  name: string,
  entry: DenyEntry,
  constraint: string | undefined,
  because: string,
  unverifiable: Unverifiable,
): Omit<ExplainStep, 'rule'> {
  const versions = entry.versions!;
  if (namesNoVersion(ecosystem, constraint)) {
    return {
      outcome: 'pass',
      detail: `versions ${versions} are denied; the spec names no version, so the newest release is installed`,
      reasons: [],
    };
  }
  const relation = relateConstraint(ecosystem, constraint!, versions);
  const asked = `"${name}" ${constraint}`;
  switch (relation) {
    case 'inside': {
      const message = `${LABEL[ecosystem]} package ${asked} is denied by policy (versions ${versions})${because}`;
      return { outcome: 'block', explicitDeny: true, detail: message, reasons: [{ code: 'policy_denied', message, subject: name }] };
    }
    case 'overlap': {
      const message = `${LABEL[ecosystem]} package ${asked} may resolve to a denied version (${versions})${because}; pin a version outside it`;
      return { outcome: 'warn', explicitDeny: true, detail: message, reasons: [{ code: 'policy_denied', message, subject: name }] };
    }
    case 'outside':
      return { outcome: 'pass', detail: `${constraint} is outside the denied versions ${versions}`, reasons: [] };
    case 'unknown': {
      const { rule: _rule, ...step } = unverifiable('', `cannot tell whether ${asked} falls in the denied versions ${versions}`);
      return step;
    }
  }
}

function privateNamespaceStep(
  ecosystem: Ecosystem,
  name: string,
  facts: CheckedFacts,
  policy: Policy,
  unverifiable: Unverifiable,
): ExplainStep | undefined {
  const i = policy.private.findIndex((entry) => entry.ecosystem === ecosystem && matchesName(ecosystem, entry.pattern, name));
  if (i < 0) return undefined;
  const entry = policy.private[i]!;
  const rule = `private[${i}]`;
  const origin = entry.origin !== undefined ? { origin: entry.origin } : {};
  const found = facts.overlays?.[entry.overlay];
  if (found === true) {
    // A namespace from an untrusted project policy reserves names but does not vouch for them.
    if (entry.vouches === false)
      return {
        rule,
        ...origin,
        outcome: 'pass',
        detail: `"${name}" is in the private "${entry.overlay}" list (a project's namespace: the name is still checked)`,
        reasons: [],
      };
    return { rule, ...origin, outcome: 'allow', detail: `"${name}" is in the private "${entry.overlay}" list`, reasons: [] };
  }
  if (found === undefined) {
    const message = `"${name}" is in the private namespace ${entry.pattern}, but the "${entry.overlay}" list is not loaded; import it with \`guard allowlist import ${ecosystem} <file> --overlay ${entry.overlay}\``;
    return { ...unverifiable(rule, message), ...origin };
  }
  const message = `${LABEL[ecosystem]} package "${name}" is in the private namespace ${entry.pattern} but not in the private "${entry.overlay}" list; a public package of that name would be a dependency-confusion risk`;
  return { rule, ...origin, outcome: 'block', detail: message, reasons: [{ code: 'private_namespace', message, subject: name }] };
}

function allowSteps(ecosystem: Ecosystem, name: string, policy: Policy, now: Date): { steps: ExplainStep[]; allowedBy?: string } {
  const steps: ExplainStep[] = [];
  const entries = policy.packages.allow;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.ecosystem !== ecosystem || !matchesName(ecosystem, entry.name, name)) continue;
    const rule = `packages.allow[${i}]`;
    const origin = entry.origin !== undefined ? { origin: entry.origin } : {};
    if (isExpired(entry.expires, now)) {
      const message = `the allow entry "${entry.name}" for "${name}" expired on ${entry.expires}; the usual checks apply (renew or remove it)`;
      steps.push({ rule, ...origin, outcome: 'warn', detail: message, reasons: [{ code: 'allow_expired', message, subject: name }] });
      continue;
    }
    const message = `"${name}" is allowed by policy${entry.reason ? `: ${entry.reason}` : ''}`;
    steps.push({ rule, ...origin, outcome: 'allow', detail: message, reasons: [{ code: 'policy_allowed', message, subject: name }] });
    return { steps, allowedBy: rule };
  }
  if (steps.length === 0) steps.push({ rule: 'packages.allow', outcome: 'pass', detail: 'no allow entry matches', reasons: [] });
  return { steps };
}

function nameCheckStep(name: string, check: NameCheck | undefined, vouched: string | undefined, unverifiable: Unverifiable): ExplainStep {
  if (vouched !== undefined) {
    const kept = check && check.verdict !== 'allow' ? check.reasons.map((r) => ({ ...r, subject: name })) : [];
    const said = check ? `the name check said ${check.verdict}` : 'no name check was run';
    return { rule: 'name-check', outcome: 'skip', detail: `overridden by ${vouched} (${said})`, reasons: kept };
  }
  if (!check) return unverifiable('name-check', `no name check result for "${name}"`);
  const unavailable = check.reasons.find((r) => r.code === 'allowlist_unavailable');
  if (unavailable) return unverifiable('name-check', unavailable.message);
  const detail =
    check.verdict === 'allow' ? `"${name}" exists (snapshot ${check.snapshot.date})` : check.reasons.map((r) => r.message).join('; ');
  return { rule: 'name-check', outcome: check.verdict, detail, reasons: check.reasons.map((r) => ({ ...r, subject: name })) };
}

function trustStep(
  ecosystem: Ecosystem,
  name: string,
  check: NameCheck | undefined,
  popularity: number | undefined,
  vouched: string | undefined,
  policy: Policy,
): ExplainStep {
  const { min_popularity: minimum, unknown_popularity: unknown, action } = policy.trust;
  const skip = (detail: string): ExplainStep => ({ rule: 'trust', outcome: 'skip', detail, reasons: [] });
  if (minimum <= 0) return skip('no minimum popularity set');
  if (vouched !== undefined) return skip(`overridden by ${vouched}`);
  if (!check?.exists) return skip('the package was not found, so its usage is unknown');
  if (popularity === undefined) {
    const message = `the snapshot does not know how much ${LABEL[ecosystem]} package "${name}" is used (minimum popularity ${minimum})`;
    return {
      rule: 'trust.unknown_popularity',
      outcome: unknown,
      detail: message,
      reasons: unknown === 'allow' ? [] : [{ code: 'unknown_popularity', message, subject: name }],
    };
  }
  if (popularity >= minimum) return { rule: 'trust', outcome: 'pass', detail: `popularity ${popularity} ≥ ${minimum}`, reasons: [] };
  const message = `${LABEL[ecosystem]} package "${name}" is little used (popularity ${popularity} < ${minimum}); make sure it is the one you meant`;
  return {
    rule: 'trust.min_popularity',
    outcome: action,
    detail: message,
    reasons: action === 'allow' ? [] : [{ code: 'below_trust', message, subject: name }],
  };
}

function versionSteps(
  ecosystem: Ecosystem,
  name: string,
  constraint: string | undefined,
  policy: Policy,
  unverifiable: Unverifiable,
): ExplainStep[] {
  const steps: ExplainStep[] = [];
  policy.versions.forEach((entry, i) => {
    if (entry.ecosystem !== ecosystem || !matchesName(ecosystem, entry.name, name)) return;
    const rule = `versions[${i}]`;
    const origin = entry.origin !== undefined ? { origin: entry.origin } : {};
    const wanted = (entry.range ?? entry.specifier)!;
    if (namesNoVersion(ecosystem, constraint)) {
      steps.push({ rule, ...origin, outcome: 'pass', detail: `the spec names no version (policy wants ${wanted})`, reasons: [] });
      return;
    }
    const relation = relateConstraint(ecosystem, constraint!, wanted);
    const asked = `${LABEL[ecosystem]} package "${name}" ${constraint}`;
    if (relation === 'inside') steps.push({ rule, ...origin, outcome: 'pass', detail: `${constraint} is within ${wanted}`, reasons: [] });
    else if (relation === 'unknown') steps.push({ ...unverifiable(rule, `cannot tell whether ${asked} satisfies ${wanted}`), ...origin });
    else {
      const message =
        relation === 'outside'
          ? `${asked} is outside the versions the policy allows (${wanted})`
          : `${asked} also allows versions outside the policy's ${wanted}; pin a version within it`;
      const outcome: Verdict = relation === 'outside' ? 'block' : 'warn';
      steps.push({ rule, ...origin, outcome, detail: message, reasons: [{ code: 'version_not_allowed', message, subject: name }] });
    }
  });
  return steps;
}

/** The version constraint a target's spec names, if any. */
function constraintOf(target: InstallTarget): string | undefined {
  if (target.spec === undefined) return undefined;
  try {
    return parseSpec(target.ecosystem, target.spec).constraint;
  } catch {
    return undefined;
  }
}

/** True from the start (UTC) of the expiry day on. */
export function isExpired(expires: string | undefined, now: Date): boolean {
  if (expires === undefined) return false;
  const time = Date.parse(`${expires}T00:00:00Z`);
  return Number.isNaN(time) || now.getTime() >= time;
}

function unverifiableOutcome(policy: Policy): Verdict {
  return policy.on_unverifiable === 'deny' ? 'block' : policy.on_unverifiable;
}

function describe(action: Verdict): string {
  return action === 'allow' ? 'allowed' : action === 'warn' ? 'warned about' : 'blocked';
}
