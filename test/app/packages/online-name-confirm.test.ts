/**
 * The install guard's online step (policy online.hooks) against a loopback npm registry: a name newer
 * than the snapshot passes when the upstream has it and it is old enough; a listed name without a
 * usage figure that the upstream no longer has is blocked as unpublished; offline by default; answers remembered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vetInstallRequest } from '../../../src/app/installs/vet-install.js';
import { type InstallRequest, type InstallTarget } from '../../../src/engines/install-commands/index.js';
import { mergePolicyLayers, type PolicyLayer } from '../../../src/engines/policy/index.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';
import { startPackageUpstream, type PackageUpstream } from '../../fixtures/package-upstream.js';

let home: GuardHome;
let cwd: string;
let upstream: PackageUpstream;

beforeAll(async () => {
  home = await makeGuardHome({ lists: { npm: ['left-pad', 'is-number', 'since-unpublished', 'still-published'] } });
  cwd = home.project('repo');
  upstream = await startPackageUpstream(
    [],
    [
      { name: 'newer-pkg', version: '1.0.0', ageHours: 300 },
      { name: 'brand-new-pkg', version: '1.0.0', ageHours: 2 },
      { name: 'offline-only-pkg', version: '1.0.0', ageHours: 300 },
      { name: 'still-published', version: '2.0.0', ageHours: 3000 },
    ],
  );
}, 60_000);
afterAll(async () => {
  await upstream?.close();
  home?.cleanup();
});

const npm = (name: string): InstallTarget => ({ ecosystem: 'npm', kind: 'registry', raw: name, name, spec: name, origin: 'argv' });
const request = (names: string[]): InstallRequest => ({
  manager: 'npm',
  installs: true,
  targets: names.map(npm),
  indexes: [],
  files: [],
  unresolved: [],
});
const online = (extra: Partial<NonNullable<PolicyLayer['online']>> = {}) =>
  mergePolicyLayers([{ version: 1, online: { hooks: true, npm: upstream.npm, timeout_ms: 2000, ...extra } }]);
const vet = (names: string[], policy = online()) => vetInstallRequest(request(names), { cwd, env: home.env, policy });

describe('confirmMissingNames through vetInstallRequest', () => {
  it('stays offline by default: a name missing from the snapshot is blocked and the upstream is not asked', async () => {
    const before = upstream.requests.length;
    const verdict = await vetInstallRequest(request(['offline-only-pkg']), {
      cwd,
      env: home.env,
      policy: mergePolicyLayers([{ version: 1 }]),
    });
    expect(verdict.verdict).toBe('block');
    expect(upstream.requests.length).toBe(before);
  });

  it('allows a name the upstream has and that is older than the minimum age, and it passes offline afterwards (delta list)', async () => {
    expect((await vet(['newer-pkg'])).verdict).toBe('allow');
    expect(
      (await vetInstallRequest(request(['newer-pkg']), { cwd, env: home.env, policy: mergePolicyLayers([{ version: 1 }]) })).verdict,
    ).toBe('allow');
  });

  it('keeps blocking a name too young or absent upstream, and remembers the answer (no second request)', async () => {
    const verdict = await vet(['brand-new-pkg', 'no-such-pkg-anywhere']);
    expect(verdict.targets.map((t) => t.decision.verdict)).toEqual(['block', 'block']);
    const before = upstream.requests.length;
    expect((await vet(['brand-new-pkg', 'no-such-pkg-anywhere'])).verdict).toBe('block');
    expect(upstream.requests.length).toBe(before);
  });

  it('leaves the offline verdict when the upstream is unreachable, within the timeout', async () => {
    const verdict = await vet(['unreachable-pkg'], online({ npm: 'http://127.0.0.1:9', timeout_ms: 500 }));
    expect(verdict.verdict).toBe('block');
  });

  it('blocks a listed long-tail name the upstream answers 404 for (unpublished), allows one it has, and remembers both', async () => {
    const verdict = await vet(['since-unpublished', 'still-published']);
    expect(verdict.targets.map((t) => t.decision.verdict)).toEqual(['block', 'allow']);
    expect(verdict.targets[0]!.check?.reasons.map((r) => r.code)).toEqual(['not_found']);
    expect(verdict.report).toContain('unpublished');
    const before = upstream.requests.length;
    const again = await vet(['since-unpublished', 'still-published']);
    expect(again.targets.map((t) => t.decision.verdict)).toEqual(['block', 'allow']);
    expect(upstream.requests.length).toBe(before);
  });

  it('offline (the default) a listed long-tail name passes without asking the upstream', async () => {
    const before = upstream.requests.length;
    const verdict = await vetInstallRequest(request(['left-pad']), {
      cwd,
      env: home.env,
      policy: mergePolicyLayers([{ version: 1 }]),
    });
    expect(verdict.verdict).toBe('allow');
    expect(upstream.requests.length).toBe(before);
  });

  it('offline, a listed name an online check has seen gone stays blocked (the removed list), without asking the upstream', async () => {
    await vet(['since-unpublished']);
    const before = upstream.requests.length;
    const verdict = await vetInstallRequest(request(['since-unpublished', 'still-published']), {
      cwd,
      env: home.env,
      policy: mergePolicyLayers([{ version: 1 }]),
    });
    expect(verdict.targets.map((t) => t.decision.verdict)).toEqual(['block', 'allow']);
    expect(verdict.targets[0]!.check?.reasons.map((r) => r.code)).toEqual(['not_found']);
    expect(verdict.report).toContain('unpublished since the name list');
    expect(upstream.requests.length).toBe(before);
  });

  it('leaves a long-tail name allowed when the upstream is unreachable', async () => {
    const verdict = await vet(['is-number'], online({ npm: 'http://127.0.0.1:9', timeout_ms: 500 }));
    expect(verdict.verdict).toBe('allow');
  });
});
