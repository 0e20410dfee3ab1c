/** Tests for policy decisions on whole install requests: indexes and registries, unlisted sources beside PyPI and conda-forge, aggregation. */
import { describe, expect, it } from 'vitest';
import { type InstallRequest } from '../../../src/engines/install-commands/index.js';
import { type NameCheck } from '../../../src/engines/package-names/index.js';
import { decideRequest, explainDecision } from '../../../src/engines/policy/index.js';
import { found, missing, NOW, policy, registry } from './decide-fixtures.js';

describe('decideRequest', () => {
  const request = (extra: Partial<InstallRequest>): InstallRequest => ({
    manager: 'pip',
    installs: true,
    targets: [],
    indexes: [],
    files: [],
    unresolved: [],
    ...extra,
  });

  it('allows a command that installs nothing', () => {
    expect(decideRequest(request({ installs: false }), policy(), NOW)).toMatchObject({ verdict: 'allow', rule: 'not-an-install' });
  });

  it.each<[string, InstallRequest['manager'], string, 'allow' | 'warn' | 'block']>([
    ['the public index with a trailing slash', 'pip', 'https://pypi.org/simple/', 'allow'],
    ['credentials and a sub-path', 'pip', 'https://user:token@pypi.acme.internal/simple/', 'allow'],
    ['a look-alike prefix', 'pip', 'https://pypi.org/simplex', 'block'],
    ['another host', 'pip', 'https://evil.example/simple', 'block'],
    ['npm registry', 'npm', 'https://registry.npmjs.org/', 'allow'],
    ['conda channel name', 'conda', 'conda-forge', 'allow'],
    ['conda channel URL', 'conda', 'https://conda.anaconda.org/conda-forge/', 'allow'],
    ['conda channel label under an allowed one', 'conda', 'conda-forge/label/dev', 'allow'],
    ['unlisted conda channel', 'conda', 'some-community-channel', 'block'],
    ['conda channel published only by its owner (built in)', 'conda', 'pytorch', 'allow'],
    ['curated conda channel (built in)', 'conda', 'bioconda', 'allow'],
    ['label of a built-in conda channel', 'conda', 'nvidia/label/cuda-12.1.0', 'allow'],
  ])('registries: %s', (_label, manager, index, verdict) => {
    const layer = { registries: { pypi: ['https://pypi.org/simple', 'https://pypi.acme.internal'], unlisted: 'block' as const } };
    const decision = decideRequest(request({ manager, indexes: [index] }), policy(layer), NOW);
    expect(decision.verdict).toBe(verdict);
    if (verdict === 'block') expect(decision.reasons.map((r) => r.code)).toEqual(['registry_not_allowed']);
  });

  it.each<[string, string, Array<NameCheck | undefined>, 'allow' | 'warn' | 'block', string[]]>([
    [
      'every package on the list, https',
      'https://wheels.vendor.example/torch.html',
      [found('torch'), found('numpy')],
      'allow',
      ['unlisted_index'],
    ],
    ['plain http', 'http://wheels.vendor.example/', [found('torch')], 'warn', ['registry_not_allowed']],
    [
      'a name missing from the list',
      'https://wheels.vendor.example/',
      [found('torch'), missing('torhc')],
      'block',
      ['registry_not_allowed'],
    ],
    ['a name not checked', 'https://wheels.vendor.example/', [found('torch'), undefined], 'block', ['registry_not_allowed']],
  ])('an unlisted pypi source read beside PyPI: %s', (_label, index, checks, verdict, codes) => {
    const targets = checks.map((_, i) => registry('pypi', ['torch', 'numpy', 'torhc'][i] ?? 'x'));
    const decision = decideRequest(request({ indexes: [index], extraIndexes: [index], targets }), policy(), NOW, (_t, i) => {
      const check = checks[i];
      return check === undefined ? undefined : { check };
    });
    expect(decision.verdict).toBe(verdict);
    const indexCodes = decision.reasons.map((r) => r.code).filter((c) => c === 'unlisted_index' || c === 'registry_not_allowed');
    expect(indexCodes).toEqual(codes);
    // A strict policy refuses the unlisted source whatever its packages.
    const strict = decideRequest(
      request({ indexes: [index], extraIndexes: [index], targets }),
      policy({ registries: { unlisted: 'block' } }),
      NOW,
      (_t, i) => {
        const check = checks[i];
        return check === undefined ? undefined : { check };
      },
    );
    expect(strict.verdict).toBe('block');
    // An index that replaces PyPI (not marked extra) serves every package itself: the registry rule stands.
    const replacing = decideRequest(request({ indexes: [index], targets }), policy(), NOW, (_t, i) => {
      const check = checks[i];
      return check === undefined ? undefined : { check };
    });
    expect(replacing.reasons.map((r) => r.code)).not.toContain('unlisted_index');
  });

  it.each<[string, string, Array<NameCheck | undefined>, 'allow' | 'warn' | 'block', string[]]>([
    ['every name on the list (channel name)', 'rdkit', [found('rdkit'), found('numpy')], 'allow', ['unlisted_channel']],
    ['every name on the list (HTTPS channel URL)', 'https://conda.example.org/team', [found('rdkit')], 'allow', ['unlisted_channel']],
    ['plain http channel', 'http://conda.example.org/team', [found('rdkit')], 'warn', ['registry_not_allowed']],
    ['local channel path', 'file:///opt/channel', [found('rdkit')], 'warn', ['registry_not_allowed']],
    ['a name on no list', 'rdkit', [found('rdkit'), missing('rdkti')], 'block', ['registry_not_allowed']],
    ['a name not checked', 'rdkit', [found('rdkit'), undefined], 'block', ['registry_not_allowed']],
  ])('an unlisted conda channel beside conda-forge: %s', (_label, channel, checks, verdict, codes) => {
    const targets = checks.map((_, i) => registry('conda', ['rdkit', 'numpy', 'rdkti'][i] ?? 'x'));
    const factsFor = (_t: unknown, i: number) => {
      const check = checks[i];
      return check === undefined ? undefined : { check: { ...check, ecosystem: 'conda' as const } };
    };
    const decision = decideRequest(request({ manager: 'conda', indexes: [channel], targets }), policy(), NOW, factsFor);
    expect(decision.verdict).toBe(verdict);
    const channelCodes = decision.reasons.map((r) => r.code).filter((c) => c === 'unlisted_channel' || c === 'registry_not_allowed');
    expect(channelCodes).toEqual(codes);
    if (codes[0] === 'unlisted_channel')
      expect(decision.reasons[0]).toMatchObject({ subject: channel, message: expect.stringContaining(channel) });
    // A strict policy refuses the unlisted channel whatever its packages.
    const strict = decideRequest(
      request({ manager: 'conda', indexes: [channel], targets }),
      policy({ registries: { unlisted: 'block' } }),
      NOW,
      factsFor,
    );
    expect(strict.verdict).toBe('block');
    expect(strict.reasons.map((r) => r.code)).not.toContain('unlisted_channel');
  });

  it('warns about an unlisted index by default', () => {
    expect(decideRequest(request({ indexes: ['https://mirror.example/simple'] }), policy(), NOW)).toMatchObject({
      verdict: 'warn',
      rule: 'registries.pypi',
    });
  });

  it.each([
    'https://pypi.tuna.tsinghua.edu.cn/simple',
    'https://mirrors.aliyun.com/pypi/simple/',
    'http://mirrors.aliyun.com/pypi/simple/',
    'https://repo.huaweicloud.com/repository/pypi/simple',
    'https://storage.googleapis.com/jax-releases/jax_cuda_releases.html',
    'https://pypi.ngc.nvidia.com',
    'https://download.pytorch.org/whl/cu121',
    'https://huggingface.github.io/autogptq-index/whl/cu118/',
  ])('allows the known index %s under the default policy', (index) => {
    expect(decideRequest(request({ indexes: [index] }), policy(), NOW).verdict).toBe('allow');
  });

  it.each([
    'https://pypi.tuna.tsinghua.edu.cn.evil.example/simple',
    'https://storage.googleapis.com/someone-else/jax_releases.html',
    'https://pypi.anaconda.org/some-user/simple',
    'http://pypi.tuna.tsinghua.edu.cn/simple',
  ])('still questions the look-alike or unlisted index %s', (index) => {
    expect(decideRequest(request({ indexes: [index] }), policy(), NOW).verdict).toBe('warn');
  });

  it('drops the known indexes when a policy file sets its own PyPI list', () => {
    const own = policy({ registries: { pypi: ['https://pypi.org/simple'] } });
    expect(decideRequest(request({ indexes: ['https://pypi.tuna.tsinghua.edu.cn/simple'] }), own, NOW).verdict).toBe('warn');
  });

  it('says what a known index is when explaining', () => {
    const { steps } = explainDecision(registry('pypi', 'numpy'), found('numpy'), policy(), NOW, {
      indexes: ['https://pypi.tuna.tsinghua.edu.cn/simple'],
    });
    expect(steps[0]).toMatchObject({ rule: 'registries.pypi', outcome: 'pass' });
    expect(steps[0]!.detail).toContain('mirror of PyPI');
  });

  it('aggregates targets and unresolved parts: the strictest wins, decided by the first that gave it', () => {
    const targets = [
      registry('pypi', 'requests'),
      registry('pypi', 'reqeusts'),
      { ecosystem: 'pypi' as const, kind: 'url' as const, raw: 'https://x/y.whl', location: 'https://x/y.whl', origin: 'argv' },
    ];
    const checks = [found('requests'), missing('reqeusts'), undefined];
    const decision = decideRequest(
      request({ targets, unresolved: [{ what: '${REQS}', why: 'unset variable' }] }),
      policy(),
      NOW,
      (_t, i) => ({ check: checks[i] }),
    );
    expect(decision).toMatchObject({ verdict: 'block', rule: 'name-check' });
    expect(decision.targets.map((t) => t.decision.verdict)).toEqual(['allow', 'block', 'warn']);
    expect(decision.reasons.map((r) => r.code)).toEqual(['not_found', 'source_policy', 'unverifiable']);
    const open = decideRequest(
      request({ unresolved: [{ what: '$(cat x)', why: 'command substitution' }] }),
      policy({ on_unverifiable: 'allow' }),
      NOW,
    );
    expect(open).toMatchObject({ verdict: 'allow' });
    const relaxed = decideRequest(request({ targets: [registry('pypi', 'nope')] }), policy({ mode: 'warn' }), NOW, () => ({
      check: missing('nope'),
    }));
    expect(relaxed).toMatchObject({ verdict: 'warn', downgraded: true });
  });
});
