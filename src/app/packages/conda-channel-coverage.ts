/**
 * The shipped conda list covers one channel (conda-forge). A conda name it lacks may live on
 * another channel the command reads (defaults, bioconda, a private one), so "not found" is only
 * certain when every channel the request reads is covered by the list; otherwise the name check
 * is softened (`not_in_channel_list`, saying which channels were not checked) to the policy's
 * `registries.uncovered_names` (warn by default; block keeps the list's verdict). Where every
 * uncovered channel is one the policy lists under `registries.conda` (curated, such as bioconda, or
 * published only by its owner, such as pytorch, nvidia or defaults), a missing name cannot be
 * someone else's fresh package: it is let through, the reason kept as context. A command that names
 * no channel reads conda's configured ones (condarc), when the caller knows them; with none in sight,
 * the program's own default: conda-forge for mamba and micromamba 2 (their documented default when
 * no channel is configured), so a name missing from the list is not found there; for conda Anaconda's
 * `defaults` (main, r, msys2), or whatever a condarc out of sight says (a Miniforge root prefix):
 * unknown, so a warning.
 */
import { type InstallRequest, type InstallTarget } from '../../engines/install-commands/index.js';
import { type NameCheck } from '../../engines/package-names/index.js';
import { allowedIndexEntry, type Policy } from '../../engines/policy/index.js';

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

/** The channels a program reads when neither the command nor a condarc in sight names any; undefined when unknown. */
function programDefaultChannels(manager: InstallRequest['manager'] | undefined): string[] | undefined {
  return manager === 'mamba' || manager === 'micromamba' ? ['conda-forge'] : undefined;
}

/**
 * `checks` with each conda not-found softened to a warning when the request reads a channel the
 * shipped list does not cover (or names none, so conda's configured defaults apply).
 */
export function softenUncoveredConda(
  request: Pick<InstallRequest, 'indexes'> & { manager?: InstallRequest['manager'] },
  targets: readonly InstallTarget[],
  checks: Array<NameCheck | undefined>,
  rules: Pick<Policy['registries'], 'conda' | 'uncovered_names'> = { conda: [], uncovered_names: 'warn' },
  configured?: readonly string[],
): Array<NameCheck | undefined> {
  if (rules.uncovered_names === 'block') return checks;
  // With no channel named, conda reads its configured ones (condarc), when the caller knows them, else the program's default.
  const channels = (request.indexes.length > 0 ? request.indexes : (configured ?? programDefaultChannels(request.manager) ?? [])).map(
    channelName,
  );
  const isListed = (channel: string): boolean => allowedIndexEntry('conda', channel, rules.conda) !== undefined;
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
    const listedOnly = uncovered.length > 0 && uncovered.every(isListed);
    const may = listedOnly
      ? `listed under registries.conda (curated or published only by their owners), so it may exist there and nobody else can claim it there`
      : `so it may exist there (add a list with \`guard allowlist sync conda --channel NAME\` or \`guard allowlist import conda <file>\`)`;
    return {
      ...check,
      verdict: listedOnly ? 'allow' : rules.uncovered_names,
      reasons: check.reasons.map((r) =>
        r.code === 'not_found'
          ? {
              code: 'not_in_channel_list',
              message: `${r.message.replace(/ \(snapshot/, ` on ${covered} (snapshot`)}; ${where} ${uncovered.length > 1 ? 'are' : 'is'} not in the name list, ${may}`,
            }
          : r,
      ),
    } satisfies NameCheck;
  });
}
