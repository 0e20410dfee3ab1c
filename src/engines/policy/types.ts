/** The policy engine's data: a resolved policy, the partial layers files give, and decisions with their reasons. */
import { type Ecosystem, type NameCheck, type ReasonCode } from '../package-names/index.js';
import { type TargetKind } from '../install-commands/index.js';
import { type Verdict } from '../../shared/verdict.js';

export type PolicyMode = 'block' | 'warn';
/** What happens to what cannot be verified statically or offline: fail closed (deny) or open. */
export type UnverifiableAction = 'deny' | 'warn' | 'allow';
/** What a rule does when it applies. */
export type PolicyAction = Verdict;

/** Where an entry came from: `file:line:column`, shown by explain. */
export interface Origin {
  origin?: string;
}

export interface AllowEntry extends Origin {
  ecosystem: Ecosystem;
  /** A name or a glob (`acme-*`, `@acme/*`), compared after the ecosystem's name normalisation. */
  name: string;
  reason?: string;
  /** YYYY-MM-DD: the entry stops applying at the start of that day (UTC). */
  expires?: string;
}

export interface DenyEntry extends AllowEntry {
  /** Only these versions are denied: a semver range (npm) or a PEP 440 specifier (pypi, conda). */
  versions?: string;
}

export interface PrivateNamespace extends Origin {
  ecosystem: Ecosystem;
  pattern: string;
  /** The overlay imported with `guard allowlist import <eco> <file> --overlay <overlay>`. */
  overlay: string;
  /** False for a namespace from an untrusted project policy: it reserves names (refuses those outside the overlay) but never allows one. */
  vouches?: false;
}

export interface VersionRule extends Origin {
  ecosystem: Ecosystem;
  name: string;
  /** npm: a semver range the requested version must satisfy. */
  range?: string;
  /** pypi, conda: a PEP 440 specifier set the requested version must satisfy. */
  specifier?: string;
}

export interface RegistryRules {
  pypi: string[];
  npm: string[];
  conda: string[];
  /** What an index or registry outside the lists does. */
  unlisted: PolicyAction;
  /**
   * What a conda name missing from the shipped list does when the command also reads a channel the
   * list does not cover (so the name may exist there). `warn` by default; `block` treats the list
   * as complete; a channel of `conda` above (published only by its owner) lets it through unless `block`.
   */
  uncovered_names: PolicyAction;
}

export interface TrustRules {
  /** 0..1 as in the name check's popularity; 0 turns the trust rule off. */
  min_popularity: number;
  /** What a package whose usage the snapshot does not know does. */
  unknown_popularity: PolicyAction;
  /** What a package below the minimum does. */
  action: PolicyAction;
}

/**
 * What each kind of non-registry source does, and `forge`: a version-control or URL source naming one
 * repository on a host of `Policy.forges` over https or ssh gets the milder of `forge` and its kind's
 * rule (forge only relaxes). A layer that sets `vcs` or `url` without `forge` sets it to the stricter of
 * the two, so such a policy keeps asking about forge sources too.
 */
export type SourceRules = Record<Exclude<TargetKind, 'registry'> | 'forge', PolicyAction>;

/** A complete policy: every field set (defaults filled in). */
export interface Policy {
  version: 1;
  mode: PolicyMode;
  on_unverifiable: UnverifiableAction;
  packages: { allow: AllowEntry[]; deny: DenyEntry[] };
  private: PrivateNamespace[];
  registries: RegistryRules;
  trust: TrustRules;
  sources: SourceRules;
  /** Public forges (host names) whose named repositories `sources.forge` applies to. */
  forges: string[];
  versions: VersionRule[];
  /** Local completion (constrained_complete): the GGUF model to use when none is given. */
  completion: CompletionSettings;
  /** The registry gate: releases younger than this are refused (npm: filtered so the client takes the previous one). */
  min_release_age: ReleaseAgeRules;
  /** Whether a project's `.guard/policy.yaml` may loosen this policy (false: it can only tighten). Set only by user-level files. */
  trust_project_policies: boolean;
  /** Whether the agent is refused changes to the guard itself (its policy, cache, hooks). Set only by user-level files. */
  self_protection: boolean;
  /** Asking the upstream index about names missing from the snapshot (`guard check --online` always may). */
  online: OnlineRules;
}

