/**
 * Calibrates the answerability constants on a RaCGEval-layout development set and estimates
 * held-out performance with grouped cross-validation (fit-calibration.ts). Prints the fitted
 * calibration to paste into src/engines/answerability/calibration.ts.
 *
 *   npx tsx scripts/calibrate-answerability.ts [dev.json] [--folds 5] [--passes 3]
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_CALIBRATION, loadAnswerabilityIo, type LabelMetrics } from '../src/engines/answerability/index.js';
import { CALIBRATION_START, crossValidate, evaluateCalibration, fitCalibration } from '../src/engines/answerability/fit-calibration.js';
import { resolveCacheDir } from '../src/shared/paths.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const folds = option('--folds', 5);
const passes = option('--passes', 3);
const path = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? join(ROOT, '..', 'shared', 'data', 'answerability-dev.json');

function show(name: string, m: LabelMetrics): void {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  console.log(
    `${name.padEnd(34)} n=${String(m.count).padStart(4)}  acc ${pct(m.accuracy)}  macro-F1 ${m.macroF1.toFixed(3)}  recall A ${pct(m.recall.answerable)} P ${pct(m.recall.partially_answerable)} U ${pct(m.recall.unanswerable)}`,
  );
}

const io = await loadAnswerabilityIo();
const samples = io.readRacgEvalSamples(path);
const vectors = await io.loadWordVectors({ cacheDir: resolveCacheDir() });
show('current calibration (in-sample)', evaluateCalibration(samples, vectors, DEFAULT_CALIBRATION));
const cv = crossValidate(samples, vectors, CALIBRATION_START, folds, passes);
cv.folds.forEach((fold, i) => show(`fold ${i + 1}/${cv.folds.length} (held out)`, fold.test));
show(`cross-validated by ${cv.groupedBy}`, cv.pooled);
const fitted = fitCalibration(samples, vectors, CALIBRATION_START, passes);
show('refitted on all (in-sample)', evaluateCalibration(samples, vectors, fitted));
console.log(JSON.stringify(fitted, null, 2));
