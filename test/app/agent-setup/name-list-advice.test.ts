import { describe, expect, it } from 'vitest';
import { describeNameListAges } from '../../../src/app/agent-setup/name-list-advice.js';
import { readBundledManifest } from '../../../src/engines/package-names/index.js';

describe('describeNameListAges', () => {
  const manifest = readBundledManifest();
  const now = new Date('2026-11-25T09:00:00Z');

  it('gives each shipped list its date and age, and recommends online.hooks when the policy does not set it', () => {
    const text = describeNameListAges(manifest, false, now);
    const days = Math.floor((now.getTime() - Date.parse(manifest.npmNames.date)) / 86_400_000);
    expect(text).toContain(`npm ${manifest.npmNames.date}, ${days} days old`);
    expect(text).toContain(`PyPI ${manifest.pypi.date}`);
    expect(text).toContain('online: { hooks: true }');
    expect(text).toContain('guard allowlist sync');
  });

  it('only states the ages when the hooks already ask the registry', () => {
    const text = describeNameListAges(manifest, true, now);
    expect(text).toContain(manifest.npmNames.date);
    expect(text).not.toContain('online: { hooks: true }');
  });

  it('leaves a date it cannot read as written', () => {
    const text = describeNameListAges({ ...manifest, npmNames: { ...manifest.npmNames, date: 'unknown' } }, false, now);
    expect(text).toContain('npm unknown;');
  });
});
