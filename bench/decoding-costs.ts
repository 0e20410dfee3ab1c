/**
 * Where the monitor's time goes per token, per vocabulary (`GUARD_BENCH_DECODING_PART=costs`): the
 * same prompts, temperatures and seeds as the per-vocabulary table, monitor on and off in
 * interleaved pairs, process CPU time per token split into the model's evaluation, the plain draw,
 * the draw under the mask in its place, the redo after a refusal and the monitor's own step (masks
 * and checks, JS), and the monitor's absolute cost per token (on − off, with its 95% interval)
 * beside the ratio. GUARD_BENCH_DECODING_VOCABS and GUARD_BENCH_DECODING_RUNS as for the table.
 */
import { join } from 'node:path';

import { createNameWalker, DrawCosts, generate, openIntervenor, openLlamaModel } from '../src/engines/decoding/index.js';
import { buildSmallAutomaton, type NameAutomaton } from '../src/engines/package-names/index.js';
import { resolveCacheDir } from '../src/shared/paths.js';
import { benchModelPath } from './decoding-bench-models.js';
import { BENCH_PROMPTS, BENCH_TEMPERATURES, THREADS, VOCABULARIES } from './decoding-vocabularies.js';
import { geometricInterval, meanInterval, table } from './stats.js';

async function withCpu<T>(run: () => Promise<T>): Promise<[T, number]> {
  const before = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(before);
  return [result, (used.user + used.system) / 1000];
}

/** Prints, per vocabulary, the per-token CPU split of monitored and unmonitored generation. */
export async function benchDecodingCosts(pypi: NameAutomaton): Promise<void> {
  const dir = join(resolveCacheDir(), 'test-models');
  const runs = Math.max(4, Number(process.env.GUARD_BENCH_DECODING_RUNS ?? 64));
  const tokens = Math.max(4, Number(process.env.GUARD_BENCH_DECODING_TOKENS ?? 32));
  const automata = {
    pypi,
    npm: buildSmallAutomaton(['lodash', 'express', 'react', 'axios', 'chalk', 'vue', 'typescript']),
    conda: buildSmallAutomaton(['numpy', 'scipy', 'pandas', 'python']),
  };
  const walker = createNameWalker(automata);
  const only = process.env.GUARD_BENCH_DECODING_VOCABS?.split(',').map((v) => v.trim());
  const rows: Array<Array<string | number>> = [];
  for (const [name, kind] of VOCABULARIES) {
    if (only && !only.includes(name)) continue;
    const costs = new DrawCosts();
    const { path, shape } = benchModelPath(dir, name);
    const model = await openLlamaModel(path, 1024, { threads: THREADS, costs });
    const { intervenor } = openIntervenor(model.vocabulary, automata, resolveCacheDir());
    await generate(model, { prompt: BENCH_PROMPTS[0]!, maxTokens: 8, temperature: 0, seed: 1, walker, intervenor });
    await generate(model, { prompt: BENCH_PROMPTS[0]!, maxTokens: 8, temperature: 0, seed: 1, walker });
    costs.take();
    const sum = { on: { next: 0, plain: 0, first: 0, redo: 0, js: 0, tokens: 0, cpu: 0 }, off: { next: 0, plain: 0, tokens: 0, cpu: 0 } };
    const calls = { plain: 0, first: 0, redo: 0, offPlain: 0 };
    const differences: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < runs; i++) {
      const prompt = BENCH_PROMPTS[i % BENCH_PROMPTS.length]!;
      const temperature = BENCH_TEMPERATURES[Math.floor(i / BENCH_PROMPTS.length) % BENCH_TEMPERATURES.length]!;
      const runOn = async () => {
        const [result, cpu] = await withCpu(() =>
          generate(model, { prompt, maxTokens: tokens, temperature, seed: i + 1, walker, intervenor }),
        );
        return { result, cpu, costs: costs.take() };
      };
      const runOff = async () => {
        const [result, cpu] = await withCpu(() => generate(model, { prompt, maxTokens: tokens, temperature, seed: i + 1, walker }));
        return { result, cpu, costs: costs.take() };
      };
      const onFirst = i % 2 === 0;
      const a = await (onFirst ? runOn() : runOff());
      const b = await (onFirst ? runOff() : runOn());
      const [on, off] = onFirst ? [a, b] : [b, a];
      const onTokens = Math.max(1, on.result.steps.length);
      const offTokens = Math.max(1, off.result.steps.length);
      sum.on.tokens += onTokens;
      sum.on.cpu += on.cpu;
      sum.on.next += on.costs.cpuMs.next;
      sum.on.plain += on.costs.cpuMs.plain;
      sum.on.first += on.costs.cpuMs.first;
      sum.on.redo += on.costs.cpuMs.redo;
      sum.on.js += on.result.maskMs;
      calls.plain += on.costs.calls.plain;
      calls.first += on.costs.calls.first;
      calls.redo += on.costs.calls.redo;
      sum.off.tokens += offTokens;
      sum.off.cpu += off.cpu;
      sum.off.next += off.costs.cpuMs.next;
      sum.off.plain += off.costs.cpuMs.plain;
      calls.offPlain += off.costs.calls.plain;
      differences.push(on.cpu / onTokens - off.cpu / offTokens);
      ratios.push(on.cpu / onTokens / (off.cpu / offTokens));
    }
    await model.dispose();
    const per = (ms: number, n: number): string => (ms / Math.max(1, n)).toFixed(3);
    const delta = meanInterval(differences);
    const ratio = geometricInterval(ratios);
    rows.push([
      `${name} (${kind}; ${shape})`,
      `${per(sum.off.cpu, sum.off.tokens)} / ${per(sum.on.cpu, sum.on.tokens)}`,
      `${per(sum.off.next - sum.off.plain, sum.off.tokens)} / ${per(sum.on.next - sum.on.plain - sum.on.first, sum.on.tokens)}`,
      `${per(sum.off.plain, calls.offPlain)} × ${(calls.offPlain / sum.off.tokens).toFixed(2)} / ${per(sum.on.plain, calls.plain)} × ${(calls.plain / sum.on.tokens).toFixed(2)}`,
      `${per(sum.on.first, calls.first)} × ${(calls.first / sum.on.tokens).toFixed(2)}`,
      `${per(sum.on.redo, calls.redo)} × ${(calls.redo / sum.on.tokens).toFixed(2)}`,
      per(sum.on.js, sum.on.tokens),
      `${delta.mean >= 0 ? '+' : ''}${delta.mean.toFixed(3)} ± ${delta.half.toFixed(3)} ms`,
      `×${ratio.mean.toFixed(3)} [${ratio.low.toFixed(3)}, ${ratio.high.toFixed(3)}]`,
    ]);
    process.stderr.write(`${rows.at(-1)!.join(' | ')}\n`);
  }
  process.stdout.write(
    table(
      [
        `per token, process CPU ms (${runs} interleaved pairs of ${tokens} tokens, ${THREADS} llama.cpp thread${THREADS === 1 ? '' : 's'})`,
        'all, off / on',
        'evaluation (step minus its draw), off / on',
        'plain draw ms × per token, off / on',
        'draw under the mask in its place ms × per token',
        'redo after a refusal ms × per token',
        "monitor's step (masks, checks; JS wall)",
        'monitor per token, on − off [95%]',
        'ratio on/off [95%]',
      ],
      rows,
    ),
  );
}
