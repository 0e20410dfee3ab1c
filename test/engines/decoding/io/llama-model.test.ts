/**
 * The redo that samples again from the logits a position already has (llama.cpp through
 * node-llama-cpp), against the model's own distribution at that position: greedy redo is the
 * argmax over the allowed tokens, a redo at a temperature draws from the masked distribution, by
 * both ways the adapter takes (lifting few allowed tokens, banning few refused ones), and a lift
 * too small for the logits is caught and redone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinBytes, openLlamaModel, TokenConstraint, type LoadedModel, type MaskRequest } from '../../../../src/engines/decoding/index.js';
import { syntheticModelPath } from '../model-fixtures.js';

type Sequence = {
  controlledEvaluate(input: unknown[]): Promise<Array<{ next: { probabilities: Map<number, number> } } | undefined>>;
  nextTokenIndex: number;
};

function constraintOf(allowed: readonly number[], size: number): TokenConstraint {
  const mask = new Uint32Array((size + 31) >>> 5);
  for (const t of allowed) mask[t >>> 5]! |= 1 << (t & 31);
  return new TokenConstraint(mask, size);
}

/** The model's next-token probabilities after `prompt` (temperature 1), read by a plain evaluation. */
async function distributionAfter(model: LoadedModel, prompt: number[]): Promise<Map<number, number>> {
  const sequence = (model as unknown as { sequence: Sequence }).sequence;
  await model.reset();
  const read = await sequence.controlledEvaluate([...prompt.slice(0, -1), [prompt.at(-1), { generateNext: { probabilities: true } }]]);
  return read[prompt.length - 1]!.next.probabilities;
}

