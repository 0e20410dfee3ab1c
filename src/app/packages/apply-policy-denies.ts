/** check_package under the policy in force: a package the policy denies is blocked (or warned, in `mode: warn`) with the policy's reason. */
import { decideTarget, type Policy } from '../../engines/policy/index.js';
import { worstVerdict } from '../../shared/verdict.js';
import type { CheckReport } from './check-packages.js';

/** The report with the policy's `packages.deny` entries applied; other rules are the install guard's business. */
export function applyPolicyDenies(report: CheckReport, policy: Policy, now: Date): CheckReport {
  const results = report.results.map((check) => {
    const target = {
      ecosystem: check.ecosystem,
      kind: 'registry' as const,
      raw: check.input,
      name: check.name,
      spec: check.input,
      origin: 'check_package',
    };
    const decision = decideTarget(target, check, policy, now);
    if (!decision.rule.startsWith('packages.deny')) return check;
    const denied = decision.reasons.filter((reason) => reason.code === 'policy_denied');
    if (denied.length === 0) return check;
    return {
      ...check,
      verdict: worstVerdict([check.verdict, decision.verdict]),
      reasons: [...denied.map(({ message }) => ({ code: 'policy_denied' as const, message })), ...check.reasons],
    };
  });
  return { verdict: worstVerdict(results.map((r) => r.verdict)), results };
}
