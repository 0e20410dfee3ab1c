import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import type { PartEvidence } from '../../../src/engines/answerability/evidence.js';
import {
  CALIBRATION_START,
  evaluateGathered,
  fitDecision,
  leaveOneLibraryOut,
  type GatheredSample,
} from '../../../src/engines/answerability/fit-calibration.js';
import { loadAnswerabilityIo, type AnswerabilityLabel } from '../../../src/engines/answerability/index.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A sample whose parts' best coverages are `scores` (one API each), in a library whose coverage runs at `scale`. */
function sample(library: string, label: AnswerabilityLabel, scores: number[]): GatheredSample {
  const parts: PartEvidence[] = scores.map((coverage) => ({
    text: 'x',
    terms: [{ word: 'x', stem: 'x', weight: 1 }],
    apis: [{ coverage, action: 0, named: 0, signature: 0, nameShare: 0, matches: [coverage] }],
  }));
  return { sample: { query: 'x', apis: ['x'], label, library }, parts };
}

function library(name: string, scale: number): GatheredSample[] {
  return [
    sample(name, 'answerable', [0.8 * scale]),
    sample(name, 'answerable', [0.7 * scale]),
    sample(name, 'unanswerable', [0.1 * scale]),
    sample(name, 'unanswerable', [0.2 * scale]),
    sample(name, 'partially_answerable', [0.8 * scale, 0.1 * scale]),
    sample(name, 'partially_answerable', [0.7 * scale, 0.2 * scale]),
  ];
}

describe('fitDecision', () => {
  it('finds a calibration that separates the classes of the training libraries', () => {
    const gathered = [...library('a', 1), ...library('b', 0.9)];
    expect(evaluateGathered(gathered, fitDecision(gathered)).accuracy).toBe(1);
  });
});

describe('leaveOneLibraryOut', () => {
  it('labels each library with a calibration fitted on the others only', () => {
    const gathered = [...library('a', 1), ...library('b', 0.9), ...library('c', 0.5)];
    const result = leaveOneLibraryOut(gathered);
    expect(result.libraries.map((l) => l.library)).toEqual(['a', 'b', 'c']);
    for (const held of result.libraries)
      expect(held.calibration).toEqual(fitDecision(gathered.filter((g) => g.sample.library !== held.library)));
    // What the held-out library says cannot move its own calibration: flip all of c's labels.
    const flipped = gathered.map((g) => (g.sample.library === 'c' ? { ...g, sample: { ...g.sample, label: 'unanswerable' as const } } : g));
    expect(leaveOneLibraryOut(flipped).libraries[2]!.calibration).toEqual(result.libraries[2]!.calibration);
    expect(result.pooled.count).toBe(gathered.length);
  });

  it('starts from the hand-set matching constants and fits only decision constants', () => {
    const fitted = fitDecision([...library('a', 1), ...library('b', 1)]);
    for (const key of [
      'semanticLow',
      'semanticHigh',
      'semanticMax',
      'fuzzyMatch',
      'synonymMatch',
      'sharedTermDiscount',
      'oovWeight',
      'identifierFactor',
      'fullWeightRank',
    ] as const) {
      expect(fitted[key]).toBe(CALIBRATION_START[key]);
    }
  });
});

describe('the multi-library development set', () => {
  it('has at least six libraries, each with all three labels, every query from the recorded ODEX or issue tasks', async () => {
    const { readRacgEvalSamples } = await loadAnswerabilityIo();
    const samples = readRacgEvalSamples(join(ROOT, 'bench', 'data', 'answerability', 'multi-library.json'));
    const rows = ['odex-tasks.tsv', 'issue-tasks.tsv'].flatMap((file) =>
      readFileSync(join(ROOT, 'bench', 'data', 'answerability', file), 'utf8')
        .split('\n')
        .slice(1)
        .filter(Boolean),
    );
    const intents = new Set(rows.map((l) => l.split('\t')[3]!));
    const libraries = new Set(samples.map((s) => s.library));
    expect(libraries.size).toBeGreaterThanOrEqual(6);
    // Python modules and TypeScript declarations both.
    expect([...libraries]).toEqual(expect.arrayContaining(['re', 'numpy', 'semver', 'yaml', 'chokidar']));
    for (const name of libraries) {
      expect(new Set(samples.filter((s) => s.library === name).map((s) => s.label))).toEqual(
        new Set(['answerable', 'partially_answerable', 'unanswerable']),
      );
    }
    for (const s of samples) {
      const first = s.label === 'partially_answerable' ? s.query.split('. Then, ')[0]! : s.query;
      expect([...intents].some((intent) => intent.replace(/[.\s]+$/, '') === first.replace(/[.\s]+$/, ''))).toBe(true);
      expect(s.apis).toHaveLength(3);
    }
  });
});