export interface OnlineRules {
  /** The install hooks and the wrapper ask too (default false: they stay offline). */
  hooks: boolean;
  /** Milliseconds per upstream request. */
  timeout_ms: number;
  /** The PyPI Simple index and npm registry asked (default: the public ones). */
  pypi?: string;
  npm?: string;
}

export interface ReleaseAgeRules {
  /** Hours; 0 turns the rule off. */
  hours: number;
  /** Names (globs) the rule does not apply to, such as an org's own packages. */
  exclude: AllowEntry[];
}

export interface CompletionSettings {
  /** Absolute path (files give it relative to themselves). */
  model?: string;
}

/** What one policy file says; unset fields fall back to lower layers, then to the defaults. */
export interface PolicyLayer {
  version: 1;
  mode?: PolicyMode;
  on_unverifiable?: UnverifiableAction;
  packages?: { allow?: AllowEntry[]; deny?: DenyEntry[] };
  private?: PrivateNamespace[];
  registries?: Partial<RegistryRules>;
  trust?: Partial<TrustRules>;
  sources?: Partial<SourceRules>;
  forges?: string[];
  versions?: VersionRule[];
  completion?: CompletionSettings;
  min_release_age?: { hours?: number; exclude?: AllowEntry[] };
  online?: Partial<OnlineRules>;
  trust_project_policies?: boolean;
  self_protection?: boolean;
}

export type PolicyReasonCode =
  | 'policy_denied'
  | 'policy_allowed'
  | 'private_namespace'
  | 'registry_not_allowed'
  /** An unlisted HTTPS source beside packages that are all on the registry's list: let through, the host named as context. */
  | 'unlisted_index'
  /** An unlisted conda channel beside packages that are all on conda-forge's list: let through, the channel named as context. */
  | 'unlisted_channel'
  | 'below_trust'
  | 'unknown_popularity'
  | 'source_policy'
  /** An allowed source named by its repository on a public forge (sources.forge): context for the agent, not a doubt. */
  | 'forge_source'
  | 'version_not_allowed'
  | 'unverifiable'
  | 'allow_expired';

export interface PolicyReason {
  /** A policy code, or the name check's own code when its result is passed through. */
  code: PolicyReasonCode | ReasonCode;
  message: string;
  /** The package name, location or index the reason is about. */
  subject?: string;
}

export interface PolicyDecision {
  verdict: Verdict;
  /** The rule that decided: `packages.deny[0]`, `name-check`, `sources.url`, `registries.pypi`, `default` … */
  rule: string;
  reasons: PolicyReason[];
  /** True when `mode: warn` turned the deciding block into a warn. */
  downgraded?: boolean;
}

/** Facts about a target the caller looked up (I/O), so that deciding stays pure. */
export interface TargetFacts {
  /** The package's own usage, 0..1 (the name list's popularity); undefined when unknown. */
  popularity?: number;
  /** Per overlay named by a matching private namespace: whether the name is in it; absent when that list is not loaded. */
  overlays?: Readonly<Record<string, boolean>>;
}

/** A target's facts with its name check; `check` is undefined when none was run (an unverifiable target). */
export interface CheckedFacts extends TargetFacts {
  check?: NameCheck;
}

/** One rule as consulted: `skip` (did not apply), `pass` (applied, no objection) or the verdict it gave. */
export interface ExplainStep {
  rule: string;
  outcome: 'skip' | 'pass' | Verdict;
  detail: string;
  reasons: PolicyReason[];
  /** Where the rule's entry was written, when it came from a file. */
  origin?: string;
  /** An explicit deny: never downgraded by `mode: warn`. */
  explicitDeny?: boolean;
}

export interface PolicyExplanation {
  decision: PolicyDecision;
  /** Rules in the order they were consulted. */
  steps: ExplainStep[];
}
