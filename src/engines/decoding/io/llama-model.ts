/**
 * The DecodingModel port over node-llama-cpp 3 (loaded with `import()` only here): CPU prebuilt
 * binaries, one context sequence, token-level control through `controlledEvaluate` (sample the
 * next token with pure temperature sampling — no top-k/top-p truncation, so a refused sample can
 * be redone exactly over the allowed tokens — or read raw logits of chosen tokens). A redo samples
 * again from the logits the position already has (see `resample`), without a second evaluation.
 */
import { GuardError } from '../../../shared/errors.js';
import { type ChatMessage, type DecodingModel, type MaskRequest } from '../generate.js';
import { type TokenConstraint } from '../token-sets.js';
import { readVocabulary, type Vocabulary } from '../token-bytes.js';
import { readGgufFileHeader } from './gguf-file.js';
import { type DrawCosts, type DrawKind } from './draw-costs.js';
import { alignWithRuntime, firstAllowed, nativeAccess, type NativeAccess, type NativeSampler } from './llama-native.js';
import { DrawStats, type DrawPhase } from './draw-stats.js';
import { templatedChatTokens } from './llama-chat.js';
import { sharedLlama } from './llama-runtime.js';
import { RedoDraws, seedOf } from './redo-draws.js';
import { type KindWeights, REFUSAL_SHARE, RefusalCounts, WARM_REFUSAL_SHARE } from './refusal-counts.js';

import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel, Token } from './llama-types.js';

export interface LoadedModel extends DecodingModel {
  readonly path: string;
  /** The native draws taken so far, by way and phase, with their time (for benches). */
  readonly draws: DrawStats;
  /** How much a constraint's kind weighs against its own refusal counts (see `KIND_WEIGHTS`; a tuning knob for benches). */
  kindWeights: KindWeights;
  dispose(): Promise<void>;
}

/**
 * Opens a GGUF model for decoding with a context of `contextSize` tokens. The header is checked
 * first (MODEL_UNAVAILABLE with what was wrong); llama.cpp failures are wrapped likewise.
 */
export async function openLlamaModel(
  path: string,
  contextSize: number,
  options: {
    initialShift?: number;
    threads?: number;
    keptBias?: number;
    liftLimit?: number;
    directShare?: number;
    kindWeights?: KindWeights;
    /** Records what each kind of step costs (a benchmark's instrument). */
    costs?: DrawCosts;
  } = {},
): Promise<LoadedModel> {
  const header = readGgufFileHeader(path);
  const vocabulary = readVocabulary(header.metadata, `model file ${path}`);
  let llama: Llama;
  let model: LlamaModel;
  try {
    llama = await sharedLlama();
    model = await llama.loadModel({ modelPath: path, gpuLayers: 0 });
  } catch (error) {
    throw new GuardError('MODEL_UNAVAILABLE', `llama.cpp could not load ${path}: ${(error as Error).message}`, {
      hint: 'check that the file is a complete GGUF model of an architecture llama.cpp supports',
      cause: error,
    });
  }
  if (model.tokens.bos === null && vocabulary.bytes.length === 0) {
    await model.dispose();
    throw new GuardError('MODEL_UNAVAILABLE', `${path} has an empty vocabulary`);
  }
  alignWithRuntime(vocabulary, model);
  const size = Math.max(64, Math.min(contextSize, model.trainContextSize || contextSize));
  const context = await model.createContext({ contextSize: size, sequences: 1, threads: options.threads ?? 2 });
  const decoding = new LlamaDecodingModel(path, vocabulary, model, context, context.getSequence(), nativeAccess(llama, model, context));
  if (options.initialShift !== undefined) decoding.shift = options.initialShift;
  if (options.keptBias !== undefined) decoding.keptBias = options.keptBias;
  if (options.liftLimit !== undefined) decoding.liftLimit = options.liftLimit;
  if (options.directShare !== undefined) decoding.directShare = options.directShare;
  if (options.kindWeights !== undefined) decoding.kindWeights = options.kindWeights;
  decoding.costs = options.costs;
  return decoding;
}

