/**
 * Decoding-time package monitor: mask computation per step for Qwen2's real 151k-token vocabulary
 * against the full PyPI automaton (886k names), cache hit rates, the per-step check the monitor
 * actually runs, and end-to-end generation time with and without the monitor on the project's
 * random-weights real-vocabulary model — next to PackMonitor's ×1.07–×1.28 and llguidance's ~50 µs.
 * GUARD_BENCH_DECODING_PART=mask runs the mask part only; =vocabularies the per-vocabulary table only; =kinds the
 * comparison of refusal-count keys (`decoding-refusal-kinds.ts`); =costs where the monitor's time goes per token on
 * each vocabulary (`decoding-costs.ts`). GUARD_BENCH_DECODING_SEEDS sets the end-to-end rows' size (8 pairs per seed,
 * default 8 seeds: 64 pairs).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import {
  buildTokenTrie,
  createNameWalker,
  extractBundledVocab,
  generate,
  makeRealVocabModel,
  openIntervenor,
  openLlamaModel,
  readGgufHeader,
  readVocabulary,
  stateAfter,
  type Vocabulary,
} from '../src/engines/decoding/index.js';
import { compileNameList, loadBundledPypi, readBundledManifest } from '../src/engines/package-names/index.js';
import { resolveCacheDir } from '../src/shared/paths.js';
import { benchDecodingRefusalKinds } from './decoding-refusal-kinds.js';
import { benchDecodingCosts } from './decoding-costs.js';
import { benchDecodingVocabularies, THREADS } from './decoding-vocabularies.js';
import { geometricInterval, percentile, table, time } from './stats.js';

const encoder = new TextEncoder();

/** Greedy longest-match tokenisation over the vocabulary's bytes (close to BPE for ASCII text). */
function tokenizeGreedy(vocabulary: Vocabulary, index: Map<string, number>, maxLength: number, text: string): number[] {
  const bytes = encoder.encode(text);
  const out: number[] = [];
  for (let i = 0; i < bytes.length;) {
    let found = -1;
    let length = 0;
    for (let n = Math.min(maxLength, bytes.length - i); n > 0; n--) {
      const id = index.get(Buffer.from(bytes.subarray(i, i + n)).toString('latin1'));
      if (id !== undefined) {
        found = id;
        length = n;
        break;
      }
    }
    if (found < 0) throw new Error(`no token for byte ${bytes[i]}`);
    out.push(found);
    i += length;
  }
  void vocabulary;
  return out;
}

function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  let s = seed;
  const out: T[] = [];
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6b43a9b5) | 0;
    out.push(items[(s >>> 0) % items.length]!);
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

/** Seeds of the end-to-end rows (8 pairs each: 4 prompts × 2 temperatures); GUARD_BENCH_DECODING_SEEDS, default 8 (64 pairs). */
const SEEDS = Math.max(1, Number(process.env.GUARD_BENCH_DECODING_SEEDS ?? 8));

