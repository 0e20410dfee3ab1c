/**
 * Use case: vet one install request (what a package-manager command or a dependency file asks
 * for) against the name lists and the org policy, and say why in one report. Shared by the
 * wrapper, the agent hooks and `guard policy explain`, so a decision is made one way everywhere.
 */
import { type InstallRequest, type InstallTarget } from '../../engines/install-commands/index.js';
import { normalizeName, type Ecosystem, type NameCheck } from '../../engines/package-names/index.js';
import {
  decideRequest,
  privateOverlaysFor,
  type CheckedFacts,
  type Policy,
  type PolicyDecision,
  type RequestDecision,
  type TargetFacts,
} from '../../engines/policy/index.js';
import { policyInForce } from '../../config/policy-in-force.js';
import { type Env } from '../../shared/paths.js';
import { type ProgressStream } from '../../shared/progress.js';
import { type Verdict } from '../../shared/verdict.js';
import { checkPackages } from '../packages/check-packages.js';
import { softenUncoveredConda } from '../packages/conda-channel-coverage.js';
import { renderInstallReport } from './install-report.js';
import { withNameLists } from '../packages/held-name-lists.js';
import { nameListDepsOf, openNameLists, type HeldNameListDeps, type NameListDeps } from '../packages/name-lists.js';

export interface TargetVerdict {
  target: InstallTarget;
  /** The name check; absent for non-registry targets and targets without a name. */
  check?: NameCheck;
  decision: PolicyDecision;
}

export interface InstallVerdict {
  verdict: Verdict;
  targets: TargetVerdict[];
  /** What the request could not read statically (each decided by `on_unverifiable`). */
  unresolved: InstallRequest['unresolved'];
  /** The policy's decision on the whole request: index URLs, targets and unresolved parts. */
  decision: RequestDecision;
  /** One human report: what, why, the snapshot date and the nearest real names. */
  report: string;
}

export interface VetDeps {
  cwd: string;
  env: Env;
  /** Where first-use progress and notices go. */
  stderr?: ProgressStream;
  now?: Date;
  /** The policy to apply; loaded for `cwd` and `env` when not given. Throws CONFIG_INVALID when invalid. */
  policy?: Policy;
  /** The process's loaded name lists (app/services.ts). */
  nameLists?: NameListDeps['nameLists'];
}

/**
 * Checks every registry target's name (one name-check per ecosystem), looks up the facts the
 * policy needs (popularity, private overlay membership) and applies the policy to the request.
 * A request that installs nothing is allowed. No network; first use may build a name checkpoint.
 */
export async function vetInstallRequest(asked: InstallRequest, deps: VetDeps): Promise<InstallVerdict> {
  const policy = deps.policy ?? (await policyInForce({ cwd: deps.cwd, env: deps.env })).policy;
  const now = deps.now ?? new Date();
  return withNameLists(nameListDepsOf(deps), (held) => vetWithLists(asked, deps, policy, now, held));
}

async function vetWithLists(
  asked: InstallRequest,
  deps: VetDeps,
  policy: Policy,
  now: Date,
  listDeps: HeldNameListDeps,
): Promise<InstallVerdict> {
  const request = await settleMaybePackages(asked, listDeps);
  let offline = request.installs ? await checkTargets(request.targets, listDeps) : [];
  // Policy `online.hooks`: names the snapshot cannot vouch for are asked upstream (lazily loaded; offline by default).
  if (policy.online.hooks) {
    const longTail = longTailNames(request.targets, offline, listDeps);
    if (longTail.some(Boolean) || request.targets.some((target, i) => target.kind === 'registry' && offline[i]?.exists === false)) {
      offline = await (
        await import('../packages/online-name-confirm.js')
      ).confirmMissingNames(request.targets, offline, policy, { cwd: deps.cwd, env: deps.env, now }, longTail);
    }
  }
  // conda's configured channels matter only for a conda name the list lacks in a command that names no channel.
  const condarc =
    request.indexes.length === 0 && request.targets.some((t, i) => t.ecosystem === 'conda' && offline[i]?.exists === false)
      ? (await import('../packages/conda-config-channels.js')).condaConfiguredChannels(deps.env)
      : undefined;
  const checks = softenUncoveredConda(request, request.targets, offline, policy.registries, condarc);
  const facts: Array<CheckedFacts | undefined> = request.targets.map((target, i) => {
    const check = checks[i];
    if (target.kind !== 'registry' || target.name === undefined) return check ? { check } : undefined;
    return { ...gatherTargetFacts(target.ecosystem, target.name, check, policy, listDeps), ...(check ? { check } : {}) };
  });
  const decision = decideRequest(request, policy, now, (_target, i) => facts[i]);
  const targets = decision.targets.map(({ target, decision: targetDecision }, i): TargetVerdict => {
    const check = checks[i];
    return check ? { target, check, decision: targetDecision } : { target, decision: targetDecision };
  });
  const verdict: InstallVerdict = { verdict: decision.verdict, targets, unresolved: request.unresolved, decision, report: '' };
  verdict.report = renderInstallReport(request, verdict, policy);
  return verdict;
}

