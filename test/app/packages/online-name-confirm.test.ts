/** The install guard's online step (policy online.hooks) against a loopback npm registry: a name newer than the snapshot passes when the upstream has it and it is old enough; offline by default; answers remembered. */
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
  home = await makeGuardHome({ lists: { npm: ['left-pad', 'is-number'] } });
  cwd = home.project('repo');
  upstream = await startPackageUpstream(
    [],
    [
      { name: 'newer-pkg', version: '1.0.0', ageHours: 300 },
      { name: 'brand-new-pkg', version: '1.0.0', ageHours: 2 },
      { name: 'offline-only-pkg', version: '1.0.0', ageHours: 300 },
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
});
