/**
 * Decoding monitor per vocabulary: random-weights llama models over real vocabularies of every
 * tokenizer kind (llama.cpp's vocab-only GGUFs) and the synthetic one, all of PyPI constrained.
 * Per vocabulary: names written under the monitor and how many the vetting engines (shell and
 * install-command, as the hook runs them) find missing from the list (must be 0), the share the
 * same runs write that do not exist without the monitor, mask time per step (mean, p99), the
 * end-to-end ratio with/without, resident memory after 10 generations each way, the first token's
 * latency cold (a fresh process per sample: `decoding-first-token.ts`) and warm, and the share of runs
 * that start a name and end with a whole one. The ratio is over pairs of runs (monitor on, off; which
 * goes first alternates), wall and process CPU time, each with its 95% interval, and the ratio of the
 * summed times. Sizes: GUARD_BENCH_DECODING_RUNS prompts×temperatures×seeds (default 64: the
 * interval on Qwen2 is about ±1% on a quiet machine), GUARD_BENCH_DECODING_TOKENS per run (default 32; the memory runs take twice that),
 * GUARD_BENCH_DECODING_COLD fresh processes each way (default 7), GUARD_BENCH_DECODING_VOCABS
 * (comma-separated names) to run only some vocabularies, GUARD_BENCH_DECODING_THREADS llama.cpp
 * threads (default 1: on a shared 2-core machine two ggml threads wait on each other at every
 * barrier and a token takes 3–7× longer, with the spread swamping a 5% ratio).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  createNameWalker,
  findPackageZones,
  generate,
  openIntervenor,
  openLlamaModel,
  type BundledVocab,
  type LoadedModel,
  type NameWalker,
} from '../src/engines/decoding/index.js';
import { parseInstallCommand } from '../src/engines/install-commands/index.js';
import { buildSmallAutomaton, type Ecosystem, type NameAutomaton } from '../src/engines/package-names/index.js';
import { analyzeShellCommand } from '../src/engines/shell-commands/index.js';
import { resolveCacheDir } from '../src/shared/paths.js';
import { benchModelPath } from './decoding-bench-models.js';
import { geometricInterval, meanInterval, percentile, table } from './stats.js';

export const VOCABULARIES: ReadonlyArray<[BundledVocab | 'synthetic', string]> = [
  ['synthetic', 'byte-level BPE, ~500'],
  ['llama-spm', 'SentencePiece, 32k'],
  ['phi-3', 'SentencePiece + chat tokens, 32k'],
  ['bert-bge', 'WordPiece, 30k'],
  ['gpt-2', 'byte-level BPE, 50k'],
  ['qwen2', 'byte-level BPE, 151k'],
  ['nomic-bert-moe', 'Unigram, 250k'],
];
export const BENCH_PROMPTS = [
  '```bash\npip install ',
  '```console\n$ uv add ',
  '```\npoetry add ',
  'Install it with `pip install ',
  '$ pip3 install ',
  'git clone x && cd x && pip install ',
  '```bash\nnpm install ',
  '```bash\nconda install -y ',
];
export const BENCH_TEMPERATURES = [0, 0.7, 1.3, 2];
const MAX_TOKENS = Math.max(4, Number(process.env.GUARD_BENCH_DECODING_TOKENS ?? 32));
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const NO_FILES = { cwd: '/nonexistent', env: {}, files: { readText: () => undefined } };
export const THREADS = Math.max(1, Number(process.env.GUARD_BENCH_DECODING_THREADS ?? 1));
const COLD_RUNS = Math.max(1, Number(process.env.GUARD_BENCH_DECODING_COLD ?? 7));
const FIRST_TOKEN = fileURLToPath(new URL('./decoding-first-token.ts', import.meta.url));

interface FirstToken {
  loadMs: number;
  namesMs: number;
  prepareMs: number;
  from: 'snapshot' | 'built' | 'none';
  firstMs: number;
  maskMs: number;
  redoMs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The first token of a fresh process, monitor on and off, alternating; medians over `COLD_RUNS` pairs. */
