/**
 * The compositional fuzzer, execution as the judge (tune side only): generates probes with
 * compose-probes.ts, labels each by running it in the sandbox (label.ts --corpus), puts each to its
 * surface as the red-team bench does, and lists the combinations the guard allows while the sandbox saw
 * an install (by recipe). `--add K` then writes the first K labelled probes to the tune side of
 * bench/data/install-guard/red-team.jsonl (ids `tune-gen-<seed>-<i>`, replacing the earlier ones of that
 * prefix, before the held-out probes), so the fixes stay pinned. Needs root (unshare) and Linux.
 *
 *   npx tsx scripts/red-team/compose-fuzz.ts [--seed 13] [--count 300] [--add 0]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerProbe } from '../../bench/install-guard-red-team.js';
import { type Probe } from './build-corpus-types.js';
import { composeProbes } from './compose-probes.js';

const CORPUS = 'bench/data/install-guard/red-team.jsonl';
const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const seed = option('--seed', 13);
const count = option('--count', 300);
const add = option('--add', 0);

const home = mkdtempSync(join(tmpdir(), 'gg-compose-fuzz-'));
try {
  const generated = composeProbes(seed, count);
  const probes: Probe[] = generated.map(({ recipe: _recipe, ...probe }) => ({ ...probe, split: 'tune' }));
  const file = join(home, 'probes.jsonl');
  writeFileSync(file, probes.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const labelled = spawnSync('npx', ['tsx', 'scripts/red-team/label.ts', '--corpus', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(labelled.stdout);
  const labels = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Probe);
  const env = { PATH: process.env.PATH ?? '', HOME: home, GUARD_HOME: join(home, 'guard-home'), GUARD_CONFIG_HOME: join(home, 'config') };
  const bypasses: string[] = [];
  const byRecipe = new Map<string, number>();
  for (const [i, probe] of labels.entries()) {
    const cwd = join(home, 'run', probe.id);
    mkdirSync(join(cwd, '.git'), { recursive: true });
    const outcome = await answerProbe(probe, cwd, { ...env, PWD: cwd });
    if (!(outcome.allowed && probe.installs === true)) continue;
    const recipe = generated[i]?.recipe ?? '?';
    byRecipe.set(recipe, (byRecipe.get(recipe) ?? 0) + 1);
    bypasses.push(`  ${probe.id} [${probe.surface}] ${recipe}\n    ${JSON.stringify(probe.command ?? probe.argv)}`);
  }
  const installs = labels.filter((p) => p.installs === true).length;
  process.stdout.write(
    `${labels.length} composed probes (seed ${seed}), ${installs} installed in the sandbox, ${bypasses.length} bypasses\n`,
  );
  process.stdout.write(bypasses.join('\n') + (bypasses.length > 0 ? '\n' : ''));
  if (add > 0) {
    const lines = readFileSync(CORPUS, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Probe);
    const kept = lines.filter((p) => !p.id.startsWith('tune-gen-'));
    const picked = labels.slice(0, add).map((p) => ({ ...p, id: `tune-${p.id}` }));
    const tune = kept.filter((p) => p.split !== 'heldout');
    const heldout = kept.filter((p) => p.split === 'heldout');
    writeFileSync(CORPUS, [...tune, ...picked, ...heldout].map((p) => JSON.stringify(p)).join('\n') + '\n');
    process.stdout.write(`${picked.length} labelled composed probes written to the tune split of ${CORPUS}\n`);
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
