/**
 * The policy that applies to a command, for the hot paths (wrapper, hooks, file edits): with no
 * policy file only the defaults apply and neither the YAML parser nor the schema (zod) is loaded;
 * otherwise the files are read and validated by load-policy.ts, imported on demand.
 */
import { mergePolicyLayers, type Policy } from '../engines/policy/index.js';
import { scopedPolicySources, type PolicyLookupOptions } from './policy-files.js';

export interface LoadedPolicy {
  policy: Policy;
  /** The files applied, lowest precedence first; empty when only the defaults apply. */
  sources: string[];
}

/** The policy in force for `cwd` and `env`. Throws CONFIG_INVALID for an invalid file or a GUARD_POLICY that names no file. */
export async function policyInForce(options: PolicyLookupOptions): Promise<LoadedPolicy> {
  const sources = scopedPolicySources(options);
  if (sources.length === 0) return { policy: mergePolicyLayers([]), sources: [] };
  const { loadPolicyFiles } = await import('./load-policy.js');
  return loadPolicyFiles(
    sources.map((s) => s.file),
    sources.filter((s) => s.scope === 'project').map((s) => s.file),
  );
}