function coldFirstToken(path: string): {
  over: number;
  prepare: number;
  build: number;
  fromSnapshot: number;
  on: number;
  off: number;
  monitor: number;
} {
  const run = (mode: 'on' | 'off'): FirstToken =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', FIRST_TOKEN, path, mode, String(THREADS)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1)!,
    ) as FirstToken;
  // The PyPI checkpoint and the file cache, once; the intervenor's snapshot is built and written
  // here when there is none (its time is the build's), and read back by every run below.
  const first = run('on');
  let fromSnapshot = 0;
  const over: number[] = [];
  const prepare: number[] = [];
  const on: number[] = [];
  const off: number[] = [];
  const monitor: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    // Alternate which runs first; a is on, b is off.
    let a: FirstToken;
    let b: FirstToken;
    if (i % 2 === 0) {
      a = run('on');
      b = run('off');
    } else {
      b = run('off');
      a = run('on');
    }
    over.push(a.firstMs - b.firstMs);
    prepare.push(a.prepareMs);
    if (a.from === 'snapshot') fromSnapshot++;
    on.push(a.firstMs);
    off.push(b.firstMs);
    monitor.push(a.maskMs + a.redoMs);
  }
  return {
    over: median(over),
    prepare: median(prepare),
    build: first.from === 'built' ? first.prepareMs : Number.NaN,
    fromSnapshot,
    on: median(on),
    off: median(off),
    monitor: median(monitor),
  };
}

function load(): string {
  return loadavg()[0]!.toFixed(1);
}

function exists(walker: NameWalker, ecosystem: Ecosystem, name: string): boolean {
  let cursor = walker.start(ecosystem);
  if (cursor === undefined) return false;
  for (const byte of encoder.encode(name)) if ((cursor = walker.step(ecosystem, cursor, byte)) < 0) return false;
  return walker.accepts(cursor);
}

/** The names the hook's engines find in a text (fenced lines, `$ ` lines, inline code, prose lines). */
async function vettedNames(text: string, walker: NameWalker): Promise<boolean[]> {
  const out: boolean[] = [];
  let fenced = false;
  const candidates: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const bare = line.replace(/^\s*(?:\$ |> |RUN |[!%])/, '');
    candidates.push(fenced ? bare : bare.replace(/`[^`]*(?:`|$)/g, ' '));
    if (!fenced) for (const match of line.matchAll(/`([^`]*)(?:`|$)/g)) candidates.push(match[1]!);
  }
  for (const candidate of candidates) {
    if (candidate.trim() === '') continue;
    for (const command of (await analyzeShellCommand(candidate)).commands) {
      for (const target of parseInstallCommand(command.argv, NO_FILES)?.targets ?? []) {
        if (target.kind === 'registry' && target.name !== undefined) out.push(exists(walker, target.ecosystem, target.name));
      }
    }
  }
  return out;
}

/** The result of `run` with the process CPU time it took (ms, every thread: llama.cpp's and the monitor's). */
async function withCpu<T>(run: () => Promise<T>): Promise<[T, number]> {
  const before = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(before);
  return [result, (used.user + used.system) / 1000];
}

function signed(value: number, digits = 1): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}

/** Resident set after a full collection (`npm run bench` runs node with --expose-gc), so garbage not yet collected does not count. */
function rssMiB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
}