export async function benchDecoding(): Promise<void> {
  if (process.env.GUARD_BENCH_DECODING_PART === 'costs') {
    await benchDecodingCosts(compileNameList(loadBundledPypi(readBundledManifest())).automaton);
    return;
  }
  if (process.env.GUARD_BENCH_DECODING_PART === 'vocabularies') {
    await benchDecodingVocabularies(compileNameList(loadBundledPypi(readBundledManifest())).automaton);
    return;
  }
  if (process.env.GUARD_BENCH_DECODING_PART === 'kinds') {
    await benchDecodingRefusalKinds(compileNameList(loadBundledPypi(readBundledManifest())).automaton);
    return;
  }
  const dir = join(resolveCacheDir(), 'test-models');
  const vocabFile = extractBundledVocab('qwen2', dir);
  const vocabulary = readVocabulary(readGgufHeader(new Uint8Array(readFileSync(vocabFile))).metadata);
  const [trie, trieMs] = time(() => buildTokenTrie(vocabulary.bytes));
  const manifest = readBundledManifest();
  const input = loadBundledPypi(manifest);
  const [checkpoint, buildMs] = time(() => compileNameList(input));
  const automata = { pypi: checkpoint.automaton };
  process.stdout.write(
    `Qwen2 vocabulary: ${vocabulary.bytes.length} tokens, trie ${trie.size} nodes built in ${trieMs.toFixed(0)} ms; ` +
      `PyPI automaton: ${checkpoint.meta.nameCount} names in ${(buildMs / 1000).toFixed(1)} s; load avg (1 min) ${loadavg()[0]!.toFixed(1)}\n\n`,
  );

  // Steps of realistic install lines: real names (sampled), some made up, with tails.
  const names = new TextDecoder().decode(input.names).split('\n').filter(Boolean);
  const picked = sample(names, 400, 7);
  const fake = picked.slice(0, 100).map((name) => `${name}x-utils`);
  const lines = [...picked.map((name, i) => (i % 3 === 0 ? `${name}==1.${i % 10}.0` : name)), ...fake];
  const index = new Map(vocabulary.bytes.map((b, id) => [Buffer.from(b).toString('latin1'), id] as const));
  let maxLength = 0;
  for (const b of vocabulary.bytes) maxLength = Math.max(maxLength, b.length);
  // As the product opens it: the trie and the installer contexts' first masks from the on-disk snapshot.
  const { intervenor, from } = openIntervenor(vocabulary, automata, resolveCacheDir());
  const maskMs: number[] = [];
  const maskCpuMs: number[] = [];
  const coldMs: number[] = [];
  const checkUs: number[] = [];
  let steps = 0;
  for (const line of lines) {
    const prompt = '```bash\npip install';
    let state = stateAfter(encoder.encode(prompt), intervenor.walker);
    for (const token of tokenizeGreedy(vocabulary, index, maxLength, ` ${line}\n`)) {
      const missesBefore = intervenor.stats.misses;
      const cpuBefore = process.cpuUsage();
      const [, ms] = time(() => intervenor.allowedMask(state));
      const cpu = process.cpuUsage(cpuBefore);
      maskMs.push(ms);
      maskCpuMs.push((cpu.user + cpu.system) / 1000);
      if (intervenor.stats.misses > missesBefore) coldMs.push(ms);
      const t0 = performance.now();
      const next = intervenor.tryToken(state, token);
      checkUs.push((performance.now() - t0) * 1000);
      steps++;
      if (!next) break;
      state = next;
    }
  }
  const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const all = sorted(maskMs);
  const cold = sorted(coldMs);
  const allCpu = sorted(maskCpuMs);
  const checks = sorted(checkUs);
  const stats = intervenor.stats;
  process.stdout.write(
    table(
      ['per step (Qwen2 151k × PyPI 886k)', 'mean', 'p50', 'p99', 'target / anchor'],
      [
        [
          `full mask (bitset), with cache (${steps} steps; opened from the ${from === 'snapshot' ? 'snapshot' : 'build'})`,
          `${mean(all).toFixed(3)} ms`,
          `${percentile(all, 50).toFixed(3)} ms`,
          `${percentile(all, 99).toFixed(3)} ms`,
          'mean ≤ 0.1 ms, p99 ≤ 1 ms; llguidance ~0.05 ms',
        ],
        [
          'the same steps, process CPU time (µs resolution; steadier on a loaded machine)',
          `${mean(allCpu).toFixed(3)} ms`,
          `${percentile(allCpu, 50).toFixed(3)} ms`,
          `${percentile(allCpu, 99).toFixed(3)} ms`,
          '',
        ],
        [
          `full mask, cold (${cold.length} misses)`,
          `${mean(cold).toFixed(2)} ms`,
          `${percentile(cold, 50).toFixed(2)} ms`,
          `${percentile(cold, 99).toFixed(2)} ms`,
          '',
        ],
        [
          'check of the sampled token (what runs each step)',
          `${mean(checks).toFixed(2)} µs`,
          `${percentile(checks, 50).toFixed(2)} µs`,
          `${percentile(checks, 99).toFixed(2)} µs`,
          '',
        ],
      ],
    ),
  );
  process.stdout.write(
    `\nmask cache: ${stats.hits}/${stats.masks} hits (${((stats.hits / Math.max(1, stats.masks)) * 100).toFixed(1)}%); ` +
      `sub-mask cache: ${stats.subHits}/${stats.subHits + stats.subMisses} hits\n\n`,
  );

  if (process.env.GUARD_BENCH_DECODING_PART === 'mask') return;

  // End to end on the random-weights model with the real vocabulary.
  const modelPath = makeRealVocabModel(vocabFile, join(dir, 'qwen2-vocab-random.gguf'));
  const model = await openLlamaModel(modelPath, 1024, { threads: THREADS });
  const walker = createNameWalker(automata);
  const prompts = [
    '```bash\npip install ',
    '```bash\npip install -U ',
    'Install it with `pip install ',
    '# Setup\n\n```sh\n$ pip install ',
  ];
  // The monitor as the product opens it: trie and first masks from the on-disk snapshot (built and written once).
  const opened = openIntervenor(model.vocabulary, automata, resolveCacheDir());
  const e2e = opened.intervenor;
  // Warm both paths once (model, llama.cpp's buffers) before timing; masks met later are built as they come.
  await generate(model, { prompt: prompts[0]!, maxTokens: 8, temperature: 0, seed: 1, walker });
  await generate(model, { prompt: prompts[0]!, maxTokens: 8, temperature: 0, seed: 1, walker, intervenor: e2e });
  const rows: Array<Array<string | number>> = [];
  const loadBefore = loadavg()[0]!.toFixed(1);
  const prose = ['The quick brown fox', 'def main():\n    ', 'Dear team,\n\nThe release', '```python\nimport os\n'];
  for (const [label, set] of [
    ['install prompts', prompts],
    ['prompts without installs', prose],
  ] as const) {
    let offMs = 0;
    let onMs = 0;
    let offTokens = 0;
    let onTokens = 0;
    let monitorMs = 0;
    let redoMs = 0;
    let interventions = 0;
    // Per pair (same prompt, seed, temperature, run back to back): on/off time per token. Their
    // geometric mean is robust to machine load drifting between pairs and, with half the pairs
    // run each way round, cancels what running first or second does; the sums are not.
    const pairRatios: number[] = [];
    const cpuRatios: number[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      for (const temperature of [0, 0.7]) {
        for (const prompt of set) {
          // Alternate the order so drifting machine load does not favour either side.
          const runOff = () => withCpu(() => generate(model, { prompt, maxTokens: 48, temperature, seed, walker }));
          const runOn = () => withCpu(() => generate(model, { prompt, maxTokens: 48, temperature, seed, walker, intervenor: e2e }));
          const onFirst = seed % 2 === 0;
          const first = await (onFirst ? runOn() : runOff());
          const second = await (onFirst ? runOff() : runOn());
          const [[on, onCpu], [off, offCpu]] = onFirst ? [first, second] : [second, first];
          cpuRatios.push(onCpu / Math.max(1, on.steps.length) / (offCpu / Math.max(1, off.steps.length)));
          offMs += off.totalMs;
          offTokens += off.steps.length;
          onMs += on.totalMs;
          onTokens += on.steps.length;
          monitorMs += on.maskMs;
          redoMs += on.redoMs;
          interventions += on.interventions;
          pairRatios.push(on.totalMs / Math.max(1, on.steps.length) / (off.totalMs / Math.max(1, off.steps.length)));
        }
      }
    }
    const perOff = offMs / Math.max(1, offTokens);
    const perOn = onMs / Math.max(1, onTokens);
    const wall = geometricInterval(pairRatios);
    const cpu = geometricInterval(cpuRatios);
    rows.push([
      label,
      `${perOff.toFixed(2)} ms`,
      `${perOn.toFixed(2)} ms`,
      `×${wall.mean.toFixed(3)} [${wall.low.toFixed(3)}, ${wall.high.toFixed(3)}]`,
      `×${cpu.mean.toFixed(3)} [${cpu.low.toFixed(3)}, ${cpu.high.toFixed(3)}]`,
      `×${(perOn / perOff).toFixed(3)}`,
      `${interventions} / ${onTokens}`,
      `${(monitorMs / Math.max(1, onTokens)).toFixed(3)} ms + ${(redoMs / Math.max(1, onTokens)).toFixed(3)} ms`,
      `×${((perOff + (monitorMs + redoMs) / Math.max(1, onTokens)) / perOff).toFixed(3)}`,
    ]);
  }
  // DAG++ inside generation reads each emitted token's probability (API-invocation confidence).
  const dagPrompts = ['```python\nimport boto3\ns3 = boto3.client("s3")\nresponse = s3.', 'import requests\n\nr = requests.', ...prose];
  let plainMs = 0;
  let plainTokens = 0;
  let dagMs = 0;
  let dagTokens = 0;
  for (const seed of [1, 2, 3, 4]) {
    for (const prompt of dagPrompts) {
      // Alternate the order, as above.
      const run = (measureProbability: boolean) =>
        generate(model, { prompt, maxTokens: 48, temperature: 0.7, seed, walker, intervenor: e2e, measureProbability });
      const first = await run(seed % 2 === 0);
      const second = await run(seed % 2 !== 0);
      const [withProbabilities, plain] = seed % 2 === 0 ? [first, second] : [second, first];
      plainMs += plain.totalMs;
      plainTokens += plain.steps.length;
      dagMs += withProbabilities.totalMs;
      dagTokens += withProbabilities.steps.length;
    }
  }
  const perPlain = plainMs / Math.max(1, plainTokens);
  const perDag = dagMs / Math.max(1, dagTokens);
  rows.push([
    'code prompts, reading token probabilities (dag)',
    `${perPlain.toFixed(2)} ms`,
    `${perDag.toFixed(2)} ms`,
    '',
    '',
    `×${(perDag / perPlain).toFixed(3)}`,
    '',
    `${(perDag - perPlain).toFixed(3)} ms (probability read)`,
    '',
  ]);
  await model.dispose();
  process.stdout.write(
    table(
      [
        `end to end, random-weights Qwen2-vocab llama (CPU, ${THREADS} thread${THREADS === 1 ? '' : 's'}; monitor opened as the product does, from the ${opened.from === 'snapshot' ? 'snapshot' : 'build'}; load avg ${loadBefore} → ${loadavg()[0]!.toFixed(1)})`,
        'per token, off',
        'per token, on',
        `ratio, geometric mean of ${SEEDS * 8} pairs [95% interval] (≤ ×1.05; PackMonitor ×1.07–×1.28)`,
        'same pairs, process CPU time (all threads) [95% interval]',
        'ratio of sums',
        'interventions / tokens',
        'monitor + redo per token',
        'ratio from monitor + redo time',
      ],
      rows,
    ),
  );
  process.stdout.write(
    '\nThe random-weights model is a worst case: most of its tokens in an install line are refused, and each refusal\n' +
      'samples again from the logits of the same position (no second forward pass) over the allowed tokens only.\n' +
      'A trained model is refused rarely. The last column adds only the time the monitor and its redos took to the\n' +
      'unmonitored time per token: the same overhead without the noise of timing two separate generations.\n' +
      'On a shared 2-core machine single generations vary by ±5% (see the prompts without installs, where the monitor\n' +
      'does nothing), and which of a pair runs first matters: half the pairs run each way, and the geometric mean\n' +
      'of the pair ratios cancels the order; the ratio of sums is shown beside it.\n\n',
  );
  await benchDecodingVocabularies(checkpoint.automaton);
}
