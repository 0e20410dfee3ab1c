/**
 * The optional LLM judge: a zero-shot prompt that asks a model to pick one of three options and
 * reads the likelihood of the answer tokens " A" (answerable), " P" (partially) and " U"
 * (unanswerable); then a log-linear blend of that distribution with the evidence's own.
 */
import type { AnswerabilityLabel, ApiUnit, Assessment } from './types.js';

export type LabelDistribution = Record<AnswerabilityLabel, number>;

const LETTER: Record<string, AnswerabilityLabel> = { A: 'answerable', P: 'partially_answerable', U: 'unanswerable' };

/** The zero-shot prompt; the model's next token should be " A", " P" or " U". */
export function buildJudgePrompt(request: string, apis: readonly ApiUnit[]): string {
  const docs = apis
    .map((api, i) => `[${i + 1}] ${api.name}${api.signature}${api.name || api.signature ? ': ' : ''}${api.description.slice(0, 1500)}`)
    .join('\n');
  return [
    'You review whether a programming request can be implemented using only the API documentation below.',
    '',
    'API documentation:',
    docs,
    '',
    `Request: ${request.slice(0, 4000)}`,
    '',
    'Options:',
    'A) Answerable: every part of the request can be implemented with these APIs.',
    'P) Partially answerable: some parts can, others need APIs not listed.',
    'U) Unanswerable: none of it can be implemented with these APIs.',
    '',
    'Answer with one letter.',
    'Answer:',
  ].join('\n');
}

/**
 * Reads a distribution over the labels from the first generated token's top log-probabilities
 * (token → logprob). Tokens are matched trimmed and case-insensitively ("A", " A", "a").
 * Undefined when none of the three letters is among them.
 */
export function distributionFromLogprobs(top: Readonly<Record<string, number>>): LabelDistribution | undefined {
  const mass: LabelDistribution = { answerable: 0, partially_answerable: 0, unanswerable: 0 };
  let found = false;
  for (const [token, logprob] of Object.entries(top)) {
    const label =
      LETTER[
        token
          .trim()
          .replace(/[).:]$/, '')
          .toUpperCase()
      ];
    if (!label || !Number.isFinite(logprob)) continue;
    mass[label] += Math.exp(logprob);
    found = true;
  }
  if (!found) return undefined;
  const floor = 1e-4;
  return normalize({
    answerable: mass.answerable + floor,
    partially_answerable: mass.partially_answerable + floor,
    unanswerable: mass.unanswerable + floor,
  });
}

/** The evidence as a distribution: its confidence on its label, the rest shared by the other two. */
export function evidenceDistribution(assessment: Pick<Assessment, 'label' | 'confidence'>): LabelDistribution {
  const rest = (1 - assessment.confidence) / 2;
  const dist: LabelDistribution = { answerable: rest, partially_answerable: rest, unanswerable: rest };
  dist[assessment.label] = assessment.confidence;
  return dist;
}

/** Log-linear blend: p ∝ evidence^(1-w) · judge^w, w in [0, 1]. */
export function blendDistributions(evidence: LabelDistribution, judge: LabelDistribution, judgeWeight: number): LabelDistribution {
  const w = Math.min(1, Math.max(0, judgeWeight));
  const blend = (label: AnswerabilityLabel): number =>
    Math.exp((1 - w) * Math.log(Math.max(evidence[label], 1e-9)) + w * Math.log(Math.max(judge[label], 1e-9)));
  return normalize({
    answerable: blend('answerable'),
    partially_answerable: blend('partially_answerable'),
    unanswerable: blend('unanswerable'),
  });
}

/** The most likely label. */
export function argmaxLabel(dist: LabelDistribution): AnswerabilityLabel {
  return (Object.entries(dist) as Array<[AnswerabilityLabel, number]>).reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

function normalize(dist: LabelDistribution): LabelDistribution {
  const total = dist.answerable + dist.partially_answerable + dist.unanswerable;
  return {
    answerable: dist.answerable / total,
    partially_answerable: dist.partially_answerable / total,
    unanswerable: dist.unanswerable / total,
  };
}
