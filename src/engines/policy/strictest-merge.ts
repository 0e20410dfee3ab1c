/**
 * Strictest wins: how a project's policy file combines with the user's (or the org's, given by
 * GUARD_POLICY). A project file can tighten what the user's allows — a stricter mode, more denies and
 * version rules, fewer registries and forges, stricter actions, a higher trust bar or release age — but never
 * loosen it: its allow entries and release-age exclusions are ignored, its private namespaces reserve
 * names without vouching for any (`vouches: false`), and its two switches (`trust_project_policies`, `self_protection`) never count. When
 * the user's policy says `trust_project_policies: true`, later layers replace earlier ones as before.
 */
import { mergePolicyLayers, withImpliedForge } from './merge-policy.js';
import { normalizeIndex } from './name-patterns.js';
import { type Policy, type PolicyAction, type PolicyLayer, type UnverifiableAction } from './types.js';

export type PolicyScope = 'user' | 'project';

export interface ScopedLayer {
  layer: PolicyLayer;
  scope: PolicyScope;
}

const ACTION_RANK: Readonly<Record<PolicyAction, number>> = { allow: 0, warn: 1, block: 2 };
const UNVERIFIABLE_RANK: Readonly<Record<UnverifiableAction, number>> = { allow: 0, warn: 1, deny: 2 };
const ECOSYSTEMS = ['pypi', 'npm', 'conda'] as const;

/** The policy of `layers` (lowest precedence first) over the defaults, project layers only tightening unless the user layers trust them. */
export function mergeScopedLayers(layers: readonly ScopedLayer[]): Policy {
  const user = mergePolicyLayers(layers.filter((l) => l.scope === 'user').map((l) => l.layer));
  const project = layers.filter((l) => l.scope === 'project').map((l) => l.layer);
  if (project.length === 0) return user;
  if (user.trust_project_policies) {
    const merged = mergePolicyLayers(layers.map((l) => (l.scope === 'project' ? withoutSwitches(l.layer) : l.layer)));
    return { ...merged, trust_project_policies: true, self_protection: user.self_protection };
  }
  return project.reduce(tighten, user);
}

function withoutSwitches(layer: PolicyLayer): PolicyLayer {
  const { trust_project_policies: _trust, self_protection: _self, ...rest } = layer;
  return rest;
}

function stricter(a: PolicyAction, b: PolicyAction | undefined): PolicyAction {
  return b !== undefined && ACTION_RANK[b] > ACTION_RANK[a] ? b : a;
}

/** `base` with what `layer` asks for that is stricter. */
function tighten(base: Policy, layer: PolicyLayer): Policy {
  const policy: Policy = structuredClone(base);
  if (layer.mode === 'block') policy.mode = 'block';
  if (layer.on_unverifiable !== undefined && UNVERIFIABLE_RANK[layer.on_unverifiable] > UNVERIFIABLE_RANK[policy.on_unverifiable])
    policy.on_unverifiable = layer.on_unverifiable;
  policy.packages.deny.push(...(layer.packages?.deny ?? []));
  policy.versions.push(...(layer.versions ?? []));
  // A project's private namespaces reserve names (dependency confusion) without vouching for any.
  policy.private.push(...(layer.private ?? []).map((entry) => ({ ...entry, vouches: false as const })));
  for (const ecosystem of ECOSYSTEMS) {
    const wanted = layer.registries?.[ecosystem];
    if (wanted === undefined) continue;
    // Only indexes both allow: a project narrows the list, it cannot add an index.
    const keep = new Set(wanted.map((entry) => normalizeIndex(ecosystem, entry)));
    policy.registries[ecosystem] = policy.registries[ecosystem].filter((entry) => keep.has(normalizeIndex(ecosystem, entry)));
  }
  policy.registries.unlisted = stricter(policy.registries.unlisted, layer.registries?.unlisted);
  policy.registries.uncovered_names = stricter(policy.registries.uncovered_names, layer.registries?.uncovered_names);
  if (layer.trust?.min_popularity !== undefined)
    policy.trust.min_popularity = Math.max(policy.trust.min_popularity, layer.trust.min_popularity);
  policy.trust.unknown_popularity = stricter(policy.trust.unknown_popularity, layer.trust?.unknown_popularity);
  policy.trust.action = stricter(policy.trust.action, layer.trust?.action);
  const sources = withImpliedForge(layer.sources);
  for (const kind of Object.keys(policy.sources) as Array<keyof Policy['sources']>)
    policy.sources[kind] = stricter(policy.sources[kind], sources?.[kind]);
  // A project narrows the forges trusted by name, it cannot add one.
  if (layer.forges !== undefined) {
    const keep = new Set(layer.forges.map((host) => host.toLowerCase()));
    policy.forges = policy.forges.filter((host) => keep.has(host.toLowerCase()));
  }
  if (layer.min_release_age?.hours !== undefined)
    policy.min_release_age.hours = Math.max(policy.min_release_age.hours, layer.min_release_age.hours);
  // Which local model completion uses is no security setting: the project's choice stands.
  if (layer.completion?.model !== undefined) policy.completion = { ...policy.completion, model: layer.completion.model };
  return policy;
}

/**
 * True when `a` is at least as strict as `b` field by field: mode, unverifiable action, registry
 * lists (a subset), actions, trust bar, release age, and its allow-like lists (allow, private,
 * release-age exclusions) contained in b's while its deny-like lists (deny, versions) contain b's.
 */
export function atLeastAsStrict(a: Policy, b: Policy): boolean {
  const has = (list: readonly unknown[], item: unknown): boolean => list.some((x) => JSON.stringify(x) === JSON.stringify(item));
  const subset = (x: readonly unknown[], y: readonly unknown[]): boolean => x.every((item) => has(y, item));
  const rankOk = (x: PolicyAction, y: PolicyAction): boolean => ACTION_RANK[x] >= ACTION_RANK[y];
  return (
    (a.mode === 'block' || b.mode === 'warn') &&
    UNVERIFIABLE_RANK[a.on_unverifiable] >= UNVERIFIABLE_RANK[b.on_unverifiable] &&
    subset(a.packages.allow, b.packages.allow) &&
    subset(b.packages.deny, a.packages.deny) &&
    subset(
      a.private.filter((p) => p.vouches !== false),
      b.private.filter((p) => p.vouches !== false),
    ) &&
    ECOSYSTEMS.every((e) =>
      a.registries[e].every((entry) => b.registries[e].some((other) => normalizeIndex(e, other) === normalizeIndex(e, entry))),
    ) &&
    rankOk(a.registries.unlisted, b.registries.unlisted) &&
    rankOk(a.registries.uncovered_names, b.registries.uncovered_names) &&
    a.trust.min_popularity >= b.trust.min_popularity &&
    rankOk(a.trust.unknown_popularity, b.trust.unknown_popularity) &&
    rankOk(a.trust.action, b.trust.action) &&
    (Object.keys(b.sources) as Array<keyof Policy['sources']>).every((k) => rankOk(a.sources[k], b.sources[k])) &&
    a.forges.every((host) => b.forges.some((other) => other.toLowerCase() === host.toLowerCase())) &&
    subset(b.versions, a.versions) &&
    a.min_release_age.hours >= b.min_release_age.hours &&
    subset(a.min_release_age.exclude, b.min_release_age.exclude) &&
    (a.self_protection || !b.self_protection)
  );
}
