/** The registry gate's data: what it learned upstream about a project, and its verdict on serving it. */
import { type Verdict } from '../../shared/verdict.js';

export type GateEcosystem = 'pypi' | 'npm';

export type GateReasonCode =
  | 'not_found_upstream'
  | 'name_check'
  | 'policy'
  | 'too_young'
  | 'new_name_too_young'
  | 'release_age_unknown'
  | 'security_placeholder'
  | 'deprecated'
  | 'upstream_failed';

/** What the upstream index says about a project, gathered before judging it. */
export interface UpstreamFacts {
  /** False when the upstream answered 404. */
  exists: boolean;
  /** The earliest release time the upstream gave (ms since the epoch); undefined when it gave none. */
  firstRelease?: number;
  /** True when `firstRelease` is only an upper bound: the document's last change (abbreviated npm packuments give no per-version times). */
  firstReleaseBound?: boolean;
  /** True when the upstream gave a release time for every release/file. */
  timesKnown: boolean;
  /** npm: the latest version is a security holding package (`0.0.1-security`). */
  placeholder?: boolean;
  /** npm: the latest version's deprecation message and the replacement it names, if any. */
  deprecated?: { message: string; replacement?: string };
}

/** The gate's verdict on a project: served (allow / warn, logged) or refused with a message clients print. */
export interface GateJudgement {
  verdict: Verdict;
  code?: GateReasonCode;
  /** One line: what, why, did you mean. */
  message: string;
  /** True when the name was missing from the snapshot and was just added to the delta list. */
  fresh?: boolean;
}

/** A release (npm version) or a file (PyPI) held back because it is younger than the minimum age. */
export interface HeldBack {
  key: string;
  message: string;
}
