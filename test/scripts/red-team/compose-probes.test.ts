/**
 * The compositional generator drives a property (without the sandbox): every generated command installs
 * a made-up name two or three layers deep, and the shell analysis behind every surface (the hooks' Bash
 * command, the wrapper's argv as the command it runs) never lets one pass with nothing to check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeProbes, shq } from '../../../scripts/red-team/compose-probes.js';
import { analyzeShellCommand } from '../../../src/engines/shell-commands/index.js';

describe('composeProbes', () => {
  it('is deterministic for a seed and names a fresh made-up package in every probe', () => {
    const probes = composeProbes(7, 40);
    expect(composeProbes(7, 40)).toEqual(probes);
    expect(new Set(probes.map((p) => p.marker)).size).toBe(40);
    for (const probe of probes) expect(probe.recipe.split(' > ').length).toBeGreaterThanOrEqual(2);
  });

  it('never yields a generated install that the analysis allows with nothing checked, on any surface (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        for (const probe of composeProbes(seed, 4)) {
          const command = probe.command ?? (probe.argv ?? []).map(shq).join(' ');
          const analysis = await analyzeShellCommand(command);
          const read = analysis.commands.some((c) => c.argv.includes(probe.marker));
          expect(read || analysis.unverifiable.length > 0, `${probe.recipe}: ${command}`).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
