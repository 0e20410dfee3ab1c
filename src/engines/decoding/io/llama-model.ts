/**
 * The DecodingModel port over node-llama-cpp 3 (loaded with `import()` only here): CPU prebuilt
 * binaries, one context sequence, token-level control through `controlledEvaluate` (sample the
 * next token with pure temperature sampling — no top-k/top-p truncation, so a refused sample can
 * be redone exactly over the allowed tokens — or read raw logits of chosen tokens).
 */
import { GuardError } from '../../../shared/errors.js';
import { type DecodingModel } from '../generate.js';
import { readVocabulary, type Vocabulary } from '../token-bytes.js';
import { readGgufFileHeader } from './gguf-file.js';

type LlamaModule = typeof import('node-llama-cpp');
type Token = import('node-llama-cpp').Token;
type Llama = Awaited<ReturnType<LlamaModule['getLlama']>>;
type LlamaModel = Awaited<ReturnType<Llama['loadModel']>>;
type LlamaContext = Awaited<ReturnType<LlamaModel['createContext']>>;
type LlamaContextSequence = ReturnType<LlamaContext['getSequence']>;

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
  const { TokenBias } = await import('node-llama-cpp');
  return new LlamaDecodingModel(path, vocabulary, model, context, context.getSequence(), TokenBias);
}

type TokenBiasInstance = InstanceType<LlamaModule['TokenBias']>;

/** Pure temperature sampling: null removes llama.cpp's top-k / top-p stages (exact masked redo). */
function samplingOptions(sampling: { temperature: number; seed: number }) {
  return { temperature: sampling.temperature, seed: sampling.seed, topK: null as unknown as number, topP: null as unknown as number, minP: 0 };
}

class LlamaDecodingModel implements LoadedModel {
  private last = -1;
  private readonly biases = new WeakMap<Int32Array, TokenBiasInstance>();

  constructor(
    readonly path: string,
    readonly vocabulary: Vocabulary,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly sequence: LlamaContextSequence,
    private readonly TokenBias: LlamaModule['TokenBias'],
  ) {}

  tokenize(text: string): number[] {
    const tokens = this.model.tokenize(text, false) as number[];
    const bos = this.model.tokens.bos;
    return bos !== null && this.model.tokens.shouldPrependBosToken ? [bos as number, ...tokens] : tokens;
  }

  async reset(): Promise<void> {
    await this.sequence.clearHistory();
    this.last = -1;
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
    return next as number;
  }

  async resample(banned: Int32Array, sampling: { temperature: number; seed: number }): Promise<number> {
    if (this.last < 0) throw new GuardError('INTERNAL', 'resample called before next');
    // Drop the last position's KV entry and evaluate it again, sampling with the bans applied.
    const end = this.sequence.nextTokenIndex;
    await this.sequence.eraseContextTokenRanges([{ start: end - 1, end }]);
    const results = await this.sequence.controlledEvaluate([
      [this.last as Token, { generateNext: { token: true, options: { ...samplingOptions(sampling), tokenBias: this.biasFor(banned) } } }],
    ]);
    const next = results[0]?.next.token;
    if (next === undefined || next === null) throw new GuardError('INTERNAL', 'llama.cpp returned no token');
    return next as number;
  }

  /** A TokenBias giving every banned token logit -inf, reused for the same banned set. */
  private biasFor(banned: Int32Array): TokenBiasInstance {
    const cached = this.biases.get(banned);
    if (cached) return cached;
    const bias = new this.TokenBias(this.model.tokenizer);
    // TokenBias.set skips end-of-generation tokens, which must be bannable here: write the
    // bias map node-llama-cpp 3 hands to llama.cpp's logit-bias sampler directly.
    const map = (bias as unknown as { _biases?: Map<number, number> })._biases;
    if (!(map instanceof Map)) throw new GuardError('INTERNAL', 'node-llama-cpp TokenBias has no bias map; the pinned version changed');
    for (let i = 0; i < banned.length; i++) map.set(banned[i]!, -Infinity);
    this.biases.set(banned, bias);
    return bias;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
  }
}
