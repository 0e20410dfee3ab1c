/** The policy engine: what an org's policy finally allows, given what a command installs and what the name check found. */
export type {
  AllowEntry,
  CheckedFacts,
  DenyEntry,
  ExplainStep,
  Policy,
  PolicyAction,
  PolicyDecision,
  PolicyExplanation,
  PolicyLayer,
  PolicyMode,
  PolicyReason,
  PolicyReasonCode,
  PrivateNamespace,
  RegistryRules,
  ReleaseAgeRules,
  SourceRules,
  TargetFacts,
  TrustRules,
  UnverifiableAction,
  VersionRule,
} from './types.js';
export { DEFAULT_POLICY, mergePolicyLayers } from './merge-policy.js';
export { KNOWN_PYPI_INDEXES, knownPypiIndex, type KnownIndex, type KnownIndexKind } from './known-indexes.js';
export { atLeastAsStrict, mergeScopedLayers, type PolicyScope, type ScopedLayer } from './strictest-merge.js';
export {
  decideRequest,
  decideTarget,
  decideUnverifiable,
  explainDecision,
  managerEcosystem,
  privateOverlaysFor,
  type RequestDecision,
} from './decide.js';
export { isExpired } from './evaluate-target.js';
export { allowedIndexEntry, matchesName, normalizeIndex } from './name-patterns.js';
export { constraintError, namesNoVersion, relateConstraint } from './version-constraints.js';
export { parseVersion, compareVersions, formatVersion, type Pep440Version } from './pep440-version.js';
export { matchesSpecifierSet, parseSpecifierSet, type Pep440Clause, type Pep440Operator } from './pep440-specifier.js';