/**
 * What the policy needs to know about a registry package beyond its name check: its own
 * popularity in the name list, and whether it is in each private overlay its namespaces name
 * (absent when that overlay is not imported).
 */
export function gatherTargetFacts(
  ecosystem: Ecosystem,
  name: string,
  check: NameCheck | undefined,
  policy: Policy,
  deps: HeldNameListDeps,
): TargetFacts {
  const normalized = check?.normalized ?? normalizeName(ecosystem, name);
  const facts: TargetFacts = {};
  const lists = openNameLists(ecosystem, deps);
  const home = lists.indexes.find((index) => index.has(normalized));
  const popularity = home?.infoOf(normalized).popularity;
  if (popularity !== undefined) facts.popularity = popularity;
  const found: Record<string, boolean> = {};
  for (const overlay of privateOverlaysFor(policy, ecosystem, name)) {
    const index = lists.indexes.find((candidate) => candidate.overlay === overlay);
    if (index) found[overlay] = index.has(normalized);
  }
  if (Object.keys(found).length > 0) facts.overlays = found;
  return facts;
}

/**
 * The request with each unreadable part whose word names an existing package (the word after an
 * unknown option: a flag then that package, or the option's value) read as that package, so the
 * policy vets it like any other; a word that is no existing package keeps the part's doubt and is
 * never reported as a missing package.
 */
async function settleMaybePackages(request: InstallRequest, deps: NameListDeps): Promise<InstallRequest> {
  const maybe = request.unresolved.filter((part) => part.maybePackage !== undefined);
  if (maybe.length === 0 || !request.installs) return request;
  const checks = await checkTargets(
    maybe.map((part) => part.maybePackage!),
    deps,
  );
  const settled = maybe.filter((_, i) => checks[i]?.exists === true);
  if (settled.length === 0) return request;
  return {
    ...request,
    targets: [...request.targets, ...settled.map((part) => part.maybePackage!)],
    unresolved: request.unresolved.filter((part) => !settled.includes(part)),
  };
}

/**
 * Which targets are npm names the snapshot lists without a usage figure: the complete name list
 * keeps names unpublished since it was made, and only the upstream can tell them apart.
 */
export function longTailNames(
  targets: readonly InstallTarget[],
  checks: ReadonlyArray<NameCheck | undefined>,
  deps: HeldNameListDeps,
): boolean[] {
  return targets.map((target, i) => {
    const check = checks[i];
    if (target.kind !== 'registry' || target.ecosystem !== 'npm' || target.name === undefined || check?.exists !== true) return false;
    const lists = openNameLists('npm', deps);
    return lists.indexes.find((index) => index.has(check.normalized))?.infoOf(check.normalized).popularity === undefined;
  });
}

/** The name check of each registry target with a name, by target index; one check call per ecosystem. */
async function checkTargets(targets: readonly InstallTarget[], deps: NameListDeps): Promise<Array<NameCheck | undefined>> {
  const checks: Array<NameCheck | undefined> = targets.map(() => undefined);
  const byEcosystem = new Map<Ecosystem, number[]>();
  targets.forEach((target, i) => {
    if (target.kind !== 'registry' || target.name === undefined) return;
    byEcosystem.set(target.ecosystem, [...(byEcosystem.get(target.ecosystem) ?? []), i]);
  });
  for (const [ecosystem, indexes] of byEcosystem) {
    const packages = indexes.map((i) => targets[i]!.spec ?? targets[i]!.name!);
    // Installs are vetted on the agent's critical path: suggestions up to two edits away (a miss on a long name stays in milliseconds).
    const report = await checkPackages({ ecosystem, packages }, deps, { maxSuggestionDistance: 2 });
    indexes.forEach((targetIndex, k) => (checks[targetIndex] = report.results[k]));
  }
  return checks;
}
