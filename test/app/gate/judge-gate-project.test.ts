/**
 * The registry gate's judgement records what the upstream says about names the snapshot lists:
 * gone (the removed list, read offline by every check afterwards) or published again (dropped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeGateProject } from '../../../src/app/gate/judge-gate-project.js';
import { checkPackages } from '../../../src/app/packages/check-packages.js';
import { mergePolicyLayers } from '../../../src/engines/policy/index.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
beforeAll(async () => {
  home = await makeGuardHome({ lists: { npm: ['listed-then-gone', 'left-pad'] } });
}, 60_000);
afterAll(() => home?.cleanup());

const deps = () => ({ env: home.env, policy: mergePolicyLayers([{ version: 1 }]), upstream: () => 'http://upstream.invalid' });
const offline = async (name: string) => (await checkPackages({ ecosystem: 'npm', packages: [name] }, { env: home.env })).results[0]!;

describe('judgeGateProject and the removed list', () => {
  it('a listed name the upstream does not have is blocked, and offline checks refuse it from then on', async () => {
    expect((await offline('listed-then-gone')).exists).toBe(true);
    const judgement = await judgeGateProject('npm', 'listed-then-gone', { exists: false, timesKnown: false }, deps());
    expect(judgement).toMatchObject({ verdict: 'block', code: 'not_found_upstream' });
    const after = await offline('listed-then-gone');
    expect(after).toMatchObject({ exists: false, verdict: 'block' });
    expect(after.reasons.map((r) => r.code)).toEqual(['not_found']);
    expect((await offline('left-pad')).exists).toBe(true);
  });

  it('a removed name the upstream has again leaves the removed list', async () => {
    await judgeGateProject('npm', 'listed-then-gone', { exists: false, timesKnown: false }, deps());
    const judgement = await judgeGateProject('npm', 'listed-then-gone', { exists: true, timesKnown: false }, deps());
    expect(judgement.code).not.toBe('not_found_upstream');
    expect((await offline('listed-then-gone')).exists).toBe(true);
  });
});
