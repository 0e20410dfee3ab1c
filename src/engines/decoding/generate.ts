/**
 * The monitored decoding loop over a model port. Each step the model samples from its full
 * distribution; when the monitor refuses that token, the step is redone with every refused token
 * banned (logit -inf), so the redo samples from the masked distribution. Keeping an allowed sample
 * as is draws exactly from the masked distribution too, and costs nothing; greedy decoding equals
 * argmax over the masked logits. End-of-generation tokens go through the same check, so generation
 * never stops inside a name. When the token budget runs out inside a name or tail, the output is
 * cut back to the last token boundary where it was whole.
 */
import { GuardError } from '../../shared/errors.js';
import { type ParserState, feedBytes } from './context-parser.js';
import { type PackageIntervenor, stateAfter } from './intervenor.js';
import { stepSeed } from './random.js';
import { type Vocabulary } from './token-bytes.js';
import { type TokenConstraint } from './token-sets.js';
import { type NameWalker } from './context-parser.js';

/** One turn of a chat. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What the decoder needs from a model runtime (node-llama-cpp in io/, fakes in tests). */
export interface DecodingModel {
  readonly vocabulary: Vocabulary;
  /** The prompt's tokens as the model reads them (with BOS where the model wants one). */
  tokenize(text: string): number[];
  /**
   * The tokens of `messages` through the model's own chat template, ending where the assistant's
   * next turn begins (absent for runtimes without chat templates).
   */
  chatTokens?(messages: readonly ChatMessage[]): Promise<number[]>;
  /** Clears the context for a new generation. */
  reset(): Promise<void>;
  /**
   * Appends `tokens` to the context and samples the next token from the full distribution. With
   * `mask`, a runtime may instead draw from the allowed tokens of `mask.constraint` directly when
   * that is cheaper than a full draw (it sets `mask.applied`); the caller fills `mask.constraint`
   * after this call returns its promise, while the runtime evaluates, so it is read only when the
   * runtime samples.
   */
  next(tokens: number[], sampling: { temperature: number; seed: number }, mask?: MaskRequest): Promise<number>;
  /**
   * Samples again at the position `next` last sampled at, from the model's distribution restricted
   * to the tokens `constraint` allows (end-of-generation ones included): every other token as if
   * its logit were -inf.
   */
  resample(constraint: TokenConstraint, sampling: { temperature: number; seed: number }): Promise<number>;
  /**
   * The model's own probability (temperature 1, no mask) for `token` at the position `next` last
   * sampled at; runtimes may renormalise over the likeliest tokens and give 0 outside them.
   */
  probability?(token: number): Promise<number>;
}

/** The step's constraint handed to the runtime while it evaluates (see `DecodingModel.next`). */
export interface MaskRequest {
  constraint?: TokenConstraint;
  /** Set by the runtime when its draw was from the allowed tokens only. */
  applied: boolean;
}

export interface GenerateRequest {
  /** The text before the output as the monitor reads it (the assistant's turn so far, for a chat). */
  prompt: string;
  /** The model's input when it is not `prompt` itself (a chat template's tokens). */
  promptTokens?: number[];
  maxTokens: number;
  temperature: number;
  seed: number;
  /** Monitor off: the same loop without checks (for comparison). */
  intervenor?: PackageIntervenor;
  /** Walker used to track zones when unmonitored (names then are not constrained). */
  walker: NameWalker;
  /** Records each emitted token's probability under the model (API-invocation confidence, DAG++). */
  measureProbability?: boolean;
  now?: () => number;
}

export interface GenerateStep {
  token: number;
  /**
   * The monitor chose among the allowed tokens: the model's own sample was refused and replaced,
   * or (temperature above 0, few tokens allowed) the token was drawn from the allowed ones directly.
   */
  intervened: boolean;
  /** The parser was inside an install command's arguments before this token. */
  constrainable: boolean;
  /** The model's probability for the token (when measured). */
  probability?: number;
  /** Time the monitor took in this step (mask and check, the redo's sampling excluded), when on. */
  monitorMs?: number;
  /** The step built a mask no cache held (its time is most of `monitorMs` when it did). */
  coldMask?: boolean;
}

export interface GenerateResult {
  tokens: number[];
  bytes: Uint8Array;
  steps: GenerateStep[];
  interventions: number;
  /** Time spent checking tokens and building masks. */
  maskMs: number;
  /** Time spent sampling refused steps again (inside the model runtime). */
  redoMs: number;
  totalMs: number;
  /** Why generation stopped. */
  stop: 'eog' | 'max_tokens';
  /** Tokens dropped at the end because the budget ran out inside a name. */
  trimmed: number;
}

