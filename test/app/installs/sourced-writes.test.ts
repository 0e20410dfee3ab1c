/** Tests for writes whose text comes from readable files (copies, line filters): never a name the real file holds left unchecked. */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardShellCommand } from '../../../src/app/installs/guard-shell-command.js';
import { makeGuardHome, type GuardHome } from '../../fixtures/guard-home.js';

let home: GuardHome;
let runs = 0;

beforeAll(async () => {
  home = await makeGuardHome();
});
afterAll(() => home.cleanup());

const NAMES = ['requests', 'flask', 'zzq-ghost-sourced', 'numpy==1.26.4', '# a comment', ''];
const FILTERS = [
  'grep -v zzq src.txt > requirements.txt',
  'grep -v flask src.txt > requirements.txt',
  'grep requests src.txt > requirements.txt',
  "sed -i '/zzq/d' src.txt && cp src.txt requirements.txt",
  "sed -i -e '/flask/d' -e '1d' src.txt && cat src.txt > requirements.txt",
  'head -n 1 src.txt > requirements.txt',
  'tail -n 2 src.txt > requirements.txt',
  'sort -u src.txt > requirements.txt',
  'cp src.txt requirements.txt',
  'cat src.txt src.txt > requirements.txt',
  'echo flask > requirements.txt && grep -v requests src.txt >> requirements.txt',
];

describe('copies and line filters of the same command', () => {
  it('never leave a name the file bash writes holds unchecked (property: the real verdict blocks ⇒ the simulated one does)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...FILTERS),
        async (lines, filter) => {
          const n = runs++;
          const simulatedDir = home.project(`sourced-sim-${n}`);
          const realDir = home.project(`sourced-real-${n}`);
          home.write(`sourced-sim-${n}/src.txt`, `${lines.join('\n')}\n`);
          home.write(`sourced-real-${n}/src.txt`, `${lines.join('\n')}\n`);
          // Ground truth: bash runs the filter, then the same install is vetted against the file it wrote.
          execFileSync('bash', ['-c', `${filter} || true`], { cwd: realDir });
          const simulated = await guardShellCommand(`${filter} && pip install -r requirements.txt`, { cwd: simulatedDir, env: home.env });
          const real = await guardShellCommand('pip install -r requirements.txt', { cwd: realDir, env: home.env });
          if (real.verdict === 'block') expect(simulated.verdict).toBe('block');
          expect(simulated.unverifiable).toEqual([]);
          // A copy is exact: the same verdict.
          if (/^cp src.txt requirements.txt$|^cat src.txt src.txt/.test(filter)) expect(simulated.verdict).toBe(real.verdict);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    ['grep -v torch requirements.txt > r.txt && pip install -r r.txt', 'allow'],
    ["sed -i '/torch/d' requirements.txt && pip install -r requirements.txt", 'allow'],
    ['cp requirements.txt /tmp/gg-sourced-copy.txt && pip install -r /tmp/gg-sourced-copy.txt', 'allow'],
    ['cp ghost.txt r.txt && pip install -r r.txt', 'block'],
    ['grep -v torch ghost.txt > r.txt && pip install -r r.txt', 'block'],
  ])('%s: %s', async (command, verdict) => {
    const dir = home.project('sourced-table');
    home.write('sourced-table/requirements.txt', 'requests\ntorch\n');
    home.write('sourced-table/ghost.txt', 'requests\nzzq-ghost-sourced\n');
    expect((await guardShellCommand(command, { cwd: dir, env: home.env })).verdict).toBe(verdict);
  });

  it('copies into a directory under the source name; keeps filters of lines that do not stand alone, and text edits, unverifiable', async () => {
    const dir = home.project('sourced-edge');
    home.write('sourced-edge/good.txt', 'requests\n');
    home.write('sourced-edge/ghost.txt', 'requests\nzzq-ghost-sourced\n');
    home.write('sourced-edge/into/ghost.txt', 'requests\n');
    home.write('sourced-edge/continued.txt', 'requests \\\n  --hash=sha256:00\nflask\n');
    home.write('sourced-edge/options.txt', '--no-index\nrequests\n');
    // `into` is a directory: the copy lands at into/ghost.txt, over the harmless file there.
    expect((await guardShellCommand('cp ghost.txt into && pip install -r into/ghost.txt', { cwd: dir, env: home.env })).verdict).toBe(
      'block',
    );
    for (const command of [
      'grep -v hash continued.txt > r.txt && pip install -r r.txt',
      'grep -v index options.txt > r.txt && pip install -r r.txt',
      "sed -i 's/requests/zzq-ghost-sourced/' good.txt && pip install -r good.txt",
      'grep -v x missing.txt > r.txt && pip install -r r.txt',
      'grep -n requests good.txt > r.txt && pip install -r r.txt',
      'cp -r good.txt r.txt && pip install -r r.txt',
    ]) {
      const verdict = await guardShellCommand(command, { cwd: dir, env: home.env });
      expect(verdict.verdict, command).toBe('block');
      expect(verdict.unverifiable.length, command).toBeGreaterThan(0);
    }
  });
});
