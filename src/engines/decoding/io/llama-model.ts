/**
 * The DecodingModel port over node-llama-cpp 3 (loaded with `import()` only here): CPU prebuilt
 * binaries, one context sequence, token-level control through `controlledEvaluate` (sample the
 * next token with pure temperature sampling — no top-k/top-p truncation, so a refused sample can
 * be redone exactly over the allowed tokens — or read raw logits of chosen tokens). A redo samples
 * again from the logits the position already has (see `resample`), without a second evaluation.
 */
import { GuardError } from '../../../shared/errors.js';
import { type DecodingModel } from '../generate.js';
import { readVocabulary, type Vocabulary } from '../token-bytes.js';
import { readGgufFileHeader } from './gguf-file.js';

import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel, Token } from './llama-types.js';

export interface LoadedModel extends DecodingModel {
  readonly path: string;
  dispose(): Promise<void>;
}

let llamaPromise: Promise<Llama> | undefined;

async function loadLlama(): Promise<Llama> {
  llamaPromise ??= (async () => {
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    return getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false, skipDownload: true });
  })();
  return llamaPromise;
}

/** The process's node-llama-cpp runtime (CPU prebuilt binaries, loaded once), shared with other engines' model adapters. */
export function sharedLlama(): Promise<Llama> {
  return loadLlama();
}

/**
 * Opens a GGUF model for decoding with a context of `contextSize` tokens. The header is checked
 * first (MODEL_UNAVAILABLE with what was wrong); llama.cpp failures are wrapped likewise.
 */