const encoder = new TextEncoder();

/** Runs one generation. */
export async function generate(model: DecodingModel, request: GenerateRequest): Promise<GenerateResult> {
  const now = request.now ?? (() => performance.now());
  const started = now();
  const { intervenor } = request;
  const walker = intervenor?.walker ?? request.walker;
  const probabilityOf = request.measureProbability ? model.probability?.bind(model) : undefined;
  if (request.measureProbability && !probabilityOf) {
    throw new GuardError(
      'MODEL_UNAVAILABLE',
      'this model runtime cannot report token probabilities (needed for API-invocation confidence)',
    );
  }
  let state: ParserState = stateAfter(encoder.encode(request.prompt), walker);
  await model.reset();
  let input = request.promptTokens ?? model.tokenize(request.prompt);
  const tokens: number[] = [];
  const steps: GenerateStep[] = [];
  let interventions = 0;
  let maskMs = 0;
  let redoMs = 0;
  let safeLength = 0;
  let stop: GenerateResult['stop'] = 'max_tokens';
  for (let step = 0; step < request.maxTokens; step++) {
    const maskBefore = maskMs;
    const builtBefore = intervenor?.built ?? 0;
    const mask: MaskRequest | undefined = intervenor ? { applied: false } : undefined;
    const sampled = model.next(input, { temperature: request.temperature, seed: stepSeed(request.seed, step) }, mask);
    const constrainable = state.constrainable;
    // While the runtime evaluates (off this thread), the step's mask is made ready: the runtime may
    // draw under it at once, a refusal costs no mask building, and the first mask of a process is
    // built before the first token.
    if (intervenor && mask && constrainable) {
      const t0 = now();
      mask.constraint = intervenor.constraint(state);
      maskMs += now() - t0;
    }
    let token = await sampled;
    let intervened = mask?.applied === true;
    if (intervened) interventions++;
    if (intervenor) {
      const t0 = now();
      let next = intervenor.tryToken(state, token);
      if (next === undefined) {
        const constraint = intervenor.constraint(state);
        if (constraint.allowedCount === 0) {
          throw new GuardError('INTERNAL', 'the package monitor allows no token here; the vocabulary lacks single-byte tokens');
        }
        const t1 = now();
        maskMs += t1 - t0;
        token = await model.resample(constraint, { temperature: request.temperature, seed: stepSeed(request.seed ^ 0x5bd1e995, step) });
        const t2 = now();
        redoMs += t2 - t1;
        next = intervenor.tryToken(state, token);
        if (next === undefined) throw new GuardError('INTERNAL', `the model runtime sampled token ${token}, which was banned`);
        if (!intervened) interventions++;
        intervened = true;
        maskMs += now() - t2;
      } else {
        maskMs += now() - t0;
      }
      state = next;
    } else if (!model.vocabulary.eog.has(token)) {
      feedBytes(state, model.vocabulary.bytes[token]!, walker, false);
    }
    const record: GenerateStep = { token, intervened, constrainable };
    if (intervenor) {
      record.monitorMs = maskMs - maskBefore;
      record.coldMask = intervenor.built > builtBefore;
    }
    if (probabilityOf && !model.vocabulary.eog.has(token)) record.probability = await probabilityOf(token);
    steps.push(record);
    if (model.vocabulary.eog.has(token)) {
      stop = 'eog';
      break;
    }
    tokens.push(token);
    if (state.canEnd(walker)) safeLength = tokens.length;
    input = [token];
  }
  let trimmed = 0;
  if (intervenor && safeLength < tokens.length) {
    trimmed = tokens.length - safeLength;
    tokens.length = safeLength;
  }
  return {
    tokens,
    bytes: joinBytes(model.vocabulary, tokens),
    steps,
    interventions,
    maskMs,
    redoMs,
    totalMs: now() - started,
    stop,
    trimmed,
  };
}

/** The text bytes of a token sequence (control tokens render as nothing). */
export function joinBytes(vocabulary: Vocabulary, tokens: readonly number[]): Uint8Array {
  let total = 0;
  for (const t of tokens) total += vocabulary.bytes[t]!.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const t of tokens) {
    out.set(vocabulary.bytes[t]!, at);
    at += vocabulary.bytes[t]!.length;
  }
  return out;
}
