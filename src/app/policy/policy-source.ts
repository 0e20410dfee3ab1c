/**
 * Where a use case gets the policy in force: read from the policy files on each call (a CLI
 * command, a hook call), or kept current by a watcher for a long-running server (`guard mcp`,
 * see mcp/live-policy.ts).
 */
import type { PolicyLookupOptions } from '../../config/policy-files.js';
import type { Policy } from '../../engines/policy/index.js';

export interface PolicySource {
  /** The policy in force now. Throws CONFIG_INVALID for an invalid policy file. */
  current(): Promise<Policy>;
  /**
   * A watched source only: the policy in force now without waiting, and a number that changes on
   * each reload (what a long-running server keys its judgements by).
   */
  latest?(): { policy: Policy; generation: number };
  close(): Promise<void>;
}

/** Reads the policy files for `options` on each call (the YAML parser loads only when a file exists). */
export function policySourceOnDemand(options: PolicyLookupOptions): PolicySource {
  return {
    current: async () => {
      const { policyInForce } = await import('../../config/policy-in-force.js');
      return (await policyInForce(options)).policy;
    },
    close: () => Promise.resolve(),
  };
}