/** Prints the per-vocabulary table; `pypi` is the full PyPI automaton. */
export async function benchDecodingVocabularies(pypi: NameAutomaton): Promise<void> {
  const dir = join(resolveCacheDir(), 'test-models');
  const runs = Math.max(4, Number(process.env.GUARD_BENCH_DECODING_RUNS ?? 64));
  const automata = {
    pypi,
    npm: buildSmallAutomaton(['lodash', 'express', 'react', 'axios', 'chalk', 'vue', 'typescript']),
    conda: buildSmallAutomaton(['numpy', 'scipy', 'pandas', 'python']),
  };
  const walker = createNameWalker(automata);
  const rows: Array<Array<string | number>> = [];
  const only = process.env.GUARD_BENCH_DECODING_VOCABS?.split(',').map((v) => v.trim());
  for (const [name, kind] of VOCABULARIES) {
    if (only && !only.includes(name)) continue;
    let model: LoadedModel;
    let body: string;
    try {
      const bench = benchModelPath(dir, name);
      body = bench.shape;
      model = await openLlamaModel(bench.path, 1024, { threads: THREADS });
    } catch (error) {
      rows.push([`${name} (${kind})`, `not run: ${(error as Error).message.slice(0, 60)}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    const loadBefore = load();
    const cold = coldFirstToken(model.path);
    // As the product opens it (snapshot on disk; the first masks ready).
    const { intervenor } = openIntervenor(model.vocabulary, automata, resolveCacheDir());
    // First token, warm: the same process again, pairs alternating, median of the differences.
    const warmOver: number[] = [];
    for (let i = 0; i < 7; i++) {
      const runOn = () =>
        generate(model, { prompt: BENCH_PROMPTS[i % BENCH_PROMPTS.length]!, maxTokens: 1, temperature: 0, seed: 1, walker, intervenor });
      const runOff = () =>
        generate(model, { prompt: BENCH_PROMPTS[i % BENCH_PROMPTS.length]!, maxTokens: 1, temperature: 0, seed: 1, walker });
      const a = await (i % 2 === 0 ? runOn() : runOff());
      const b = await (i % 2 === 0 ? runOff() : runOn());
      warmOver.push(i % 2 === 0 ? a.totalMs - b.totalMs : b.totalMs - a.totalMs);
    }

    let written = 0;
    let missing = 0;
    let freeWritten = 0;
    let freeMissing = 0;
    let started = 0;
    let whole = 0;
    const perStepMask: number[] = [];
    const perStepCached: number[] = [];
    let coldSteps = 0;
    let coldMs = 0;
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    // The monitor's absolute cost per token: process CPU time per token, on − off, per pair.
    const cpuOver: number[] = [];
    const cpuPerTokenOff: number[] = [];
    const perTokenOn: number[] = [];
    const perTokenOff: number[] = [];
    // Per token, summed over the runs: wall and CPU time each way.
    const totalOn: number[] = [];
    const totalOff: number[] = [];
    const cpuOn: number[] = [];
    const cpuOff: number[] = [];
    for (let i = 0; i < runs; i++) {
      const prompt = BENCH_PROMPTS[i % BENCH_PROMPTS.length]!;
      const temperature = BENCH_TEMPERATURES[Math.floor(i / BENCH_PROMPTS.length) % BENCH_TEMPERATURES.length]!;
      // Runs past prompts × temperatures take other seeds.
      const onFirst = i % 2 === 0;
      const runOn = () => withCpu(() => generate(model, { prompt, maxTokens: MAX_TOKENS, temperature, seed: i + 1, walker, intervenor }));
      const runOff = () => withCpu(() => generate(model, { prompt, maxTokens: MAX_TOKENS, temperature, seed: i + 1, walker }));
      const a = await (onFirst ? runOn() : runOff());
      const b = await (onFirst ? runOff() : runOn());
      const [[on, onCpu], [off, offCpu]] = onFirst ? [a, b] : [b, a];
      ratios.push(on.totalMs / Math.max(1, on.steps.length) / (off.totalMs / Math.max(1, off.steps.length)));
      cpuRatios.push(onCpu / Math.max(1, on.steps.length) / (offCpu / Math.max(1, off.steps.length)));
      cpuOver.push(onCpu / Math.max(1, on.steps.length) - offCpu / Math.max(1, off.steps.length));
      cpuPerTokenOff.push(offCpu / Math.max(1, off.steps.length));
      perTokenOn.push(on.totalMs / Math.max(1, on.steps.length));
      perTokenOff.push(off.totalMs / Math.max(1, off.steps.length));
      totalOn.push(on.totalMs);
      totalOff.push(off.totalMs * (on.steps.length / Math.max(1, off.steps.length)));
      cpuOn.push(onCpu);
      cpuOff.push(offCpu * (on.steps.length / Math.max(1, off.steps.length)));
      for (const step of on.steps) {
        perStepMask.push(step.monitorMs ?? 0);
        if (!step.coldMask) perStepCached.push(step.monitorMs ?? 0);
        else {
          coldSteps++;
          coldMs += step.monitorMs ?? 0;
        }
      }
      const onNames = await vettedNames(prompt + decoder.decode(on.bytes), walker);
      const offNames = await vettedNames(prompt + decoder.decode(off.bytes), walker);
      written += onNames.length;
      missing += onNames.filter((ok) => !ok).length;
      freeWritten += offNames.length;
      freeMissing += offNames.filter((ok) => !ok).length;
      const all = encoder.encode(prompt + decoder.decode(on.bytes));
      const zones = findPackageZones(all, walker, encoder.encode(prompt).length);
      if (zones.length > 0 || on.trimmed > 0) {
        started++;
        if (zones.every((zone) => zone.exists)) whole++;
      }
    }
    // Memory after 10 generations each way (the process's resident set; caches included).
    const tenGenerations = async (monitored: boolean): Promise<void> => {
      for (let i = 0; i < 10; i++) {
        const prompt = BENCH_PROMPTS[i % BENCH_PROMPTS.length]!;
        await generate(model, {
          prompt,
          maxTokens: MAX_TOKENS * 2,
          temperature: 0.7,
          seed: i,
          walker,
          ...(monitored ? { intervenor } : {}),
        });
      }
    };
    const before = rssMiB();
    await tenGenerations(false);
    const afterOff = rssMiB();
    await tenGenerations(true);
    const afterOn = rssMiB();
    await model.dispose();
    const sorted = [...perStepMask].sort((x, y) => x - y);
    const mean = perStepMask.reduce((s, v) => s + v, 0) / Math.max(1, perStepMask.length);
    const cached = [...perStepCached].sort((x, y) => x - y);
    const cachedMean = perStepCached.reduce((s, v) => s + v, 0) / Math.max(1, perStepCached.length);
    const geo = geometricInterval(ratios);
    const cpuGeo = geometricInterval(cpuRatios);
    const summed = (values: number[]): number => values.reduce((sum, v) => sum + v, 0);
    const over = meanInterval(cpuOver);
    rows.push([
      `${name} (${kind}; ${body})`,
      `${written} / ${missing}`,
      `${freeWritten === 0 ? '–' : `${((freeMissing / freeWritten) * 100).toFixed(0)}% of ${freeWritten}`}`,
      `${mean.toFixed(3)} / ${percentile(sorted, 99).toFixed(3)} ms (masks cached: ${cachedMean.toFixed(3)} / ${percentile(cached, 99).toFixed(3)} ms; ${coldSteps} steps built one, ${coldMs.toFixed(0)} ms in all)`,
      `×${geo.mean.toFixed(3)} [${geo.low.toFixed(3)}, ${geo.high.toFixed(3)}] (CPU time ×${cpuGeo.mean.toFixed(3)} [${cpuGeo.low.toFixed(3)}, ${cpuGeo.high.toFixed(3)}]; summed ×${(summed(totalOn) / summed(totalOff)).toFixed(3)}, CPU ×${(summed(cpuOn) / summed(cpuOff)).toFixed(3)})`,
      `${signed(over.mean, 3)} ± ${over.half.toFixed(3)} ms (of ${meanInterval(cpuPerTokenOff).mean.toFixed(2)} ms)`,
      `${afterOff.toFixed(0)} → ${afterOn.toFixed(0)} MiB (from ${before.toFixed(0)})`,
      `${median(perTokenOff).toFixed(2)} / ${median(perTokenOn).toFixed(2)} ms`,
      `${signed(cold.over)} / ${signed(median(warmOver))} ms (off ${cold.off.toFixed(1)} ms; monitor's own ${cold.monitor.toFixed(2)} ms; prepared at load in ${cold.prepare.toFixed(0)} ms, ${cold.fromSnapshot}/${COLD_RUNS} from the snapshot; ${Number.isNaN(cold.build) ? 'snapshot already there' : `built and written in ${cold.build.toFixed(0)} ms`})`,
      `${started === 0 ? '–' : `${((whole / started) * 100).toFixed(0)}% of ${started}`}`,
      `${loadBefore} / ${load()}`,
    ]);
    // A row as soon as its vocabulary is done (the whole table follows).
    process.stderr.write(`${rows.at(-1)!.join(' | ')}\n`);
  }
  process.stdout.write(
    table(
      [
        `per vocabulary, all of PyPI (${runs} runs of ${MAX_TOKENS} tokens each way, ${THREADS} llama.cpp thread${THREADS === 1 ? '' : 's'})`,
        'names under the monitor / not in the list (must be 0)',
        'names without the monitor that do not exist',
        "monitor per step mean / p99 (JS time: masks and checks; a draw under the mask is the runtime's)",
        `ratio on/off per token (geo. mean of ${runs} interleaved pairs [95% interval]; ≤ ×1.05), wall (process CPU time, all threads; summed times)`,
        'monitor per token: process CPU ms, on − off (mean of the pairs ± 95%; of the CPU time per token off)',
        'RSS after 10 off → 10 on',
        'per token off / on (medians)',
        `first token over unconstrained, cold (fresh processes, median of ${COLD_RUNS} pairs) / warm (≤ 10 ms)`,
        'runs starting a name that end whole',
        'load avg 1 min, start / end',
      ],
      rows,
    ),
  );
}
