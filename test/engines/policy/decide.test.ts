/** Tests for policy decisions: each rule, their precedence, mode and fail-open/closed handling (whole requests: decide-request.test.ts). */
import { describe, expect, it } from 'vitest';
import { type InstallTarget } from '../../../src/engines/install-commands/index.js';
import { type Ecosystem, type NameCheck } from '../../../src/engines/package-names/index.js';
import {
  DEFAULT_POLICY,
  decideTarget,
  decideUnverifiable,
  explainDecision,
  mergePolicyLayers,
  privateOverlaysFor,
  type PolicyLayer,
  type TargetFacts,
} from '../../../src/engines/policy/index.js';
import { found, missing, NOW, policy, registry } from './decide-fixtures.js';

function decide(target: InstallTarget, check: NameCheck | undefined, layer: Omit<PolicyLayer, 'version'> = {}, facts: TargetFacts = {}) {
  const decision = decideTarget(target, check, policy(layer), NOW, facts);
  return { ...decision, codes: decision.reasons.map((r) => r.code) };
}

describe('decideTarget: single rules', () => {
  it('allows a package the name check finds, decided by the name check', () => {
    expect(decide(registry('npm', 'lodash'), found('lodash'))).toMatchObject({ verdict: 'allow', rule: 'name-check', codes: [] });
  });

  it('blocks a name the name check does not find, keeping its reasons', () => {
    expect(decide(registry('npm', 'lodahs'), missing('lodahs'))).toMatchObject({
      verdict: 'block',
      rule: 'name-check',
      codes: ['not_found'],
    });
  });

  it.each<[string, string, string | undefined, 'allow' | 'warn' | 'block', string]>([
    ['plain deny', 'event-stream', undefined, 'block', 'packages.deny[0]'],
    ['glob deny', 'event-stream-fork', undefined, 'block', 'packages.deny[1]'],
    ['versioned deny, version inside', 'left-pad@1.0.0', '<1.1', 'block', 'packages.deny[2]'],
    ['versioned deny, range inside', 'left-pad@~1.0.0', '<1.1', 'block', 'packages.deny[2]'],
    ['versioned deny, range overlapping', 'left-pad@^1.0.0', '<1.1', 'warn', 'packages.deny[2]'],
    ['versioned deny, version outside', 'left-pad@1.3.0', '<1.1', 'allow', 'name-check'],
    ['versioned deny, no version named', 'left-pad', '<1.1', 'allow', 'name-check'],
    ['versioned deny, dist-tag (unverifiable, fails closed)', 'left-pad@next', '<1.1', 'block', 'packages.deny[2]'],
  ])('%s', (_label, spec, _range, verdict, rule) => {
    const name = spec.replace(/@.*$/, '');
    const layer = {
      packages: {
        deny: [
          { ecosystem: 'npm' as const, name: 'event-stream', reason: 'compromised' },
          { ecosystem: 'npm' as const, name: 'event-stream-*' },
          { ecosystem: 'npm' as const, name: 'left-pad', versions: '<1.1' },
        ],
      },
    };
    expect(decide(registry('npm', name, spec), found(name), layer)).toMatchObject({ verdict, rule });
  });

  it('reports a deny with its code and reason, and ignores an expired one', () => {
    const layer = {
      packages: {
        deny: [
          { ecosystem: 'pypi' as const, name: 'Bad_Pkg', reason: 'malware', expires: '2030-01-01' },
          { ecosystem: 'pypi' as const, name: 'old', expires: '2026-01-01' },
        ],
      },
    };
    const denied = decide(registry('pypi', 'bad-pkg'), found('bad-pkg'), layer);
    expect(denied).toMatchObject({ verdict: 'block', rule: 'packages.deny[0]', codes: ['policy_denied'] });
    expect(denied.reasons[0]!.message).toContain('malware');
    expect(decide(registry('pypi', 'old'), found('old'), layer)).toMatchObject({ verdict: 'allow', rule: 'name-check' });
  });

  it.each<[InstallTarget['kind'], 'allow' | 'warn' | 'block']>([
    ['path', 'allow'],
    ['editable', 'allow'],
    ['workspace', 'allow'],
    ['vcs', 'warn'],
    ['url', 'warn'],
  ])('decides a %s install by sources (default %s)', (kind, verdict) => {
    const target: InstallTarget = { ecosystem: 'pypi', kind, raw: 'x', location: './x', origin: 'argv' };
    expect(decide(target, undefined)).toMatchObject({ verdict, rule: `sources.${kind}` });
    const strict = decide(target, undefined, { sources: { [kind]: 'block' } });
    expect(strict).toMatchObject({ verdict: 'block', rule: `sources.${kind}`, codes: ['source_policy'] });
  });

  describe('a git or URL source naming its repository on a public forge', () => {
    const vcs = (location: string): InstallTarget => ({ ecosystem: 'pypi', kind: 'vcs', raw: location, location, origin: 'argv' });
    const forge = vcs('git+https://github.com/huggingface/peft@main#egg=peft');

    it('is allowed by the default policy, with the repository named for the agent', () => {
      const decision = decide(forge, undefined);
      expect(decision).toMatchObject({ verdict: 'allow', rule: 'sources.forge', codes: ['forge_source'] });
      expect(decision.reasons[0]!.message).toContain('huggingface/peft on github.com');
      const url: InstallTarget = { ...forge, kind: 'url', location: 'https://github.com/o/r/releases/download/v1/r-1.whl' };
      expect(decide(url, undefined)).toMatchObject({ verdict: 'allow', rule: 'sources.forge' });
    });

    it.each([
      ['plain http', 'git+http://github.com/huggingface/peft'],
      ['an unlisted host', 'git+https://git.example.org/huggingface/peft'],
      ['a raw IP', 'git+https://140.82.112.3/huggingface/peft'],
      ['a run-time host', 'git+https://${FORGE}/huggingface/peft'],
      ['ssh to an unlisted host', 'git+ssh://git@git.example.org/huggingface/peft'],
    ])('keeps the vcs rule for %s', (_label, location) => {
      expect(decide(vcs(location), undefined)).toMatchObject({ verdict: 'warn', rule: 'sources.vcs', codes: ['source_policy'] });
    });

    it.each<[string, Omit<PolicyLayer, 'version'>, 'allow' | 'warn' | 'block']>([
      ['vcs: warn set in a file', { sources: { vcs: 'warn' } }, 'warn'],
      ['vcs: block', { sources: { vcs: 'block' } }, 'block'],
      ['url: block (a git source keeps its own rule, warn)', { sources: { url: 'block' } }, 'warn'],
      ['vcs: allow', { sources: { vcs: 'allow' } }, 'allow'],
      ['forge: warn', { sources: { forge: 'warn' } }, 'warn'],
      ['vcs: block with forge: allow said outright', { sources: { vcs: 'block', forge: 'allow' } }, 'allow'],
      ['a forge list without github.com', { forges: ['gitlab.com'] }, 'warn'],
      ['forge: block (it only relaxes) and vcs: allow', { sources: { vcs: 'allow', forge: 'block' } }, 'allow'],
    ])('follows a policy with %s', (_label, layer, verdict) => {
      expect(decide(forge, undefined, layer).verdict).toBe(verdict);
    });

    it('still applies a name deny first', () => {
      const named: InstallTarget = { ...forge, name: 'peft' };
      expect(decide(named, undefined, { packages: { deny: [{ ecosystem: 'pypi', name: 'peft' }] } })).toMatchObject({
        verdict: 'block',
        rule: 'packages.deny[0]',
      });
    });
  });

  it('applies a name deny to a named VCS install before its source rule', () => {
    const target: InstallTarget = {
      ecosystem: 'npm',
      kind: 'vcs',
      raw: 'evil@github:x/evil',
      name: 'evil',
      location: 'github:x/evil',
      origin: 'argv',
    };
    expect(
      decide(target, undefined, { packages: { deny: [{ ecosystem: 'npm', name: 'evil' }] }, sources: { vcs: 'allow' } }),
    ).toMatchObject({ verdict: 'block', rule: 'packages.deny[0]' });
  });

  const org = {
    private: [
      { ecosystem: 'npm' as const, pattern: '@acme/*', overlay: 'acme' },
      { ecosystem: 'pypi' as const, pattern: 'acme-*', overlay: 'acme' },
    ],
  };

  it.each<[string, string, Ecosystem, TargetFacts, Omit<PolicyLayer, 'version'>, 'allow' | 'warn' | 'block', string, string[]]>([
    ['found in the overlay', '@acme/ui', 'npm', { overlays: { acme: true } }, org, 'allow', 'private[0]', ['not_found']],
    [
      'missing from the overlay',
      '@acme/ui',
      'npm',
      { overlays: { acme: false } },
      org,
      'block',
      'private[0]',
      ['private_namespace', 'not_found'],
    ],
    ['overlay not loaded, fail closed', '@acme/ui', 'npm', {}, org, 'block', 'private[0]', ['unverifiable', 'not_found']],
    [
      'overlay not loaded, fail open with a warning',
      '@acme/ui',
      'npm',
      {},
      { ...org, on_unverifiable: 'warn' },
      'block',
      'name-check',
      ['unverifiable', 'not_found'],
    ],
    ['PyPI prefix after normalisation', 'Acme_Tools', 'pypi', { overlays: { acme: true } }, org, 'allow', 'private[1]', ['not_found']],
    ['outside the namespace', '@other/ui', 'npm', { overlays: { acme: false } }, org, 'block', 'name-check', ['not_found']],
  ])('private namespace: %s', (_label, name, ecosystem, facts, layer, verdict, rule, codes) => {
    expect(decide(registry(ecosystem, name), missing(name), layer, facts)).toMatchObject({ verdict, rule, codes });
  });

  it('trust: warns below the minimum, handles unknown usage, passes above it', () => {
    const trust = { trust: { min_popularity: 0.3 } };
    expect(decide(registry('npm', 'tiny'), found('tiny'), trust, { popularity: 0.1 })).toMatchObject({
      verdict: 'warn',
      rule: 'trust.min_popularity',
      codes: ['below_trust'],
    });
    expect(decide(registry('npm', 'big'), found('big'), trust, { popularity: 0.9 })).toMatchObject({
      verdict: 'allow',
      rule: 'name-check',
    });
    expect(decide(registry('npm', 'who'), found('who'), trust)).toMatchObject({ verdict: 'allow', codes: [] });
    expect(decide(registry('npm', 'who'), found('who'), { trust: { min_popularity: 0.3, unknown_popularity: 'block' } })).toMatchObject({
      verdict: 'block',
      rule: 'trust.unknown_popularity',
      codes: ['unknown_popularity'],
    });
    expect(
      decide(registry('npm', 'tiny'), found('tiny'), { trust: { min_popularity: 0.3, action: 'block' } }, { popularity: 0.1 }),
    ).toMatchObject({ verdict: 'block', codes: ['below_trust'] });
    expect(decide(registry('npm', 'tiny'), found('tiny'), {}, { popularity: 0 })).toMatchObject({ verdict: 'allow' });
  });

  it.each<[Ecosystem, string, string, 'allow' | 'warn' | 'block', string[]]>([
    ['npm', 'lodash@4.17.21', 'range', 'allow', []],
    ['npm', 'lodash@^4.17.21', 'range', 'allow', []],
    ['npm', 'lodash@4.17.20', 'range', 'block', ['version_not_allowed']],
    ['npm', 'lodash@^4', 'range', 'warn', ['version_not_allowed']],
    ['npm', 'lodash', 'range', 'allow', []],
    ['npm', 'lodash@latest', 'range', 'allow', []],
    ['npm', 'lodash@beta', 'range', 'block', ['unverifiable']],
    ['pypi', 'requests==2.31.0', 'specifier', 'allow', []],
    ['pypi', 'requests>=2.32,<3', 'specifier', 'allow', []],
    ['pypi', 'requests==2.30', 'specifier', 'block', ['version_not_allowed']],
    ['pypi', 'requests>=2', 'specifier', 'warn', ['version_not_allowed']],
    ['conda', 'requests==2.32.0=py_0', 'specifier', 'allow', []],
    ['conda', 'requests 2.25', 'specifier', 'block', ['version_not_allowed']],
  ])('versions: %s %s', (ecosystem, spec, field, verdict, codes) => {
    const constraint = ecosystem === 'npm' ? '>=4.17.21' : '>=2.31';
    const name = ecosystem === 'npm' ? 'lodash' : 'requests';
    const layer = { versions: [{ ecosystem, name, [field]: constraint }] };
    const result = decide(registry(ecosystem, name, spec), undefined, layer);
    const withCheck = decideTarget(registry(ecosystem, name, spec), found(name), policy(layer), NOW);
    expect({ verdict: withCheck.verdict, codes: withCheck.reasons.map((r) => r.code) }).toEqual({ verdict, codes });
    expect(result.codes[0]).toBe('unverifiable'); // no name check at all: fails closed
  });
});

