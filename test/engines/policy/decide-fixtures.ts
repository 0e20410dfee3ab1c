/** Shared set-up for the policy decision tests: a fixed clock, a policy from one layer, registry targets and name checks. */
import { type InstallTarget } from '../../../src/engines/install-commands/index.js';
import { type Ecosystem, type NameCheck } from '../../../src/engines/package-names/index.js';
import { mergePolicyLayers, type PolicyLayer } from '../../../src/engines/policy/index.js';

export const NOW = new Date('2026-06-01T12:00:00Z');

export function policy(layer: Omit<PolicyLayer, 'version'> = {}) {
  return mergePolicyLayers([{ version: 1, ...layer }]);
}

export function registry(ecosystem: Ecosystem, name: string, spec = name): InstallTarget {
  return { ecosystem, kind: 'registry', raw: spec, name, spec, origin: 'argv' };
}

export function found(name: string, extra: Partial<NameCheck> = {}): NameCheck {
  return {
    input: name,
    name,
    normalized: name,
    ecosystem: 'npm',
    exists: true,
    verdict: 'allow',
    reasons: [],
    suggestions: [],
    snapshot: { source: 'test', date: '2026-05' },
    ...extra,
  };
}

export const missing = (name: string): NameCheck =>
  found(name, { exists: false, verdict: 'block', reasons: [{ code: 'not_found', message: `npm package "${name}" does not exist` }] });
