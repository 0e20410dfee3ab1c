/**
 * Answerability (RaCGEval's task): accuracy, macro-F1 and per-class recall on the development set
 * (in-sample with the shipped calibration, and grouped cross-validation of the calibration
 * procedure), baselines, word-vector cache build/load time and per-assessment latency, next to the
 * paper's published figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  assessAnswerability,
  decodeWordVectors,
  DEFAULT_CALIBRATION,
  loadAnswerabilityIo,
  NO_WORD_VECTORS,
  scoreLabels,
  type LabelMetrics,
} from '../src/engines/answerability/index.js';
import { CALIBRATION_START, crossValidate, evaluateCalibration } from '../src/engines/answerability/fit-calibration.js';
import { resolveCacheDir } from '../src/shared/paths.js';
import { median, percentile, table, time } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEV_SET = join(ROOT, '..', 'shared', 'data', 'answerability-dev.json');

/** RaCGEval (paper 004), Table 2: accuracy on RaCGEval. */
const PAPER = [
  ['gpt-3.5, zero-shot', '31.2%'],
  ['llama3-8b, zero-shot', '33.0%'],
  ['llama3-8b, fine-tuned', '36.5%'],
  ['gemma-7b, zero-shot', '36.9%'],
  ['gemma-7b, fine-tuned (best)', '46.7%'],
  ['always "unanswerable" (on RaCGEval)', '48.4%'],
] as const;

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const row = (name: string, m: LabelMetrics): string[] => [name, String(m.count), pct(m.accuracy), m.macroF1.toFixed(3), pct(m.recall.answerable), pct(m.recall.partially_answerable), pct(m.recall.unanswerable)];

export async function benchAnswerability(): Promise<void> {
  if (!existsSync(DEV_SET)) {
    process.stdout.write(`skipped: the development set is not at ../shared/data/answerability-dev.json\n`);
    return;
  }
  const io = await loadAnswerabilityIo();
  const samples = io.readRacgEvalSamples(DEV_SET);
  const cacheDir = resolveCacheDir();
  const source = io.defaultEmbeddingSource();
  const cachePath = io.wordVectorCachePath(source, cacheDir);
  const fresh = !existsSync(cachePath);
  const started = performance.now();
  const vectors = await io.loadWordVectors({ cacheDir });
  const firstMs = performance.now() - started;
  const loads = Array.from({ length: 5 }, () => time(() => decodeWordVectors(readFileSync(cachePath)))[1]);

  const gold = samples.map((s) => s.label);
  const libraries = [...new Set(samples.map((s) => s.library))];
  process.stdout.write(`development set: ${samples.length} samples, ${libraries.length} librar${libraries.length === 1 ? 'y' : 'ies'} (${libraries.join(', ')}); `);
  process.stdout.write(`A ${gold.filter((g) => g === 'answerable').length}, P ${gold.filter((g) => g === 'partially_answerable').length}, U ${gold.filter((g) => g === 'unanswerable').length}\n\n`);

  process.stderr.write('  cross-validating the calibration (a few minutes)…\n');
  const cv = crossValidate(samples, vectors, CALIBRATION_START, 5, 3);
  const rows = [
    row('shipped calibration, in-sample', evaluateCalibration(samples, vectors, DEFAULT_CALIBRATION)),
    row(`held out: 5-fold CV by ${cv.groupedBy}`, cv.pooled),
    row('lexical only (no word vectors), in-sample', evaluateCalibration(samples, NO_WORD_VECTORS, DEFAULT_CALIBRATION)),
    row('always "unanswerable"', scoreLabels(gold, gold.map(() => 'unanswerable' as const))),
  ];
  process.stdout.write(table(['method (dev set)', 'n', 'accuracy', 'macro-F1', 'recall A', 'recall P', 'recall U'], rows));
  process.stdout.write('\nRaCGEval paper, Table 2 (accuracy on RaCGEval, LLM judges):\n\n');
  process.stdout.write(table(['model', 'accuracy'], PAPER.map(([m, a]) => [m, a])));

  // Latency: warm, docs passed, every dev sample, 5 rounds.
  for (const s of samples) assessAnswerability(s.query, s.apis, { vectors });
  const latencies: number[] = [];
  for (let round = 0; round < 5; round++) for (const s of samples) latencies.push(time(() => assessAnswerability(s.query, s.apis, { vectors }))[1]);
  latencies.sort((a, b) => a - b);
  process.stdout.write('\n');
  process.stdout.write(
    table(
      ['measure', 'value', 'target'],
      [
        ['assessment p50 (3 APIs passed, warm)', `${percentile(latencies, 50).toFixed(2)} ms`, '≤ 20 ms'],
        ['assessment p99', `${percentile(latencies, 99).toFixed(2)} ms`, '—'],
        [fresh ? 'word-vector cache build (first use)' : 'word-vector cache open (first in process)', `${(firstMs / 1000).toFixed(2)} s`, '—'],
        ['word-vector cache load (read + decode)', `${median(loads).toFixed(1)} ms`, 'milliseconds'],
        ['word-vector cache size', `${(readFileSync(cachePath).length / 1048576).toFixed(1)} MiB (${vectors.size.toLocaleString('en-US')} words)`, '—'],
      ],
    ),
  );
  process.stdout.write(
    '\nTargets on held-out libraries: accuracy ≥ 65%, macro-F1 ≥ 0.60. The dev set has one library, so the held-out\n' +
      'estimate here groups by base query (a task and its swapped/concatenated variants stay on one side).\n',
  );
}
