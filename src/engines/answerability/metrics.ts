/** Accuracy, macro-F1 and per-class recall of predicted answerability labels (for calibration and the bench). */
import { ANSWERABILITY_LABELS, type AnswerabilityLabel } from './types.js';

export interface LabelMetrics {
  count: number;
  accuracy: number;
  macroF1: number;
  recall: Record<AnswerabilityLabel, number>;
  precision: Record<AnswerabilityLabel, number>;
}

/** Scores predictions against gold labels (same length, same order). */
export function scoreLabels(gold: readonly AnswerabilityLabel[], predicted: readonly AnswerabilityLabel[]): LabelMetrics {
  const recall = {} as Record<AnswerabilityLabel, number>;
  const precision = {} as Record<AnswerabilityLabel, number>;
  let f1Sum = 0;
  for (const label of ANSWERABILITY_LABELS) {
    const tp = gold.filter((g, i) => g === label && predicted[i] === label).length;
    const goldCount = gold.filter((g) => g === label).length;
    const predictedCount = predicted.filter((p) => p === label).length;
    recall[label] = goldCount === 0 ? 0 : tp / goldCount;
    precision[label] = predictedCount === 0 ? 0 : tp / predictedCount;
    const p = precision[label];
    const r = recall[label];
    f1Sum += p + r === 0 ? 0 : (2 * p * r) / (p + r);
  }
  const correct = gold.filter((g, i) => g === predicted[i]).length;
  return {
    count: gold.length,
    accuracy: gold.length === 0 ? 0 : correct / gold.length,
    macroF1: f1Sum / ANSWERABILITY_LABELS.length,
    recall,
    precision,
  };
}

/** RaCGEval's label strings ("Answerable", "Partially answerable", "Unanswerable") to ours; undefined for others. */
export function labelFromRacgEval(label: string): AnswerabilityLabel | undefined {
  const key = label
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === 'answerable') return 'answerable';
  if (key === 'partially_answerable' || key === 'partial') return 'partially_answerable';
  if (key === 'unanswerable') return 'unanswerable';
  return undefined;
}
