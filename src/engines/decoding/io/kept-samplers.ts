/**
 * Native samplers kept with the long bias lists of recent constraints (per way: the refused tokens
 * banned, or the allowed ones lifted), most recently used last: a repeat under the same constraint
 * only has its list compared by the addon, not copied and rebuilt. On eviction the oldest kept
 * sampler and its list buffer are reused (a new sampler costs a vocabulary-sized native
 * allocation, a new list a large one for the collector), so a draw allocates nothing large.
 */
import { bitsToListInto, type TokenConstraint } from '../token-sets.js';
import type { KeptSampler, NativeSampler } from './llama-native.js';

/** Native samplers kept per way with the long lists of recent constraints (each holds its list). */
const KEPT_SAMPLERS = 2;

export type KeptWay = 'ban' | 'lift';

export class KeptSamplers {
  /** Lists built into a sampler so far (a constraint not among the kept ones); the rest only compared. */
  rebuilt = 0;
  private readonly byWay = { ban: new Map<TokenConstraint, KeptSampler>(), lift: new Map<TokenConstraint, KeptSampler>() };

  constructor(
    private readonly create: () => NativeSampler,
    private readonly vocabularySize: number,
  ) {}

  /**
   * The kept sampler of `constraint` for `way`, configured with `config` and the list's bias
   * (`bias` turns the list into the addon's arrays). The same seed again draws the same: the
   * native sampler keeps its random state while the seed is unchanged, so it is restarted.
   */
  configured(
    constraint: TokenConstraint,
    way: KeptWay,
    config: { temperature: number; minP: number; seed: number },
    bias: (tokens: Int32Array) => Record<string, unknown>,
  ): NativeSampler {
    const samplers = this.byWay[way];
    let kept = samplers.get(constraint);
    if (kept) samplers.delete(constraint);
    else {
      let reused: KeptSampler | undefined;
      if (samplers.size >= KEPT_SAMPLERS) {
        const [oldest, value] = samplers.entries().next().value as [TokenConstraint, KeptSampler];
        reused = value;
        samplers.delete(oldest);
      }
      this.rebuilt++;
      const buffer = reused?.buffer ?? new Int32Array(this.vocabularySize);
      const length = bitsToListInto(constraint.mask, constraint.size, way === 'ban' ? 0 : 1, buffer);
      kept = { sampler: reused?.sampler ?? this.create(), buffer, tokens: buffer.subarray(0, length), seed: -1 };
    }
    samplers.set(constraint, kept);
    const full = { ...config, ...bias(kept.tokens) };
    if (config.seed === kept.seed) kept.sampler.applyConfig({ ...full, seed: (config.seed + 1) >>> 0 });
    kept.sampler.applyConfig(full);
    kept.seed = config.seed;
    return kept.sampler;
  }

  dispose(): void {
    for (const samplers of [this.byWay.ban, this.byWay.lift]) {
      for (const { sampler } of samplers.values()) sampler.dispose();
      samplers.clear();
    }
  }
}