describe('decideTarget: precedence', () => {
  it('an explicit deny beats an allow, and is not downgraded by mode: warn', () => {
    const layer = {
      mode: 'warn' as const,
      packages: { allow: [{ ecosystem: 'npm' as const, name: 'x' }], deny: [{ ecosystem: 'npm' as const, name: 'x' }] },
    };
    expect(decide(registry('npm', 'x'), found('x'), layer)).toMatchObject({ verdict: 'block', rule: 'packages.deny[0]' });
  });

  it('an allow entry overrides a name-check block, keeping its reason', () => {
    const layer = { packages: { allow: [{ ecosystem: 'npm' as const, name: 'internal-*', reason: 'ours' }] } };
    expect(decide(registry('npm', 'internal-tool'), missing('internal-tool'), layer)).toMatchObject({
      verdict: 'allow',
      rule: 'packages.allow[0]',
      codes: ['policy_allowed', 'not_found'],
    });
  });

  it('an allow entry overrides the trust rule but not a version constraint', () => {
    const layer = {
      packages: { allow: [{ ecosystem: 'npm' as const, name: 'lodash' }] },
      trust: { min_popularity: 0.9, action: 'block' as const },
      versions: [{ ecosystem: 'npm' as const, name: 'lodash', range: '>=4.17.21' }],
    };
    expect(decide(registry('npm', 'lodash', 'lodash@4.17.21'), found('lodash'), layer, { popularity: 0.1 })).toMatchObject({
      verdict: 'allow',
      rule: 'packages.allow[0]',
    });
    expect(decide(registry('npm', 'lodash', 'lodash@4.0.0'), found('lodash'), layer)).toMatchObject({
      verdict: 'block',
      rule: 'versions[0]',
    });
  });

  it('an expired allow warns and leaves the name check in charge', () => {
    const layer = { packages: { allow: [{ ecosystem: 'npm' as const, name: 'gone', expires: '2026-06-01' }] } };
    expect(decide(registry('npm', 'gone'), missing('gone'), layer)).toMatchObject({
      verdict: 'block',
      rule: 'name-check',
      codes: ['allow_expired', 'not_found'],
    });
    expect(decide(registry('npm', 'gone'), found('gone'), layer)).toMatchObject({
      verdict: 'warn',
      rule: 'packages.allow[0]',
      codes: ['allow_expired'],
    });
    const later = { packages: { allow: [{ ecosystem: 'npm' as const, name: 'gone', expires: '2026-06-02' }] } };
    expect(decide(registry('npm', 'gone'), missing('gone'), later)).toMatchObject({ verdict: 'allow', rule: 'packages.allow[0]' });
  });

  it('an allow entry does not open a private namespace', () => {
    const layer = {
      private: [{ ecosystem: 'npm' as const, pattern: '@acme/*', overlay: 'acme' }],
      packages: { allow: [{ ecosystem: 'npm' as const, name: '@acme/*' }] },
    };
    expect(decide(registry('npm', '@acme/ui'), found('@acme/ui'), layer, { overlays: { acme: false } })).toMatchObject({
      verdict: 'block',
      rule: 'private[0]',
    });
  });

  it('mode: warn turns other blocks into warns and says so', () => {
    const result = decide(registry('npm', 'lodahs'), missing('lodahs'), { mode: 'warn' });
    expect(result).toMatchObject({ verdict: 'warn', rule: 'name-check', downgraded: true, codes: ['not_found'] });
  });

  it.each<['deny' | 'warn' | 'allow', 'allow' | 'warn' | 'block']>([
    ['deny', 'block'],
    ['warn', 'warn'],
    ['allow', 'allow'],
  ])('on_unverifiable: %s without a name check gives %s', (action, verdict) => {
    expect(decide(registry('npm', 'x'), undefined, { on_unverifiable: action })).toMatchObject({ verdict, codes: ['unverifiable'] });
  });

  it('treats a missing name list as unverifiable, not as a missing package', () => {
    const check = found('x', {
      exists: false,
      verdict: 'block',
      reasons: [{ code: 'allowlist_unavailable', message: 'no conda name list is loaded' }],
    });
    expect(decide(registry('conda', 'x'), check, { on_unverifiable: 'warn' })).toMatchObject({ verdict: 'warn', codes: ['unverifiable'] });
  });
});

