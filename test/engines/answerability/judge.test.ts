import { describe, expect, it } from 'vitest';

import {
  argmaxLabel,
  blendDistributions,
  buildJudgePrompt,
  distributionFromLogprobs,
  evidenceDistribution,
  parseApiUnit,
} from '../../../src/engines/answerability/index.js';

describe('LLM judge (pure parts)', () => {
  it('builds a prompt that lists the APIs, the request and the three options, ending at the answer', () => {
    const prompt = buildJudgePrompt('Repeat the items', [parseApiUnit('cycle(source, count): Repeats the items.')]);
    expect(prompt).toContain('[1] cycle(source, count): Repeats the items.');
    expect(prompt).toContain('Request: Repeat the items');
    expect(prompt).toMatch(/A\) Answerable[\s\S]*P\) Partially[\s\S]*U\) Unanswerable/);
    expect(prompt.endsWith('Answer:')).toBe(true);
  });

  it('reads " A" / " P" / " U" log-probabilities into a distribution, ignoring other tokens', () => {
    const dist = distributionFromLogprobs({
      ' A': Math.log(0.6),
      ' P': Math.log(0.2),
      ' U': Math.log(0.1),
      ' The': Math.log(0.1),
      a: Math.log(0.05),
    })!;
    expect(dist.answerable).toBeGreaterThan(dist.partially_answerable);
    expect(dist.answerable + dist.partially_answerable + dist.unanswerable).toBeCloseTo(1, 9);
    expect(argmaxLabel(dist)).toBe('answerable');
    expect(distributionFromLogprobs({ ' The': -0.1, ' I': -2 })).toBeUndefined();
  });

  it('blends: weight 0 keeps the evidence, weight 1 follows the judge, in between both count', () => {
    const evidence = evidenceDistribution({ label: 'unanswerable', confidence: 0.6 });
    expect(evidence).toEqual({ answerable: 0.2, partially_answerable: 0.2, unanswerable: 0.6 });
    const judge = { answerable: 0.9, partially_answerable: 0.05, unanswerable: 0.05 };
    expect(argmaxLabel(blendDistributions(evidence, judge, 0))).toBe('unanswerable');
    expect(argmaxLabel(blendDistributions(evidence, judge, 1))).toBe('answerable');
    const half = blendDistributions(evidence, judge, 0.5);
    expect(argmaxLabel(half)).toBe('answerable');
    expect(half.answerable).toBeLessThan(0.9);
  });
});
