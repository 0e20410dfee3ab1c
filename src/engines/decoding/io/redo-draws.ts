/**
 * The llama.cpp adapter's draws again from logits a position already has: one native sampler for
 * every redo and lift (its settings replaced each time), the samplers kept with long bias lists
 * (`kept-samplers.ts`), and the value arrays of bias lists (views, no copy per draw).
 */
import { GuardError } from '../../../shared/errors.js';
import { type TokenConstraint } from '../token-sets.js';
import { type DrawWay } from './draw-stats.js';
import { KeptSamplers, type KeptWay } from './kept-samplers.js';
import type { NativeAccess, NativeSampler } from './llama-native.js';

/** A step's seed as the native sampler takes it (an unsigned 32-bit integer). */
export function seedOf(sampling: { seed: number }): number {
  return Math.max(0, Math.floor(sampling.seed)) >>> 0;
}

export class RedoDraws {
  private redo: NativeSampler | undefined;
  private redoSeed = -1;
  /** Bias value arrays by value (-inf for bans, the shift for lifts). */
  private readonly biasValues = new Map<number, Float32Array>();
  /** Samplers holding a large constraint's ban or lift list, most recently used last (a repeat compares, does not rebuild). */
  private readonly keptSamplers: KeptSamplers;

  constructor(
    private readonly native: NativeAccess,
    private readonly rawSample: NativeAccess['context']['sampleToken'],
    /** The batch logit index the position's logits are at. */
    private readonly logitIndex: () => number,
    vocabularySize: number,
    /** Times each native draw by way (the adapter's `DrawStats`). */
    private readonly timed: <T>(way: DrawWay, draw: Promise<T>, t0: number) => Promise<T> = (_way, draw) => draw,
  ) {
    this.keptSamplers = new KeptSamplers(() => new native.AddonSampler(native.model), vocabularySize);
  }

  /** A draw through the kept sampler of `constraint` that bans its refused tokens or lifts its allowed ones by `shift`. */
  async kept(constraint: TokenConstraint, sampling: { temperature: number; seed: number }, way: KeptWay, shift = 0): Promise<number> {
    const value = way === 'ban' ? -Infinity : shift;
    const config = { temperature: sampling.temperature, minP: 0, seed: seedOf(sampling) };
    const rebuilt = this.keptSamplers.rebuilt;
    const t0 = performance.now();
    const sampler = this.keptSamplers.configured(constraint, way, config, (tokens) => this.biasFor(tokens, value));
    const next = await this.timed(
      this.keptSamplers.rebuilt > rebuilt ? 'kept-rebuilt' : 'kept',
      this.rawSample(this.logitIndex(), sampler),
      t0,
    );
    if (typeof next !== 'number' || next < 0) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
    return next;
  }

  /** A draw from the position's logits through the redo sampler configured with `config`. */
  async sample(config: Record<string, unknown>, way: DrawWay): Promise<number> {
    const t0 = performance.now();
    const sampler = this.samplerFor(config);
    const next = await this.timed(way, this.rawSample(this.logitIndex(), sampler), t0);
    if (typeof next !== 'number' || next < 0) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
    return next;
  }

  /** As `sample`, with the candidates the chain kept (id, probability pairs, most likely first). */
  async sampleWithCandidates(config: Record<string, unknown>): Promise<[number, number[]]> {
    const t0 = performance.now();
    const sampler = this.samplerFor(config);
    const result = await this.timed('lift', this.rawSample(this.logitIndex(), sampler, true), t0);
    const [next, candidates] = Array.isArray(result) ? result : [result, undefined];
    if (typeof next !== 'number' || next < 0) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
    return [next, candidates ?? []];
  }

  /** One native sampler for every redo (a fresh one costs a vocabulary-sized allocation); its settings are replaced each time. */
  private samplerFor(config: Record<string, unknown>): NativeSampler {
    this.redo ??= new this.native.AddonSampler(this.native.model);
    // The native sampler keeps its random state while the seed is unchanged; a redo with the
    // same seed must draw the same, so restart the state by passing through another seed.
    if (config.seed === this.redoSeed) this.redo.applyConfig({ ...config, seed: (config.seed + 1) >>> 0 });
    this.redo.applyConfig(config);
    this.redoSeed = config.seed as number;
    return this.redo;
  }

  /** `tokens` with one bias value each, as the native sampler's arrays (views, no copy). */
  biasFor(tokens: Int32Array, value: number): { tokenBiasKeys: Uint32Array; tokenBiasValues: Float32Array } {
    let values = this.biasValues.get(value);
    if (!values || values.length < tokens.length) {
      // One array per value in use (the open lift's follows the temperature): bounded.
      if (this.biasValues.size >= 8) this.biasValues.clear();
      values = new Float32Array(Math.max(tokens.length, 1024)).fill(value);
      this.biasValues.set(value, values);
    }
    return {
      tokenBiasKeys: new Uint32Array(tokens.buffer, tokens.byteOffset, tokens.length),
      tokenBiasValues: values.subarray(0, tokens.length),
    };
  }

  dispose(): void {
    this.redo?.dispose();
    this.redo = undefined;
    this.keptSamplers.dispose();
  }
}