describe.each([
  ['as opened', undefined],
  // A lift far too small for any logits: every lift fails its check and must be redone exactly.
  ['with a lift that starts too small', 1e-9],
])('redo from the same logits (llama.cpp), %s', (_label, initialShift) => {
  let model: LoadedModel;

  beforeAll(async () => {
    model = await openLlamaModel(syntheticModelPath(), 256, initialShift === undefined ? {} : { initialShift });
  }, 300_000);

  afterAll(async () => {
    await model?.dispose();
  });

  it('greedy redo is the argmax over the allowed tokens, with no new evaluation', async () => {
    const prompt = model.tokenize('```bash\npip install ');
    const size = model.vocabulary.bytes.length;
    const probabilities = await distributionAfter(model, prompt);
    const ranked = [...probabilities.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    expect(ranked.length).toBe(size);

    await model.reset();
    const first = await model.next(prompt, { temperature: 0, seed: 1 });
    expect(first).toBe(ranked[0]);
    const sequence = (model as unknown as { sequence: Sequence }).sequence;
    const evaluated = sequence.nextTokenIndex;
    const many = ranked.slice(3); // all but the three most likely: read from the likeliest tokens
    const beyondTop = ranked.slice(70); // many, none of them among the 64 likeliest: the ban way
    expect(beyondTop.length).toBeGreaterThan(70);
    for (const allowed of [ranked.slice(1, 4), ranked.slice(5, 6), [ranked[size - 1]!, ranked[40]!], many, beyondTop]) {
      const constraint = constraintOf(allowed, size);
      const redo = await model.resample(constraint, { temperature: 0, seed: 2 });
      expect(redo).toBe(allowed.reduce((best, t) => (probabilities.get(t)! > probabilities.get(best)! ? t : best)));
      for (const seed of [3, 4, 5]) expect(constraint.has(await model.resample(constraint, { temperature: 1.5, seed }))).toBe(true);
    }
    // Nothing was evaluated again, and generation goes on from the same context.
    expect(sequence.nextTokenIndex).toBe(evaluated);
    await model.next([ranked[1]!], { temperature: 0, seed: 6 });
    expect(sequence.nextTokenIndex).toBe(evaluated + 1);
  }, 300_000);

  it('a redo at temperature 1 draws from the masked distribution, by either way', async () => {
    const prompt = model.tokenize('```bash\nnpm i ');
    const size = model.vocabulary.bytes.length;
    const probabilities = await distributionAfter(model, prompt);
    const ranked = [...probabilities.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    await model.reset();
    await model.next(prompt, { temperature: 1, seed: 1 });
    // Few allowed tokens of comparable weight (lifted), and all but the two likeliest (banned).
    for (const allowed of [[ranked[1]!, ranked[2]!, ranked[4]!], ranked.slice(2)]) {
      const constraint = constraintOf(allowed, size);
      const total = allowed.reduce((sum, t) => sum + probabilities.get(t)!, 0);
      const watched = allowed.slice(0, 3);
      const counts = new Map<number, number>();
      const draws = 600;
      for (let seed = 0; seed < draws; seed++) {
        const token = await model.resample(constraint, { temperature: 1, seed: seed * 7919 + 13 });
        expect(constraint.has(token)).toBe(true);
        counts.set(token, (counts.get(token) ?? 0) + 1);
      }
      for (const t of watched) {
        const p = probabilities.get(t)! / total;
        const sd = Math.sqrt((p * (1 - p)) / draws);
        // Five standard deviations: a sampler off the masked distribution fails, a correct one passes.
        expect(Math.abs((counts.get(t) ?? 0) / draws - p), `token ${t}, p ${p.toFixed(3)}`).toBeLessThan(5 * sd + 1e-3);
      }
    }
  }, 300_000);

  it("lifts many allowed tokens of a small vocabulary over the whole vocabulary: the masked distribution, as a redo and as the step's own draw", async () => {
    // More than 1/24 of the vocabulary allowed: lifted with nothing cut, kept where the draw is allowed (the
    // ban, with a seed of its own, where it is not: every draw when the lift starts far too small).
    const prompt = model.tokenize('```bash\nnpm i ');
    const size = model.vocabulary.bytes.length;
    const probabilities = await distributionAfter(model, prompt);
    const ranked = [...probabilities.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    // One token in three, the likeliest refused: much of the mass is refused.
    const allowed = ranked.filter((_, i) => i % 3 === 1);
    expect(allowed.length * 24).toBeGreaterThan(size);
    const constraint = constraintOf(allowed, size);
    const total = allowed.reduce((sum, t) => sum + probabilities.get(t)!, 0);
    const draws = 1500;
    const check = (counts: Map<number, number>, label: string) => {
      for (const t of allowed.slice(0, 4)) {
        const p = probabilities.get(t)! / total;
        const sd = Math.sqrt((p * (1 - p)) / draws);
        // Five standard deviations: a draw off the masked distribution fails, a correct one passes.
        expect(Math.abs((counts.get(t) ?? 0) / draws - p), `${label}: token ${t}, p ${p.toFixed(3)}`).toBeLessThan(5 * sd + 1e-3);
      }
    };
    await model.reset();
    await model.next(prompt, { temperature: 1, seed: 1 });
    const redone = new Map<number, number>();
    for (let seed = 0; seed < draws; seed++) {
      const token = await model.resample(constraint, { temperature: 1, seed: seed * 7919 + 13 });
      expect(constraint.has(token)).toBe(true);
      redone.set(token, (redone.get(token) ?? 0) + 1);
    }
    check(redone, 'redo');
    // The step's own draw takes the same way at once (its distribution is the redo's, checked above).
    const seen = new Set<number>();
    for (let seed = 0; seed < 16; seed++) {
      await model.reset();
      const mask: MaskRequest = { applied: false };
      const drawn = model.next(prompt, { temperature: 1, seed: seed * 104_729 + 7 }, mask);
      mask.constraint = constraint;
      const token = await drawn;
      expect(mask.applied).toBe(true);
      expect(constraint.has(token)).toBe(true);
      seen.add(token);
    }
    expect(seen.size).toBeGreaterThan(1);
  }, 300_000);

  it("reads a token's probability from the same logits: the model's own, over its 64 likeliest tokens", async () => {
    const prompt = model.tokenize('import boto3\ns3 = boto3.client("s3")\ns3.');
    const probabilities = await distributionAfter(model, prompt);
    const ranked = [...probabilities.entries()].sort((a, b) => b[1] - a[1]);
    const top = ranked.slice(0, 64);
    const mass = top.reduce((sum, [, p]) => sum + p, 0);
    await model.reset();
    const token = await model.next(prompt, { temperature: 0, seed: 1 });
    expect(token).toBe(ranked[0]![0]);
    for (const [t, p] of [top[0]!, top[10]!, top[63]!]) expect(await model.probability!(t)).toBeCloseTo(p / mass, 4);
    // Outside the 64 likeliest: 0.
    expect(await model.probability!(ranked[200]![0])).toBe(0);
    // After a redo the logits are the same position's.
    await model.resample(constraintOf([top[5]![0], top[6]![0]], model.vocabulary.bytes.length), { temperature: 0, seed: 2 });
    expect(await model.probability!(top[5]![0])).toBeCloseTo(top[5]![1] / mass, 4);
  }, 300_000);

  it('redoes with the same seed to the same token', async () => {
    await model.reset();
    await model.next(model.tokenize('```bash\nnpm i '), { temperature: 1, seed: 9 });
    const size = model.vocabulary.bytes.length;
    for (const allowed of [[5, 9, 40, 41], Array.from({ length: size - 100 }, (_, i) => i + 100)]) {
      const constraint = constraintOf(allowed, size);
      const a = await model.resample(constraint, { temperature: 1, seed: 77 });
      const b = await model.resample(constraint, { temperature: 1, seed: 77 });
      expect(a).toBe(b);
    }
  }, 300_000);
});

describe("the first draw under the step's constraint (llama.cpp)", () => {
  let model: LoadedModel;

  beforeAll(async () => {
    // Lifts of at most 16 tokens, and ban lists past 64 through a kept sampler: the small vocabulary takes every way.
    model = await openLlamaModel(syntheticModelPath(), 256, { keptBias: 64, liftLimit: 16 });
  }, 300_000);

  afterAll(async () => {
    await model?.dispose();
  });

  it('at a temperature draws under the mask at once where few tokens are allowed, and where more are once plain draws were often refused', async () => {
    // The draw goes through the same lifted and banned samplers as the redo, whose distribution the
    // tests above check against the model's own; here: which way each step takes, and only allowed tokens come out.
    const prompt = model.tokenize('```bash\npip install ');
    const size = model.vocabulary.bytes.length;
    const probabilities = await distributionAfter(model, prompt);
    const ranked = [...probabilities.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    const cases: Array<[string, number[], (applied: number) => boolean]> = [
      // Three allowed: lifted at once, every step.
      ['few allowed', [ranked[1]!, ranked[2]!, ranked[4]!], (applied) => applied === 12],
      // The least likely half: a plain draw is nearly always refused, so after the first refusal the rest are banned at once.
      ['the least likely half', ranked.slice(Math.floor(size / 2)), (applied) => applied >= 9],
      // All but the 100 least likely (a long ban list): plain draws are kept, never refused, never masked.
      ['all but the least likely', ranked.slice(0, size - 100), (applied) => applied === 0],
    ];
    for (const [label, allowed, expected] of cases) {
      const constraint = constraintOf(allowed, size);
      const seen = new Set<number>();
      let plain = 0;
      let refused = 0;
      let applied = 0;
      // One generation (counts at a temperature are per generation), each step under the same constraint.
      await model.reset();
      let input = prompt;
      for (let seed = 0; seed < 12; seed++) {
        const mask: MaskRequest = { applied: false };
        const drawn = model.next(input, { temperature: 1.5, seed: seed * 7919 + 13 }, mask);
        mask.constraint = constraint; // filled while the runtime evaluates, as the decoder does
        let token = await drawn;
        // Where more are allowed than are lifted: under the mask exactly when at least 1 in 4 earlier plain draws was refused.
        if (allowed.length > 16) expect(mask.applied, `${label}, step ${seed}`).toBe(plain > 0 && refused * 4 >= plain);
        if (mask.applied) applied++;
        else {
          plain++;
          if (!constraint.has(token)) {
            refused++;
            token = await model.resample(constraint, { temperature: 1.5, seed: seed + 1 });
          }
        }
        expect(constraint.has(token)).toBe(true);
        seen.add(token);
        input = [token];
      }
      expect(expected(applied), `${label}: ${applied} of 12 under the mask`).toBe(true);
      if (allowed.length > 16) expect(seen.size, `${label}: ${[...seen].join(' ')}`).toBeGreaterThan(1);
    }
  }, 300_000);

  it('a plain draw, redone over the allowed tokens when refused, is a draw from the masked distribution', async () => {
    // The way a step takes under a constraint whose plain draws are rarely refused: rejection, then a redo
    // from the same logits. Plain draws here are redraws with nothing refused (the same native sampler
    // chain as the step's own draw), many from one position; against the model's own probabilities
    // renormalised over the allowed tokens.
    const prompt = model.tokenize('```bash\nnpm i ');
    const size = model.vocabulary.bytes.length;
    const probabilities = await distributionAfter(model, prompt);
    const ranked = [...probabilities.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    // Every other token of the likeliest 40 and the whole tail: a large share of the mass refused, so both ways are taken often.
    const allowed = ranked.filter((_, i) => i >= 40 || i % 2 === 1);
    const constraint = constraintOf(allowed, size);
    const everything = constraintOf(ranked, size);
    const total = allowed.reduce((sum, t) => sum + probabilities.get(t)!, 0);
    await model.reset();
    await model.next(prompt, { temperature: 1, seed: 1 });
    const draws = 3000;
    const counts = new Map<number, number>();
    let redone = 0;
    for (let seed = 0; seed < draws; seed++) {
      let token = await model.resample(everything, { temperature: 1, seed: seed * 7919 + 13 });
      if (!constraint.has(token)) {
        redone++;
        token = await model.resample(constraint, { temperature: 1, seed: seed * 104_729 + 7 });
      }
      expect(constraint.has(token)).toBe(true);
      counts.set(token, (counts.get(token) ?? 0) + 1);
    }
    expect(redone).toBeGreaterThan(draws / 10);
    expect(redone).toBeLessThan(draws - draws / 10);
    for (const t of allowed.slice(0, 6)) {
      const p = probabilities.get(t)! / total;
      const sd = Math.sqrt((p * (1 - p)) / draws);
      // Five standard deviations: a step off the masked distribution fails, a correct one passes.
      expect(Math.abs((counts.get(t) ?? 0) / draws - p), `token ${t}, p ${p.toFixed(3)}`).toBeLessThan(5 * sd + 1e-3);
    }
  }, 300_000);

  it('at temperature 0 draws under the mask at once only where few tokens are allowed; where few are refused it draws as the model does', async () => {
    const prompt = model.tokenize('```bash\npip install ');
    const size = model.vocabulary.bytes.length;
    await model.reset();
    const own = await model.next(prompt, { temperature: 0, seed: 1 });
    const few = [own === 5 ? 6 : 5];
    const most = Array.from({ length: size }, (_, t) => t).filter((t) => t % 20 !== 0);
    for (const [temperature, allowed, applied] of [
      [0, few, true],
      [0, most, false],
      [1, most, false],
    ] as const) {
      await model.reset();
      const mask: MaskRequest = { applied: false };
      const drawn = model.next(prompt, { temperature, seed: 1 }, mask);
      mask.constraint = constraintOf(allowed, size);
      const token = await drawn;
      expect(mask.applied).toBe(applied);
      // The argmax over the allowed tokens: the only one allowed.
      if (applied) expect(token).toBe(few[0]);
    }
    // Many allowed but the model's own token refused: a plain draw and a redo until such refusals
    // are counted under this constraint, then the draw is under the mask at once, to the same token.
    const refusing = constraintOf(
      Array.from({ length: size }, (_, t) => t).filter((t) => t !== own),
      size,
    );
    const draws: Array<[boolean, number]> = [];
    for (let i = 0; i < 2; i++) {
      await model.reset();
      const mask: MaskRequest = { applied: false };
      const drawn = model.next(prompt, { temperature: 0, seed: 1 }, mask);
      mask.constraint = refusing;
      let token = await drawn;
      if (!refusing.has(token)) token = await model.resample(refusing, { temperature: 0, seed: 2 });
      draws.push([mask.applied, token]);
    }
    expect(draws[0]![0]).toBe(false);
    expect(draws[1]![0]).toBe(true);
    expect(draws[1]![1]).toBe(draws[0]![1]);
    expect(draws[1]![1]).not.toBe(own);
  }, 300_000);
});

describe('kept samplers for long bias lists (llama.cpp)', () => {
  let model: LoadedModel;

  beforeAll(async () => {
    // Ban lists past 64 through a kept sampler: two kept, so four constraints in turn evict and reuse them.
    model = await openLlamaModel(syntheticModelPath(), 256, { keptBias: 64, liftLimit: 16 });
  }, 300_000);

  afterAll(async () => {
    await model?.dispose();
  });

  it('a reused kept sampler draws under its new list: every token allowed, the same seed the same token on each visit', async () => {
    await model.reset();
    await model.next(model.tokenize('```bash\npip install '), { temperature: 1, seed: 3 });
    const size = model.vocabulary.bytes.length;
    const constraints = [0, 1, 2, 3].map((k) =>
      constraintOf(
        Array.from({ length: size }, (_, t) => t).filter((t) => t % 4 === k || t % 7 === k),
        size,
      ),
    );
    // Round 0 meets each constraint first (its refusal counted, a plain draw tried once more); later rounds ban through the kept samplers.
    const rounds: number[][] = [];
    for (let round = 0; round < 4; round++) {
      const drawn: number[] = [];
      for (const [i, constraint] of constraints.entries()) {
        const token = await model.resample(constraint, { temperature: 1.5, seed: 100 + i });
        expect(constraint.has(token), `constraint ${i}, round ${round}`).toBe(true);
        drawn.push(token);
      }
      rounds.push(drawn);
    }
    expect(rounds[2]).toEqual(rounds[1]);
    expect(rounds[3]).toEqual(rounds[1]);
  }, 300_000);
});

describe('chat templates (node-llama-cpp)', () => {
  it("puts messages through the model's chat template, ending where the assistant's turn begins", async () => {
    const model = await openLlamaModel(syntheticModelPath(), 256);
    try {
      const content = 'pip install requests';
      const tokens = await model.chatTokens!([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content },
      ]);
      const text = new TextDecoder().decode(joinBytes(model.vocabulary, tokens));
      expect(text).toContain(content);
      expect(text).toContain('Be brief.');
      // The template adds its own framing around the turns.
      expect(tokens.length).toBeGreaterThan(model.tokenize(`Be brief.${content}`).length);
    } finally {
      await model.dispose();
    }
  }, 120_000);
});
