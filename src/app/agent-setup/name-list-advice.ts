/**
 * What `guard init` says about the name lists the hooks check offline: how old each shipped list
 * is, and, unless the policy already lets the hooks ask the registry (`online.hooks`), that a name
 * removed from a registry after its list was made (an unpublished npm package) passes offline
 * until an online check has seen it gone, with the two ways to close that gap.
 */
import { policyInForce } from '../../config/policy-in-force.js';
import { readBundledManifest, type BundledManifest } from '../../engines/package-names/index.js';
import { type Env } from '../../shared/paths.js';

const DAY_MS = 86_400_000;

/** The advice line for `manifest` under a policy whose `online.hooks` is `onlineHooks`, as of `now`. Pure. */
export function describeNameListAges(manifest: BundledManifest, onlineHooks: boolean, now: Date): string {
  const age = (date: string): string => {
    // YYYY-MM-DD, or YYYY-MM for a monthly snapshot (counted from the month's first day).
    if (!/^\d{4}-\d{2}(-\d{2})?$/.test(date)) return date;
    const days = Math.floor((now.getTime() - Date.parse(date.length === 7 ? `${date}-01` : date)) / DAY_MS);
    return Number.isFinite(days) && days >= 0 ? `${date}, ${days} days old` : date;
  };
  const lists = [
    `npm ${age(manifest.npmNames.date)}`,
    `PyPI ${age(manifest.pypi.date)}`,
    ...(manifest.condaForge ? [`conda-forge ${age(manifest.condaForge.date)}`] : []),
  ];
  const head = `Name lists checked offline: ${lists.join('; ')}.`;
  if (onlineHooks) return `${head} The policy lets the hooks ask the registry about names the lists cannot vouch for (online.hooks).`;
  return (
    `${head} Offline, a name removed from a registry since its list was made (an unpublished npm package) still passes until an online check ` +
    `(guard check --online, the registry gate) has seen it gone. Set "online: { hooks: true }" in your policy so the hooks ask the registry ` +
    `about such names (short timeout, answers remembered), or refresh the lists with guard allowlist sync npm|pypi.`
  );
}

/** The advice line for the policy in force at `cwd`; undefined when the shipped manifest or the policy cannot be read (init goes on). */
export async function nameListAdvice(deps: { cwd: string; env: Env; now?: Date }): Promise<string | undefined> {
  try {
    const { policy } = await policyInForce({ cwd: deps.cwd, env: deps.env });
    return describeNameListAges(readBundledManifest(), policy.online.hooks, deps.now ?? new Date());
  } catch {
    return undefined;
  }
}