/** Lifts start here: far above the spread of any model's logits, small enough to keep float32 rounding negligible. */
const INITIAL_SHIFT = 64;
/** Past this lift, float32 rounding of the shifted logits would pass 1e-4: ban instead. */
const MAX_SHIFT = 1024;
/** At a temperature, lift at most this many tokens (llama.cpp hands the kept candidates back to be verified). */
const LIFT_LIMIT = 4096;
/** Bias lists longer than this go through a kept sampler (see `sampleBanned`). */
const KEPT_BIAS = 16_384;
/** At temperature 0 the step draws under the mask at once only where at most 1/DIRECT_SHARE of the vocabulary is allowed. */
const DIRECT_SHARE = 8;
/**
 * At a temperature, where more than 1/OPEN_LIFT_SHARE of the vocabulary is allowed the allowed tokens are lifted
 * over the whole vocabulary (a draw over every token: about 9 ns each) rather than kept as the top k and handed
 * back to be verified (about 0.2 µs each).
 */
const OPEN_LIFT_SHARE = 24;
/**
 * The open lift is this many temperature units: the refused tokens keep e^−20 of their weight (a draw refused about
 * once in 10^8 where they hold as much mass as the allowed ones), and no weight falls to float32's subnormal range,
 * where llama.cpp's softmax over the whole vocabulary runs several times slower (a lift of 64 at temperature 0.7
 * costs 1.7× a plain draw).
 */
const OPEN_LIFT_SPAN = 20;
/** Seeds of the open lift's draw: apart from the step's own, so a ban after a refused open draw is independent of it. */
const OPEN_LIFT_SEED = 0x85ebca6b;
/** Token probabilities are read over this many likeliest tokens. */
const PROBE_TOP_K = 64;

/** Pure temperature sampling: null removes llama.cpp's top-k / top-p stages (exact masked redo). */
function samplingOptions(sampling: { temperature: number; seed: number }) {
  return {
    temperature: sampling.temperature,
    seed: sampling.seed,
    topK: null as unknown as number,
    topP: null as unknown as number,
    minP: 0,
  };
}

class LlamaDecodingModel implements LoadedModel {
  private last = -1;
  /** The batch logit index `next` last sampled at (llama.cpp keeps those logits until the next decode). */
  private logitIndex = -1;
  /** The context length when `next` sampled: a redo is valid only while nothing else was evaluated. */
  private sampledAt = -1;
  /** The lift for few allowed tokens; grows (×16) whenever a lift proves too small. */
  shift = INITIAL_SHIFT;
  /** Bias lists longer than this go through a kept sampler (see `sampleBanned`). */
  keptBias = KEPT_BIAS;
  /** At a temperature, lift at most this many tokens. */
  liftLimit = LIFT_LIMIT;
  /** At temperature 0 the step draws under the mask at once only where at most 1/directShare of the vocabulary is allowed (0: never). */
  directShare = DIRECT_SHARE;
  /** The generation's evaluation: one native sampler for all its tokens (a sampler per token would hold a vocabulary-sized buffer each until collected). */
  private running: { steps: AsyncGenerator<{ token?: number }, void, void | Token | Token[]>; temperature: number } | undefined;
  private probe: NativeSampler | undefined;
  /** The step's constraint while `next` evaluates; read when the runtime samples. */
  private mask: { request: MaskRequest; sampling: { temperature: number; seed: number } } | undefined;
  /** Per constraint: plain draws taken under it and how many the monitor refused (counted by `resample`). */
  private readonly refusals = new RefusalCounts();
  /** The context's own native sampling call (the property is shadowed below). */
  private readonly rawSample: NativeAccess['context']['sampleToken'];
  /** The redo sampler and bias lists' value arrays. */
  private readonly redoDraws: RedoDraws;
  readonly draws = new DrawStats();
  /** Which draw the native calls serve now (the step's first, or a redo). */
  private phase: DrawPhase = 'first';
  /** Records each kind of step's CPU time when set (see `DrawCosts`). */
  costs: DrawCosts | undefined;

