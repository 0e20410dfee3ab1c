/** The package-name engine's public data types: ecosystems, parsed specs, check results. */
import { type Verdict } from '../../shared/verdict.js';

export const ECOSYSTEMS = ['pypi', 'npm', 'conda'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

export type ReasonCode =
  | 'not_found'
  /** conda: not on the one channel the shipped list covers, while the command reads others. */
  | 'not_in_channel_list'
  | 'invalid_name'
  | 'confusable_characters'
  | 'stdlib_module'
  | 'node_core_module'
  | 'other_ecosystem'
  | 'import_name'
  | 'suspected_typosquat'
  /** The maintainers deprecated the package (an online lookup: the snapshots do not know); said instead of a typo warning. */
  | 'deprecated'
  /** npm's security holding placeholder: the registry replaced a package it removed for malicious code; nothing usable to install. */
  | 'security_placeholder'
  | 'allowlist_unavailable'
  /** A `packages.deny` entry of the policy in force names it (check_package). */
  | 'policy_denied';

export interface NameReason {
  code: ReasonCode;
  message: string;
}

/** A package spec split into its name and what follows it. */
export interface PackageSpec {
  /** The spec as given. */
  input: string;
  /** The name part, as written. */
  name: string;
  /** Version constraint as written (`==2.31`, `^4`, `1.2.*`), if any. */
  constraint?: string;
  /** PyPI extras (`requests[socks]`). */
  extras?: string[];
  /** conda channel (`conda-forge::numpy`) or npm alias target info. */
  channel?: string;
  /** PyPI direct reference (`name @ https://…`). */
  url?: string;
  /** npm alias (`alias@npm:real@^1` gives alias `alias`, name `real`). */
  alias?: string;
}

export interface Suggestion {
  name: string;
  distance: number;
  /** 0..1, higher is more used; present when the registry snapshot knows the package's usage. */
  popularity?: number;
  /** PyPI: rank among the 15k most downloaded. */
  rank?: number;
  /** npm: downloads a month. */
  downloads?: number;
}

export interface NameCheck {
  input: string;
  name: string;
  normalized: string;
  ecosystem: Ecosystem;
  exists: boolean;
  verdict: Verdict;
  reasons: NameReason[];
  suggestions: Suggestion[];
  constraint?: string;
  extras?: string[];
  snapshot: { source: string; date: string };
}
