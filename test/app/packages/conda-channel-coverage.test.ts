import { describe, expect, it } from 'vitest';
import { softenUncoveredConda } from '../../../src/app/packages/conda-channel-coverage.js';
import { type InstallRequest, type InstallTarget } from '../../../src/engines/install-commands/index.js';
import { type NameCheck } from '../../../src/engines/package-names/index.js';

const target = (spec: string): InstallTarget =>
  ({ ecosystem: 'conda', kind: 'registry', name: spec.replace(/^.*::/, ''), spec, raw: spec }) as InstallTarget;
const missing = (source: string): NameCheck => ({
  input: 'nosuchpkg',
  name: 'nosuchpkg',
  normalized: 'nosuchpkg',
  ecosystem: 'conda',
  exists: false,
  verdict: 'block',
  snapshot: { source, date: '2026-08-22' },
  reasons: [{ code: 'not_found', message: 'conda package "nosuchpkg" does not exist (snapshot 2026-08-22)' }],
  suggestions: [],
});
const request = (indexes: string[], targets: InstallTarget[], manager: InstallRequest['manager'] = 'conda'): InstallRequest => ({
  manager,
  installs: true,
  targets,
  indexes,
  files: [],
  unresolved: [],
});
const SHIPPED = 'conda-forge-feedstock-outputs@2026-08-22#abc';

describe('softenUncoveredConda', () => {
  it.each<[string, string[], string, 'block' | 'warn']>([
    ['only conda-forge is read', ['conda-forge'], 'nosuchpkg', 'block'],
    ['conda-forge by URL', ['https://conda.anaconda.org/conda-forge/'], 'nosuchpkg', 'block'],
    ['the spec names conda-forge', [], 'conda-forge::nosuchpkg', 'block'],
    ['no channel is named (conda defaults apply)', [], 'nosuchpkg', 'warn'],
    ['bioconda is read too', ['conda-forge', 'bioconda'], 'nosuchpkg', 'warn'],
    ['the spec names another channel', ['conda-forge'], 'bioconda::nosuchpkg', 'warn'],
  ])('a name missing from the shipped list when %s: %s', (_, indexes, spec, verdict) => {
    const [check] = softenUncoveredConda(request(indexes, [target(spec)]), [target(spec)], [missing(SHIPPED)]);
    expect(check?.verdict).toBe(verdict);
    expect(check?.reasons[0]?.code).toBe(verdict === 'block' ? 'not_found' : 'not_in_channel_list');
  });

  it.each<[string, string[], 'allow' | 'warn' | 'block', 'allow' | 'warn' | 'block']>([
    ['only owner-published channels of the policy are uncovered', ['pytorch', 'nvidia', 'conda-forge'], 'warn', 'allow'],
    ['an owner channel and a user channel are uncovered', ['pytorch', 'someuser'], 'warn', 'warn'],
    ['a user channel, policy allows uncovered names', ['someuser'], 'allow', 'allow'],
    ['owner channels, policy blocks uncovered names', ['pytorch'], 'block', 'block'],
    ['a user channel, policy blocks uncovered names', ['bioconda'], 'block', 'block'],
  ])('with a policy: %s', (_, indexes, uncoveredNames, verdict) => {
    const rules = { conda: ['conda-forge', 'defaults', 'pytorch', 'nvidia'], uncovered_names: uncoveredNames };
    // bioconda is listed by the default policy, not by these rules: here it is a user channel.
    const [check] = softenUncoveredConda(request(indexes, [target('nosuchpkg')]), [target('nosuchpkg')], [missing(SHIPPED)], rules);
    expect(check?.verdict).toBe(verdict);
    expect(check?.reasons[0]?.code).toBe(uncoveredNames === 'block' ? 'not_found' : 'not_in_channel_list');
  });

  it.each<[string, string[] | undefined, 'allow' | 'warn']>([
    ['bioconda and conda-forge are configured', ['conda-forge', 'bioconda'], 'allow'],
    ['a label of a listed channel is configured', ['nvidia/label/cuda-12.1.0'], 'allow'],
    ["Anaconda's own channel by URL is configured", ['https://repo.anaconda.com/pkgs/main'], 'allow'],
    ['a user channel is configured', ['conda-forge', 'someuser'], 'warn'],
    ['the configuration is unknown', undefined, 'warn'],
  ])('no channel named and %s', (_, configured, verdict) => {
    const rules = { conda: ['conda-forge', 'defaults', 'bioconda', 'nvidia'], uncovered_names: 'warn' as const };
    const [check] = softenUncoveredConda(request([], [target('nosuchpkg')]), [target('nosuchpkg')], [missing(SHIPPED)], rules, configured);
    expect(check?.verdict).toBe(verdict);
    expect(check?.reasons[0]?.code).toBe('not_in_channel_list');
  });

  it('names configured channels only when the command names none, and blocks on conda-forge alone', () => {
    const rules = { conda: ['conda-forge', 'bioconda'], uncovered_names: 'warn' as const };
    const soften = (indexes: string[], configured: string[]) =>
      softenUncoveredConda(request(indexes, [target('nosuchpkg')]), [target('nosuchpkg')], [missing(SHIPPED)], rules, configured)[0];
    expect(soften(['conda-forge'], ['bioconda'])?.verdict).toBe('block');
    expect(soften([], ['conda-forge'])?.verdict).toBe('block');
  });

  it.each<[InstallRequest['manager'], string[], string[] | undefined, 'block' | 'warn']>([
    ['mamba', [], undefined, 'block'],
    ['micromamba', [], undefined, 'block'],
    ['conda', [], undefined, 'warn'],
    ['mamba', [], ['conda-forge', 'someuser'], 'warn'],
    ['micromamba', ['someuser'], undefined, 'warn'],
  ])('%s with channels %j and configured %j: a name missing from conda-forge is a %s', (manager, indexes, configured, verdict) => {
    // mamba and micromamba 2 read conda-forge when nothing names a channel; conda reads `defaults`, which no shipped list covers.
    const [check] = softenUncoveredConda(
      request(indexes, [target('nosuchpkg')], manager),
      [target('nosuchpkg')],
      [missing(SHIPPED)],
      { conda: ['conda-forge', 'bioconda'], uncovered_names: 'warn' },
      configured,
    );
    expect(check?.verdict).toBe(verdict);
    expect(check?.reasons[0]?.code).toBe(verdict === 'block' ? 'not_found' : 'not_in_channel_list');
  });

  it('leaves a synced or imported list alone: it covers the channels it was made from', () => {
    const [check] = softenUncoveredConda(
      request([], [target('nosuchpkg')]),
      [target('nosuchpkg')],
      [missing('conda-forge+bioconda@2026-11-01')],
    );
    expect(check?.verdict).toBe('block');
  });
});