describe('explainDecision', () => {
  it('lists every rule consulted, in order, with the decider', () => {
    const layer = {
      packages: { allow: [{ ecosystem: 'pypi' as const, name: 'requests', expires: '2020-01-01' }] },
      trust: { min_popularity: 0.2 },
      versions: [{ ecosystem: 'pypi' as const, name: 'requests', specifier: '>=2.31' }],
    };
    const { decision, steps } = explainDecision(registry('pypi', 'requests', 'requests==2.0'), found('requests'), policy(layer), NOW, {
      popularity: 0.8,
      indexes: ['https://pypi.org/simple/'],
    });
    expect(steps.map((s) => [s.rule, s.outcome])).toEqual([
      ['registries.pypi', 'pass'],
      ['packages.deny', 'pass'],
      ['packages.allow[0]', 'warn'],
      ['name-check', 'allow'],
      ['trust', 'pass'],
      ['versions[0]', 'block'],
    ]);
    expect(decision).toMatchObject({ verdict: 'block', rule: 'versions[0]' });
  });
});

describe('decideUnverifiable', () => {
  it.each([
    [{}, 'block', undefined],
    [{ on_unverifiable: 'warn' as const }, 'warn', undefined],
    [{ on_unverifiable: 'allow' as const }, 'allow', undefined],
    [{ mode: 'warn' as const }, 'warn', true],
  ])('applies on_unverifiable and mode (%j)', (layer, verdict, downgraded) => {
    const decision = decideUnverifiable('$(cat list)', 'cannot verify $(cat list)', policy(layer));
    expect(decision).toMatchObject({ verdict, rule: 'on_unverifiable' });
    expect(decision.downgraded).toBe(downgraded);
    expect(decision.reasons).toEqual([{ code: 'unverifiable', message: 'cannot verify $(cat list)', subject: '$(cat list)' }]);
  });
});

