import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src/config/load-policy.js';
import { policyInForce } from '../../src/config/policy-in-force.js';
import { mergePolicyLayers } from '../../src/engines/policy/index.js';

function repo(): string {
  const root = mkdtempSync(join(tmpdir(), 'gg-policy-in-force-'));
  mkdirSync(join(root, '.git'));
  return root;
}

describe('policyInForce', () => {
  it('is the defaults when no policy file exists', async () => {
    const cwd = repo();
    const loaded = await policyInForce({ cwd, env: { GUARD_CONFIG_HOME: join(cwd, 'none') } });
    expect(loaded).toEqual({ policy: mergePolicyLayers([]), sources: [] });
  });

  it('reads, validates and merges the files there are, as loadPolicy does', async () => {
    const cwd = repo();
    mkdirSync(join(cwd, '.guard'));
    writeFileSync(
      join(cwd, '.guard', 'policy.yaml'),
      'version: 1\nmode: warn\npackages:\n  deny:\n    - { ecosystem: npm, name: left-pad, reason: banned }\n',
    );
    const options = { cwd, env: { GUARD_CONFIG_HOME: join(cwd, 'none') } };
    const loaded = await policyInForce(options);
    expect(loaded.sources).toEqual([join(cwd, '.guard', 'policy.yaml')]);
    // A project file only tightens the defaults: its `mode: warn` is ignored, its deny applies.
    expect(loaded.policy.mode).toBe('block');
    expect(loaded.policy.packages.deny.map((d) => d.name)).toEqual(['left-pad']);
    expect(loaded).toEqual(loadPolicy(options));
  });

  it('rejects an invalid file with CONFIG_INVALID and the place of the problem', async () => {
    const cwd = repo();
    mkdirSync(join(cwd, '.guard'));
    writeFileSync(join(cwd, '.guard', 'policy.yaml'), 'version: 1\nmode: sometimes\n');
    await expect(policyInForce({ cwd, env: { GUARD_CONFIG_HOME: join(cwd, 'none') } })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/policy\.yaml:2:7 mode/),
    });
  });

  it('rejects a GUARD_POLICY that names no file', async () => {
    const cwd = repo();
    await expect(policyInForce({ cwd, env: { GUARD_POLICY: 'missing.yaml' } })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});
