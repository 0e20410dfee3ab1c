import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { importAllowlist } from '../../../src/app/packages/manage-allowlists.js';
import { monitorNames } from '../../../src/app/completion/monitor-names.js';
import { createServices } from '../../../src/app/services.js';
import { accepts } from '../../../src/engines/package-names/automaton.js';
import { mergePolicyLayers, type PolicyLayer } from '../../../src/engines/policy/index.js';

const enc = new TextEncoder();

async function home(withOverlay: boolean): Promise<{ GUARD_HOME: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'guard-monitor-names-'));
  const env = { GUARD_HOME: join(dir, 'home') };
  writeFileSync(join(dir, 'conda.txt'), 'numpy\nscipy\nacme-lookalike\nevil-pkg\npandas\n');
  await importAllowlist('conda', join(dir, 'conda.txt'), {}, { env });
  if (withOverlay) {
    writeFileSync(join(dir, 'acme.txt'), 'acme-core\nacme-ml\n');
    await importAllowlist('conda', join(dir, 'acme.txt'), { overlay: 'acme' }, { env });
  }
  return env;
}

/** What one process keeps: its loaded name lists and built unions. */
function processMemory(env: { GUARD_HOME: string }) {
  const services = createServices({ env, cwd: process.cwd(), stderr: process.stderr });
  return { env, nameLists: services.nameLists, built: services.completion.built };
}

const allowed = (automaton: ReturnType<typeof monitorNames>, names: string[]) => names.filter((n) => accepts(automaton, enc.encode(n)));

describe('monitorNames (what the decoding monitor lets a model write)', () => {
  it('is the registry list itself when no overlay or policy entry changes it', async () => {
    const env = processMemory(await home(false));
    const automaton = monitorNames('conda', mergePolicyLayers([]), env);
    expect(allowed(automaton, ['numpy', 'acme-core', 'evil-pkg', 'nope'])).toEqual(['numpy', 'evil-pkg']);
    expect(monitorNames('conda', mergePolicyLayers([]), env)).toBe(automaton);
  });

  it('adds private overlays, takes a private namespace from the overlay only, and leaves out denied packages', async () => {
    const env = await home(true);
    const layer: PolicyLayer = {
      version: 1,
      private: [{ ecosystem: 'conda', pattern: 'acme-*', overlay: 'acme' }],
      packages: {
        deny: [
          { ecosystem: 'conda', name: 'evil-*', reason: 'compromised' },
          { ecosystem: 'conda', name: 'pandas', versions: '<1', reason: 'old releases only: still writable' },
          { ecosystem: 'conda', name: 'scipy', expires: '2001-01-01', reason: 'expired: no effect' },
        ],
      },
    };
    const names = ['numpy', 'scipy', 'pandas', 'acme-core', 'acme-ml', 'acme-lookalike', 'evil-pkg', 'nope'];
    const plain = monitorNames('conda', mergePolicyLayers([]), { env, nameLists: new Map() });
    expect(allowed(plain, names)).toEqual(['numpy', 'scipy', 'pandas', 'acme-core', 'acme-ml', 'acme-lookalike', 'evil-pkg']);
    const ruled = monitorNames('conda', mergePolicyLayers([layer]), { env, nameLists: new Map() });
    expect(allowed(ruled, names)).toEqual(['numpy', 'scipy', 'pandas', 'acme-core', 'acme-ml']);
  });

  it('keeps a built union in the cache for the next process, and rebuilds it when the policy changes', async () => {
    let memory = processMemory(await home(true));
    const { env } = memory;
    const reserve = (pattern: string): PolicyLayer => ({ version: 1, private: [{ ecosystem: 'conda', pattern, overlay: 'acme' }] });
    const names = ['numpy', 'acme-core', 'acme-lookalike', 'evil-pkg'];
    const first = monitorNames('conda', mergePolicyLayers([reserve('acme-*')]), memory);
    const file = join(env.GUARD_HOME, 'monitor', 'conda.ggc');
    expect(existsSync(file)).toBe(true);
    const written = statSync(file).mtimeMs;
    memory = processMemory(env);
    const second = monitorNames('conda', mergePolicyLayers([reserve('acme-*')]), memory);
    expect(second).not.toBe(first);
    expect(allowed(second, names)).toEqual(['numpy', 'acme-core', 'evil-pkg']);
    expect(statSync(file).mtimeMs).toBe(written);
    memory = processMemory(env);
    const other = monitorNames('conda', mergePolicyLayers([reserve('evil-*')]), memory);
    expect(allowed(other, names)).toEqual(['numpy', 'acme-core', 'acme-lookalike']);
    // A damaged cache file is rebuilt, not trusted.
    writeFileSync(file, 'garbage');
    memory = processMemory(env);
    expect(allowed(monitorNames('conda', mergePolicyLayers([reserve('evil-*')]), memory), names)).toEqual([
      'numpy',
      'acme-core',
      'acme-lookalike',
    ]);
  });

  it('builds the shipped conda-forge list on first use', () => {
    const env = { GUARD_HOME: mkdtempSync(join(tmpdir(), 'guard-monitor-conda-')) };
    expect(() => monitorNames('conda', mergePolicyLayers([]), { env, nameLists: new Map() })).not.toThrow();
  });
});