describe('mergePolicyLayers and privateOverlaysFor', () => {
  it('lets later layers replace settings and adds up entries', () => {
    const merged = mergePolicyLayers([
      {
        version: 1,
        mode: 'warn',
        trust: { min_popularity: 0.5, action: 'block' },
        registries: { pypi: ['https://a.example/simple'] },
        packages: { deny: [{ ecosystem: 'npm', name: 'a' }] },
      },
      {
        version: 1,
        mode: 'block',
        trust: { min_popularity: 0.1 },
        registries: { npm: ['https://b.example'] },
        packages: { deny: [{ ecosystem: 'npm', name: 'b' }], allow: [{ ecosystem: 'npm', name: 'a' }] },
      },
    ]);
    expect(merged.mode).toBe('block');
    expect(merged.trust).toEqual({ min_popularity: 0.1, action: 'block', unknown_popularity: 'allow' });
    expect(merged.registries).toMatchObject({
      pypi: ['https://a.example/simple'],
      npm: ['https://b.example'],
      conda: DEFAULT_POLICY.registries.conda,
    });
    expect(merged.packages.deny.map((d) => d.name)).toEqual(['a', 'b']);
    expect(decideTarget(registry('npm', 'a'), found('a'), merged, NOW).verdict).toBe('block');
    expect(mergePolicyLayers([]).packages.deny).toEqual([]);
  });

  it('names the overlays a name must be looked up in', () => {
    const p = policy({
      private: [
        { ecosystem: 'npm', pattern: '@acme/*', overlay: 'acme' },
        { ecosystem: 'npm', pattern: '@acme/secret-*', overlay: 'vault' },
      ],
    });
    expect(privateOverlaysFor(p, 'npm', '@acme/secret-x')).toEqual(['acme', 'vault']);
    expect(privateOverlaysFor(p, 'npm', 'acme')).toEqual([]);
  });
});
