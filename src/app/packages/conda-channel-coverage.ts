/**
 * The shipped conda list covers one channel (conda-forge). A conda name it lacks may live on
 * another channel the command reads (defaults, bioconda, a private one), so "not found" is only
 * certain when every channel the request reads is covered by the list; otherwise the name check
 * is softened (`not_in_channel_list`, saying which channels were not checked) to the policy's
 * `registries.uncovered_names` (warn by default; block keeps the list's verdict). Where every
 * uncovered channel is one the policy lists under `registries.conda` (published only by its owner,
 * such as pytorch or nvidia), a missing name cannot be someone else's package: it is let through.
 */
import { type InstallRequest, type InstallTarget } from '../../engines/install-commands/index.js';
import { type NameCheck } from '../../engines/package-names/index.js';
import { type Policy } from '../../engines/policy/index.js';

/** Channel names as conda spells them on the command line, a MatchSpec or an environment file. */
function channelName(channel: string): string {
  const trimmed = channel.trim().replace(/\/+$/, '');
  const url = /^https?:\/\/conda\.anaconda\.org\/([^/]+)$/.exec(trimmed);
  return (url ? url[1]! : trimmed).toLowerCase();
}

/** The channel of a conda checkpoint built from the shipped list; undefined for synced or imported lists. */
function bundledChannel(check: NameCheck): string | undefined {
  return /^conda-forge-feedstock-outputs@/.test(check.snapshot.source) ? 'conda-forge' : undefined;
}

/**
 * `checks` with each conda not-found softened to a warning when the request reads a channel the
 * shipped list does not cover (or names none, so conda's configured defaults apply).
 */
export function softenUncoveredConda(
  request: Pick<InstallRequest, 'indexes'>,
  targets: readonly InstallTarget[],
  checks: Array<NameCheck | undefined>,
  rules: Pick<Policy['registries'], 'conda' | 'uncovered_names'> = { conda: [], uncovered_names: 'warn' },
): Array<NameCheck | undefined> {
  if (rules.uncovered_names === 'block') return checks;
  const channels = request.indexes.map(channelName);
  const owned = new Set(rules.conda.map(channelName));
  return checks.map((check, i) => {
    const target = targets[i];
    if (check === undefined || target?.ecosystem !== 'conda' || check.exists || !check.reasons.some((r) => r.code === 'not_found'))
      return check;
    const covered = bundledChannel(check);
    if (covered === undefined) return check;
    const own = /^([^:\s]+)::/.exec(target.spec ?? '')?.[1];
    const read = own !== undefined ? [channelName(own)] : channels;
    const uncovered = read.filter((c) => c !== covered);
    if (read.length > 0 && uncovered.length === 0) return check;
    const where =
      uncovered.length > 0
        ? `the channel${uncovered.length > 1 ? 's' : ''} ${uncovered.join(', ')}`
        : "conda's configured default channels";
    const ownersOnly = uncovered.length > 0 && uncovered.every((c) => owned.has(c));
    return {
      ...check,
      verdict: ownersOnly ? 'allow' : rules.uncovered_names,
      reasons: check.reasons.map((r) =>
        r.code === 'not_found'
          ? {
              code: 'not_in_channel_list',
              message: `${r.message.replace(/ \(snapshot/, ` on ${covered} (snapshot`)}; ${where} ${uncovered.length > 1 ? 'are' : 'is'} not in the name list, so it may exist there (add a list with \`guard allowlist sync conda --channel NAME\` or \`guard allowlist import conda <file>\`)`,
            }
          : r,
      ),
    } satisfies NameCheck;
  });
}