  constructor(
    readonly path: string,
    readonly vocabulary: Vocabulary,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly sequence: LlamaContextSequence,
    private readonly native: NativeAccess,
  ) {
    // Record the batch logit index of every native sample the evaluation takes, so `resample` can
    // sample again from the same logits; draw under the step's constraint where that is cheaper.
    const sampleToken = native.context.sampleToken.bind(native.context) as (...args: unknown[]) => Promise<number>;
    this.rawSample = sampleToken as NativeAccess['context']['sampleToken'];
    this.redoDraws = new RedoDraws(
      native,
      this.rawSample,
      () => this.logitIndex,
      vocabulary.bytes.length,
      (way, draw, t0) => this.draws.timed(this.phase, way, draw, t0),
    );
    // (The addon's methods are read-only on its prototype: shadow with an own property.)
    Object.defineProperty(native.context, 'sampleToken', {
      configurable: true,
      value: (...args: unknown[]) => {
        this.logitIndex = args[0] as number;
        const mask = this.mask;
        this.mask = undefined;
        const constraint = mask?.request.constraint;
        let kind: DrawKind = 'plain';
        this.phase = 'first';
        const plain = (): Promise<number> => this.draws.timed('first', 'plain', sampleToken(...args));
        const draw = (): Promise<number> => {
          const first = mask && constraint && args.length === 2 ? this.firstDraw(constraint, mask.sampling) : undefined;
          if (!first) return plain();
          return first.then((token) => {
            if (token === undefined) return plain();
            mask!.request.applied = true;
            kind = 'first';
            return token;
          });
        };
        return this.costs && args.length === 2 ? this.costs.time(() => kind, draw) : draw();
      },
    });
  }

  tokenize(text: string): number[] {
    const tokens = this.model.tokenize(text, false) as number[];
    const bos = this.model.tokens.bos;
    return bos !== null && this.model.tokens.shouldPrependBosToken ? [bos, ...tokens] : tokens;
  }

  /** The chat through the template the GGUF carries (or the one node-llama-cpp recognises for the model), up to the assistant's turn. */
  chatTokens(messages: readonly ChatMessage[]): Promise<number[]> {
    return templatedChatTokens(this.model, messages);
  }

  get kindWeights(): KindWeights {
    return this.refusals.weights;
  }

  set kindWeights(weights: KindWeights) {
    this.refusals.weights = { ...weights };
  }

  async reset(): Promise<void> {
    await this.stopRunning();
    await this.sequence.clearHistory();
    this.refusals.forgetWarm();
    this.last = -1;
    this.logitIndex = -1;
    this.sampledAt = -1;
  }

  /**
   * Appends `tokens` and samples the next token. A generation runs as one node-llama-cpp evaluation
   * (one native sampler, its seed the first step's): each call hands it the tokens to read next.
   */
  async next(tokens: number[], sampling: { temperature: number; seed: number }, mask?: MaskRequest): Promise<number> {
    return this.costs
      ? this.costs.time('next', () => this.evaluateNext(tokens, sampling, mask))
      : this.evaluateNext(tokens, sampling, mask);
  }

  private async evaluateNext(tokens: number[], sampling: { temperature: number; seed: number }, mask?: MaskRequest): Promise<number> {
    if (tokens.length === 0) throw new GuardError('INPUT_INVALID', 'the prompt is empty after tokenisation');
    if (this.sequence.nextTokenIndex + tokens.length >= this.sequence.contextSize) {
      throw new GuardError('INPUT_INVALID', `prompt and output exceed the model's context of ${this.sequence.contextSize} tokens`, {
        hint: 'shorten the prompt or lower max_tokens',
      });
    }
    let step: IteratorResult<{ token?: number }, void>;
    this.mask = mask ? { request: mask, sampling } : undefined;
    if (this.running && this.running.temperature === sampling.temperature) {
      step = await this.running.steps.next(tokens.length === 1 ? (tokens[0] as Token) : (tokens as Token[]));
    } else {
      await this.stopRunning();
      const steps = this.sequence.evaluateWithMetadata(
        tokens as Token[],
        {},
        { ...samplingOptions(sampling), yieldEogToken: true },
      ) as unknown as AsyncGenerator<{ token?: number }, void, void | Token | Token[]>;
      this.running = { steps, temperature: sampling.temperature };
      step = await steps.next();
    }
    this.mask = undefined;
    const next = step.done ? undefined : step.value.token;
    if (next === undefined || next === null) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
    this.last = tokens[tokens.length - 1]!;
    this.sampledAt = this.sequence.nextTokenIndex;
    return next;
  }

  private async stopRunning(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await running.steps.return(undefined);
  }

