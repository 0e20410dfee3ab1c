/**
 * Calibrates the answerability decision constants on RaCGEval-layout development sets and measures them
 * leave-one-library-out (fit-calibration.ts): each library labelled by a calibration fitted on the others.
 * Prints the calibration fitted on every library, to paste into src/engines/answerability/calibration.ts.
 *
 *   npx tsx scripts/calibrate-answerability.ts [set.json …] [--passes 2]
 *
 * Default sets: bench/data/answerability/multi-library.json and ../shared/data/answerability-dev.json (TorchData).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_CALIBRATION, loadAnswerabilityIo, type LabelMetrics } from '../src/engines/answerability/index.js';
import {
  CALIBRATION_START,
  evaluateGathered,
  fitDecision,
  gatherSamples,
  leaveOneLibraryOut,
} from '../src/engines/answerability/fit-calibration.js';
import { resolveCacheDir } from '../src/shared/paths.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--passes');
const passes = at >= 0 ? Number(args[at + 1]) : 2;
const given = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const paths =
  given.length > 0
    ? given
    : [
        join(ROOT, 'bench', 'data', 'answerability', 'multi-library.json'),
        join(ROOT, '..', 'shared', 'data', 'answerability-dev.json'),
      ].filter((p) => existsSync(p));

function show(name: string, m: LabelMetrics): void {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  console.log(
    `${name.padEnd(40)} n=${String(m.count).padStart(4)}  acc ${pct(m.accuracy)}  macro-F1 ${m.macroF1.toFixed(3)}  recall A ${pct(m.recall.answerable)} P ${pct(m.recall.partially_answerable)} U ${pct(m.recall.unanswerable)}`,
  );
}

const io = await loadAnswerabilityIo();
const samples = paths.flatMap((path) => io.readRacgEvalSamples(path));
const vectors = await io.loadWordVectors({ cacheDir: resolveCacheDir() });
const gathered = gatherSamples(samples, vectors, CALIBRATION_START);
show('shipped calibration (in-sample)', evaluateGathered(gathered, DEFAULT_CALIBRATION));
const lolo = leaveOneLibraryOut(gathered, CALIBRATION_START, passes);
for (const held of lolo.libraries) show(`held out: ${held.library}`, held.test);
show('held out, pooled', lolo.pooled);
const fitted = fitDecision(gathered, CALIBRATION_START, passes);
show('refitted on all (in-sample)', evaluateGathered(gathered, fitted));
console.log(JSON.stringify(fitted, null, 2));
