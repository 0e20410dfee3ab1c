/**
 * The offline name check's shipped extras: npm security holding packages (the registry's
 * placeholder for a package removed for malicious code) are refused although the name exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackages } from '../../../src/app/packages/check-packages.js';
import { loadNpmSecurityHolders, readBundledManifest } from '../../../src/engines/package-names/index.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
beforeAll(async () => {
  home = await makeGuardHome({ lists: { npm: ['cross-env', 'crossenv', 'nodesass', 'node-sass'] } });
}, 60_000);
afterAll(() => home?.cleanup());

describe('checkPackages and npm security holding packages', () => {
  it('blocks every shipped holder the list has, with its own code, and leaves the real packages alone', async () => {
    const report = await checkPackages(
      { ecosystem: 'npm', packages: ['crossenv', 'nodesass@^4', 'cross-env', 'node-sass'] },
      { env: home.env },
    );
    expect(report.results.map((r) => [r.name, r.verdict, r.reasons.map((x) => x.code)])).toEqual([
      ['crossenv', 'block', ['security_placeholder']],
      ['nodesass', 'block', ['security_placeholder']],
      ['cross-env', 'allow', []],
      ['node-sass', 'allow', []],
    ]);
    expect(report.results[0]!.exists).toBe(true);
    expect(report.results[0]!.reasons[0]!.message).toContain('0.0.2-security');
    expect(report.verdict).toBe('block');
  });

  it('does not touch other ecosystems', async () => {
    const report = await checkPackages({ ecosystem: 'pypi', packages: ['crossenv'] }, { env: home.env });
    expect(report.results[0]!.reasons.map((r) => r.code)).not.toContain('security_placeholder');
  });
});

describe('loadNpmSecurityHolders', () => {
  it('reads the shipped list named by the manifest', () => {
    const manifest = readBundledManifest();
    const holders = loadNpmSecurityHolders(manifest);
    expect(holders.size).toBe(manifest.npmSecurityHolders?.count);
    expect(holders.get('crossenv')).toMatch(/-security/);
    expect(holders.has('cross-env')).toBe(false);
  });

  it('is empty for a manifest without the list and fails with SOURCE_MISSING when the listed file is gone', () => {
    const { npmSecurityHolders, ...older } = readBundledManifest();
    expect(loadNpmSecurityHolders(older).size).toBe(0);
    expect(() => loadNpmSecurityHolders({ ...older, npmSecurityHolders: { ...npmSecurityHolders!, file: 'no-such-file.txt' } })).toThrow(
      expect.objectContaining({ code: 'SOURCE_MISSING' }),
    );
  });
});
