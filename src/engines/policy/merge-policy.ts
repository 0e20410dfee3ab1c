/**
 * The built-in policy and how layers (user file, then project file) combine into one: scalars and
 * per-key settings of a later layer replace earlier ones, registry lists replace per ecosystem,
 * entry lists (allow, deny, private, versions) add up. Deny beats allow whatever layer each is in.
 */
import { DEFAULT_FORGES } from './forge-source.js';
import { KNOWN_PYPI_INDEXES } from './known-indexes.js';
import { type Policy, type PolicyAction, type PolicyLayer, type SourceRules } from './types.js';

/** What applies with no policy file: strict about what cannot be verified, open about ordinary sources. */
export const DEFAULT_POLICY: Policy = deepFreeze({
  version: 1,
  mode: 'block',
  on_unverifiable: 'deny',
  packages: { allow: [], deny: [] },
  private: [],
  registries: {
    // PyPI, its well-known full mirrors and vendors' own indexes (known-indexes.ts says what each is).
    pypi: ['https://pypi.org/simple', ...KNOWN_PYPI_INDEXES.map((index) => index.url)],
    npm: ['https://registry.npmjs.org', 'https://registry.yarnpkg.com'],
    // conda-forge and bioconda (curated: a package enters by a reviewed recipe) and channels of
    // well-known projects and vendors, where only they publish: Anaconda's own (anaconda, r),
    // PyTorch, NVIDIA, RAPIDS, PyG, DGL, fastai, Hugging Face, Intel, Numba, HoloViz, Bokeh,
    // Plotly, Gurobi, MOSEK and Meta's research libraries.
    conda: [
      'conda-forge',
      'defaults',
      'anaconda',
      'r',
      'bioconda',
      'pytorch',
      'pytorch-nightly',
      'nvidia',
      'rapidsai',
      'pyg',
      'dglteam',
      'fastai',
      'huggingface',
      'intel',
      'numba',
      'pyviz',
      'bokeh',
      'plotly',
      'gurobi',
      'mosek',
      'pytorch3d',
      'fvcore',
      'iopath',
      'xformers',
    ],
    unlisted: 'warn',
    uncovered_names: 'warn',
  },
  trust: { min_popularity: 0, unknown_popularity: 'allow', action: 'warn' },
  // A git or URL source that names its repository on a public forge is no name an attacker can register first.
  sources: { path: 'allow', editable: 'allow', workspace: 'allow', vcs: 'warn', url: 'warn', forge: 'allow' },
  forges: [...DEFAULT_FORGES],
  versions: [],
  completion: {},
  min_release_age: { hours: 48, exclude: [] },
  online: { hooks: false, timeout_ms: 1500 },
  trust_project_policies: false,
  self_protection: true,
});

/** Combines layers, lowest precedence first, over the defaults. */
export function mergePolicyLayers(layers: readonly PolicyLayer[]): Policy {
  const policy: Policy = structuredClone(DEFAULT_POLICY);
  for (const layer of layers) {
    if (layer.mode !== undefined) policy.mode = layer.mode;
    if (layer.on_unverifiable !== undefined) policy.on_unverifiable = layer.on_unverifiable;
    policy.packages.allow.push(...(layer.packages?.allow ?? []));
    policy.packages.deny.push(...(layer.packages?.deny ?? []));
    policy.private.push(...(layer.private ?? []));
    policy.versions.push(...(layer.versions ?? []));
    assignDefined(policy.registries, layer.registries);
    assignDefined(policy.trust, layer.trust);
    assignDefined(policy.sources, withImpliedForge(layer.sources));
    if (layer.forges !== undefined) policy.forges = [...layer.forges];
    assignDefined(policy.completion, layer.completion);
    if (layer.min_release_age?.hours !== undefined) policy.min_release_age.hours = layer.min_release_age.hours;
    policy.min_release_age.exclude.push(...(layer.min_release_age?.exclude ?? []));
    assignDefined(policy.online, layer.online);
    if (layer.trust_project_policies !== undefined) policy.trust_project_policies = layer.trust_project_policies;
    if (layer.self_protection !== undefined) policy.self_protection = layer.self_protection;
  }
  return policy;
}

const RANK: Readonly<Record<PolicyAction, number>> = { allow: 0, warn: 1, block: 2 };

/**
 * A layer's source rules with `forge` filled in when the layer sets `vcs` or `url` but not `forge`: the
 * stricter of the two, so a policy that asks about (or blocks) git and URL sources asks about forge ones too.
 */
export function withImpliedForge(sources: Partial<SourceRules> | undefined): Partial<SourceRules> | undefined {
  if (sources === undefined || sources.forge !== undefined) return sources;
  const set = [sources.vcs, sources.url].filter((a): a is PolicyAction => a !== undefined);
  if (set.length === 0) return sources;
  return { ...sources, forge: set.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) };
}

function assignDefined<T extends object>(target: T, source: Partial<T> | undefined): void {
  if (!source) return;
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined) (target as Record<string, unknown>)[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner as object);
  return Object.freeze(value);
}