  /**
   * Samples again from the logits `next` left in the context (no second forward pass): llama.cpp
   * keeps the last batch's output logits until the next decode, so a native sampler over them
   * draws from exactly the distribution `next` drew from, restricted to the allowed tokens.
   * node-llama-cpp 3 has no public call for this; the internals used (the context's native
   * `sampleToken`, `AddonSampler`) are checked when the model opens.
   *
   * Two exact ways, the cheaper taken (sampling over the whole vocabulary costs more than the rest):
   * - few allowed tokens: lift them by a constant (so they lead every refused token) and keep the
   *   top k = |allowed| before sampling. A constant shift leaves their relative probabilities as
   *   they were (up to float32 rounding of the shifted logit: below 2^-17·shift/64 per temperature
   *   unit); the lift is verified each time — the candidates llama.cpp kept must all be allowed (at
   *   temperature 0, the argmax must be) — and when it is not, the shift grows and the step is
   *   redone the other way.
   * - at temperature 0 with many allowed: the first allowed among the 64 likeliest tokens (one
   *   partial sort through a sampler whose settings never change; see `greedyFromTop`).
   * - otherwise ban every refused token (logit bias -inf).
   */
  async resample(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number> {
    return this.costs ? this.costs.time('redo', () => this.redoStep(constraint, sampling)) : this.redoStep(constraint, sampling);
  }

  private async redoStep(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number> {
    if (this.last < 0 || this.logitIndex < 0 || this.sampledAt !== this.sequence.nextTokenIndex) {
      throw new GuardError('INTERNAL', 'resample must follow next directly (the logits it samples from are gone)');
    }
    const greedy = sampling.temperature <= 0;
    this.phase = 'redo';
    this.refusals.refused(constraint, greedy);
    const allowed = constraint.allowedCount;
    // At a temperature the open lift is tried once (its draw has its own seed), where it is cheaper than the
    // top-k lift (see `OPEN_LIFT_SHARE`) or its list is the shorter side.
    const opens =
      !greedy && this.shift <= MAX_SHIFT && (allowed <= this.liftLimit ? this.liftsOpenly(constraint) : allowed < constraint.refusedCount);
    if (opens) {
      const lifted = await this.sampleLiftedOpenly(constraint, sampling);
      if (lifted !== undefined) return lifted;
    } else if (
      this.shift <= MAX_SHIFT &&
      (greedy ? allowed <= Math.min(constraint.refusedCount, this.keptBias) : allowed <= this.liftLimit)
    ) {
      const lifted = await this.sampleLifted(constraint, sampling, greedy);
      if (lifted !== undefined) return lifted;
      this.shift *= 16;
    }
    if (greedy) {
      const top = await this.greedyFromTop(constraint);
      if (top !== undefined) return top;
    }
    if (greedy && this.shift <= MAX_SHIFT && allowed <= constraint.refusedCount) {
      // Both sides large: the argmax with the allowed ones lifted, through a kept sampler.
      const lifted = await this.redoDraws.kept(constraint, sampling, 'lift', this.shift);
      if (constraint.has(lifted)) return lifted;
      this.shift *= 16;
    }
    if (
      !greedy &&
      !opens &&
      constraint.refusedCount > this.keptBias &&
      this.refusals.rarelyRefused(constraint, false, WARM_REFUSAL_SHARE)
    ) {
      // Rejection once more where plain draws under this constraint are rarely refused: a plain draw from
      // the same logits with fresh randomness, kept where allowed (exact: any allowed draw of it has the
      // masked distribution); a ban over a long list met rarely rebuilds a kept sampler (about twice a plain draw).
      const again = await this.redoDraws.sample(
        { temperature: sampling.temperature, minP: 0, seed: (seedOf(sampling) ^ 0x9e3779b9) >>> 0 },
        'again',
      );
      if (constraint.has(again)) return again;
    }
    const token = await this.sampleBanned(constraint, sampling);
    if (!constraint.has(token)) throw new GuardError('INTERNAL', `llama.cpp sampled token ${token}, which was banned`);
    return token;
  }

  /**
   * The step's draw from the allowed tokens directly, in place of the full draw a refusal would
   * waste (a redo is a second native call: under load it waits for a thread as long as the draw).
   * Where few tokens are allowed (inside names; at a temperature up to `liftLimit`, at temperature
   * 0 up to 1/`directShare` of the vocabulary), always: at a temperature the few allowed tokens
   * are lifted and kept as the top k (cheaper than the full draw), at temperature 0 the refused
   * tokens are banned (logit −∞) or, where the refused list is long and the allowed one short, the
   * allowed ones lifted and the argmax checked (a lift too small draws as usual). At a temperature
   * where more are allowed, the refused ones are banned (through a kept sampler where they are
   * many) only once at least 1 in 4 plain draws under this constraint was refused (see
   * `WARM_REFUSAL_SHARE`: the refused share is the refused tokens' probability mass, which per
   * constraint is mostly near 0 or far above it). At temperature 0 where many are allowed (between arguments: a constraint met
   * again and again), only once plain draws under this constraint have been refused often (see
   * `REFUSAL_SHARE`); there, and where both sides are long, the argmax is read from the 64 likeliest
   * tokens (a ban over a long list costs about twice a plain draw, this a third more), the refused
   * tokens banned only where none of those is allowed.
   * At temperature 0 a ban leaves the argmax exactly the model's own wherever that is allowed, so
   * text stays token-identical until the model's own choice is refused. Undefined (draw as usual,
   * check, redo on refusal) otherwise.
   */
  private firstDraw(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number | undefined> | undefined {
    if (constraint.allowedCount === 0 || constraint.refusedCount === 0) return undefined;
    if (sampling.temperature <= 0) {
      if (this.directShare <= 0) return undefined;
      if (constraint.allowedCount * this.directShare > this.vocabulary.bytes.length) return this.maskedIfOftenRefused(constraint, sampling);
      if (constraint.refusedCount <= this.keptBias) return this.sampleBanned(constraint, sampling);
      if (constraint.allowedCount <= this.keptBias && this.shift <= MAX_SHIFT) return this.sampleLifted(constraint, sampling, true);
      return this.greedyMasked(constraint, sampling);
    }
    if (constraint.allowedCount <= this.liftLimit && this.shift <= MAX_SHIFT) {
      return this.liftsOpenly(constraint) ? this.liftedOrBanned(constraint, sampling) : this.sampleLifted(constraint, sampling, false);
    }
    if (!this.refusals.oftenRefused(constraint, false, WARM_REFUSAL_SHARE)) return undefined;
    return constraint.allowedCount < constraint.refusedCount && this.shift <= MAX_SHIFT
      ? this.liftedOrBanned(constraint, sampling)
      : this.sampleBanned(constraint, sampling);
  }

  /** At a temperature: whether the allowed tokens are lifted over the whole vocabulary rather than kept as the top k (see `OPEN_LIFT_SHARE`). */
  private liftsOpenly(constraint: TokenConstraint): boolean {
    return constraint.allowedCount * OPEN_LIFT_SHARE > this.vocabulary.bytes.length;
  }

  /** The open lift's draw, or where it came out refused (rarely), a draw with the refused tokens banned. */
  private async liftedOrBanned(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number> {
    return (await this.sampleLiftedOpenly(constraint, sampling)) ?? this.sampleBanned(constraint, sampling);
  }

  /**
   * At a temperature, a draw over the whole vocabulary with the allowed tokens lifted (by
   * `OPEN_LIFT_SPAN` temperature units at most) and nothing cut, kept where it is allowed: rejection sampling, exact whatever the logits (a
   * constant shift leaves the allowed tokens' relative probabilities as they were, up to float32
   * rounding as for every lift), with no candidates handed back to verify; the refused tokens keep
   * e^−20 of their weight, so the draw is nearly always allowed. Its seed is
   * apart from the step's, so the ban that follows a refused one is independent of it. The list
   * (one per allowed token, short where this is taken: fewer allowed than refused, or a small
   * vocabulary) goes through a kept sampler where it is long. Undefined where the draw was refused.
   */
  private async sampleLiftedOpenly(
    constraint: TokenConstraint,
    sampling: { temperature: number; seed: number },
  ): Promise<number | undefined> {
    const apart = { temperature: sampling.temperature, seed: (seedOf(sampling) ^ OPEN_LIFT_SEED) >>> 0 };
    const shift = Math.min(this.shift, OPEN_LIFT_SPAN * sampling.temperature);
    const token =
      constraint.allowedCount > this.keptBias
        ? await this.redoDraws.kept(constraint, apart, 'lift', shift)
        : await this.redoDraws.sample({ ...apart, minP: 0, ...this.redoDraws.biasFor(constraint.allowed(), shift) }, 'lift');
    return constraint.has(token) ? token : undefined;
  }

  /** The masked argmax where plain draws under `constraint` were often refused; else undefined (a plain draw, counted). */
  private maskedIfOftenRefused(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number> | undefined {
    return this.refusals.oftenRefused(constraint, true, REFUSAL_SHARE) ? this.greedyMasked(constraint, sampling) : undefined;
  }

  /**
   * The model's probability for `token` at the last sampled position (temperature 1, no mask),
   * renormalised over its 64 likeliest tokens (0 outside them): exact llama.cpp needs a
   * sort of the whole vocabulary for it (about 12 ms for 151k tokens), this a partial one (0.2 ms).
   * The kept tokens carry nearly all the mass where a trained model is sure, which is what the
   * API-invocation confidence asks.
   */
  async probability(token: number): Promise<number> {
    if (this.logitIndex < 0 || this.sampledAt !== this.sequence.nextTokenIndex) {
      throw new GuardError('INTERNAL', 'probability must follow next directly (the logits it reads are gone)');
    }
    const candidates = await this.likeliest();
    for (let i = 0; i < candidates.length; i += 2) if (candidates[i] === token) return candidates[i + 1]!;
    return 0;
  }

  /** The argmax over the allowed tokens: from the likeliest tokens where one of them is allowed, else with the refused ones banned. */
  private async greedyMasked(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number> {
    return (await this.greedyFromTop(constraint)) ?? this.sampleBanned(constraint, sampling);
  }

  /**
   * The argmax over the allowed tokens read from the model's 64 likeliest (one reused sampler whose
   * settings never change, so nothing native is rebuilt; a partial sort instead of a bias over a
   * long list): the first allowed one in logit order, on a tie the lowest id, as llama.cpp's greedy
   * draw over the masked logits picks. Undefined where none of them is allowed.
   */
  private async greedyFromTop(constraint: TokenConstraint): Promise<number | undefined> {
    return firstAllowed(await this.likeliest(), constraint);
  }

  /** The 64 likeliest tokens at the last sampled position with their probabilities (temperature 1, renormalised over them), most likely first. */
  private async likeliest(): Promise<number[]> {
    this.probe ??= new this.native.AddonSampler(this.native.model);
    this.probe.applyConfig({ temperature: 1, topK: PROBE_TOP_K, minP: 0, seed: 1 });
    const result = await this.draws.timed(this.phase, 'top', this.rawSample(this.logitIndex, this.probe, true));
    return Array.isArray(result) ? (result[1] ?? []) : [];
  }

  /** The lifted way; undefined when the shift proved too small for these logits. */
  private async sampleLifted(
    constraint: TokenConstraint,
    sampling: { temperature: number; seed: number },
    greedy: boolean,
  ): Promise<number | undefined> {
    const list = constraint.allowed();
    const config = { temperature: sampling.temperature, minP: 0, seed: seedOf(sampling), ...this.redoDraws.biasFor(list, this.shift) };
    if (greedy) {
      const token = await this.redoDraws.sample(config, 'lift');
      return constraint.has(token) ? token : undefined;
    }
    const [token, candidates] = await this.redoDraws.sampleWithCandidates({ ...config, topK: list.length });
    if (candidates.length !== list.length * 2) return undefined;
    for (let i = 0; i < candidates.length; i += 2) if (!constraint.has(candidates[i]!)) return undefined;
    return token;
  }

  /**
   * Every refused token banned. A large ban list is kept with its own native sampler (a few, by
   * constraint): the next step under the same constraint, which the states at the start of a name
   * share, only has its list compared, not copied and rebuilt.
   */
  private async sampleBanned(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number> {
    const seed = seedOf(sampling);
    if (constraint.refusedCount <= this.keptBias) {
      const ban = this.redoDraws.biasFor(constraint.refused(), -Infinity);
      return this.redoDraws.sample({ temperature: sampling.temperature, minP: 0, seed, ...ban }, 'ban');
    }
    return this.redoDraws.kept(constraint, sampling, 'ban');
  }

  async dispose(): Promise<void> {
    await this.stopRunning();
    this.redoDraws.dispose();
    this.probe?.dispose();
    this.probe = undefined;
    await this.context.dispose();
    await this.model.dispose();
  }
}