export async function openLlamaModel(path: string, contextSize: number): Promise<LoadedModel> {
  const header = readGgufFileHeader(path);
  const vocabulary = readVocabulary(header.metadata, `model file ${path}`);
  let llama: Llama;
  let model: LlamaModel;
  try {
    llama = await loadLlama();
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
  const size = Math.max(64, Math.min(contextSize, model.trainContextSize || contextSize));
  const context = await model.createContext({ contextSize: size, sequences: 1, threads: 2 });
  return new LlamaDecodingModel(path, vocabulary, model, context, context.getSequence(), nativeAccess(llama, model, context));
}

/** The native sampler object of node-llama-cpp's addon (internal). */
interface NativeSampler {
  applyConfig(config: Record<string, unknown>): void;
  dispose(): void;
}

/** The internals `resample` uses, reached once and checked (a clear error if the pinned version changed). */
interface NativeAccess {
  AddonSampler: new (model: unknown) => NativeSampler;
  model: unknown;
  context: { sampleToken(batchLogitIndex: number, sampler: NativeSampler): Promise<number> };
}

function nativeAccess(llama: Llama, model: LlamaModel, context: LlamaContext): NativeAccess {
  const bindings = (llama as unknown as { _bindings?: { AddonSampler?: unknown } })._bindings;
  const nativeModel = (model as unknown as { _model?: unknown })._model;
  const nativeContext = (context as unknown as { _ctx?: { sampleToken?: unknown } })._ctx;
  if (typeof bindings?.AddonSampler !== 'function' || nativeModel === undefined || typeof nativeContext?.sampleToken !== 'function') {
    throw new GuardError('INTERNAL', 'node-llama-cpp internals (AddonSampler, sampleToken) are missing; the pinned version changed');
  }
  return {
    AddonSampler: bindings.AddonSampler as NativeAccess['AddonSampler'],
    model: nativeModel,
    context: nativeContext as NativeAccess['context'],
  };
}

/** Pure temperature sampling: null removes llama.cpp's top-k / top-p stages (exact masked redo). */
function samplingOptions(sampling: { temperature: number; seed: number }) {
  return { temperature: sampling.temperature, seed: sampling.seed, topK: null as unknown as number, topP: null as unknown as number, minP: 0 };
}

class LlamaDecodingModel implements LoadedModel {
  private last = -1;
  /** The batch logit index `next` last sampled at (llama.cpp keeps those logits until the next decode). */
  private logitIndex = -1;
  /** The context length when `next` sampled: a redo is valid only while nothing else was evaluated. */
  private sampledAt = -1;
  private readonly biases = new WeakMap<Int32Array, { tokenBiasKeys: Uint32Array; tokenBiasValues: Float32Array }>();
  private minusInfinity = new Float32Array(0);

  constructor(
    readonly path: string,
    readonly vocabulary: Vocabulary,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly sequence: LlamaContextSequence,
    private readonly native: NativeAccess,
  ) {
    // Record the batch logit index of every native sample this context takes, so `resample` can
    // sample again from the same logits.
    const sampleToken = native.context.sampleToken.bind(native.context) as (...args: unknown[]) => Promise<number>;
    // (The addon's methods are read-only on its prototype: shadow with an own property.)
    Object.defineProperty(native.context, 'sampleToken', {
      configurable: true,
      value: (...args: unknown[]) => {
        this.logitIndex = args[0] as number;
        return sampleToken(...args);
      },
    });
  }

  tokenize(text: string): number[] {
    const tokens = this.model.tokenize(text, false) as number[];
    const bos = this.model.tokens.bos;
    return bos !== null && this.model.tokens.shouldPrependBosToken ? [bos as number, ...tokens] : tokens;
  }

  async reset(): Promise<void> {
    await this.sequence.clearHistory();
    this.last = -1;
    this.logitIndex = -1;
    this.sampledAt = -1;
  }

  async next(tokens: number[], sampling: { temperature: number; seed: number }): Promise<number> {
    if (tokens.length === 0) throw new GuardError('INPUT_INVALID', 'the prompt is empty after tokenisation');
    if (this.sequence.nextTokenIndex + tokens.length >= this.sequence.contextSize) {
      throw new GuardError('INPUT_INVALID', `prompt and output exceed the model's context of ${this.sequence.contextSize} tokens`, {
        hint: 'shorten the prompt or lower max_tokens',
      });
    }
    const lastIndex = tokens.length - 1;
    const input: Array<import('node-llama-cpp').ControlledEvaluateInputItem> = tokens.map((token, i) =>
      i === lastIndex
        ? ([
            token,
            { generateNext: { token: true, options: samplingOptions(sampling) } },
          ] as never)
        : (token as Token),
    );
    const results = await this.sequence.controlledEvaluate(input);
    const next = results[lastIndex]?.next.token;
    if (next === undefined || next === null) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
    this.last = tokens[lastIndex]!;
    this.sampledAt = this.sequence.nextTokenIndex;
    return next as number;
  }

  /**
   * Samples again from the logits `next` left in the context (no second forward pass): llama.cpp
   * keeps the last batch's output logits until the next decode, so a fresh native sampler with the
   * bans as logit bias -inf draws from exactly the distribution `next` drew from, masked.
   * node-llama-cpp 3 has no public call for this; the internals used (the context's native
   * `sampleToken`, `AddonSampler`) are checked when the model opens.
   */
  async resample(banned: Int32Array, sampling: { temperature: number; seed: number }): Promise<number> {
    if (this.last < 0 || this.logitIndex < 0 || this.sampledAt !== this.sequence.nextTokenIndex) {
      throw new GuardError('INTERNAL', 'resample must follow next directly (the logits it samples from are gone)');
    }
    const sampler = new this.native.AddonSampler(this.native.model);
    try {
      sampler.applyConfig({
        temperature: sampling.temperature,
        minP: 0,
        seed: Math.max(0, Math.floor(sampling.seed)) >>> 0,
        ...this.biasFor(banned),
      });
      const next = await this.native.context.sampleToken(this.logitIndex, sampler);
      if (typeof next !== 'number' || next < 0) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
      return next;
    } finally {
      sampler.dispose();
    }
  }

  /** The bans as the native sampler's bias arrays (every banned token at -inf), cached per set. */
  private biasFor(banned: Int32Array): { tokenBiasKeys: Uint32Array; tokenBiasValues: Float32Array } {
    const cached = this.biases.get(banned);
    if (cached) return cached;
    if (this.minusInfinity.length < banned.length) this.minusInfinity = new Float32Array(banned.length).fill(-Infinity);
    const bias = {
      tokenBiasKeys: new Uint32Array(banned.buffer, banned.byteOffset, banned.length),
      tokenBiasValues: this.minusInfinity.subarray(0, banned.length),
    };
    this.biases.set(banned, bias);
    return bias;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
  }
}
