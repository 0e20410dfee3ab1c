/**
 * The LLM judge over a local GGUF model (llama.cpp's CPU build through node-llama-cpp, loaded with
 * `import()` only here; kept open in the process's services, or loaded for one call): evaluates the
 * judge prompt and returns the exact next-token log-probabilities of the tokens that spell " A",
 * " P", " U" (and "A", "P", "U"), the shape `distributionFromLogprobs` reads.
 */
import { resolve } from 'node:path';

import { GuardError } from '../../../shared/errors.js';
import type { PromiseCache } from '../../../shared/promise-cache.js';

import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel, Token } from '../../decoding/index.js';

export const JUDGE_LETTERS = ['A', 'P', 'U'] as const;
export const DEFAULT_JUDGE_CONTEXT = 4096;

const HINT = 'set GUARD_JUDGE_GGUF to the path of a llama.cpp .gguf model (an instruction-tuned one judges best), or unset it';

export interface GgufJudgeOptions {
  /** Context window in tokens (capped by the model's training context); default 4096. */
  contextSize?: number;
  /** CPU threads; default: the machine's math cores (oversubscribing them slows llama.cpp many-fold). */
  threads?: number;
  /** Open models kept between calls (the process's services); without it the model is loaded for this call and freed after. */
  models?: PromiseCache<GgufJudgeModel>;
}

/** One open judge model; the process's services keep them by path and options and close them at shutdown. */
export interface GgufJudgeModel {
  /** Frees the context and the model once pending evaluations have finished. */
  close(): Promise<void>;
}

interface JudgeModel extends GgufJudgeModel {
  readonly model: LlamaModel;
  readonly context: LlamaContext;
  readonly sequence: LlamaContextSequence;
  /** Candidate answer tokens → the text they spell (" A", "A", …). */
  readonly candidates: ReadonlyMap<Token, string>;
  /** Serialises evaluations on the one sequence. */
  queue: Promise<unknown>;
}

/**
 * Log-probabilities (token text → natural-log probability) of the answer-letter tokens as the next
 * token after `prompt`, from a clear context (the same prompt always gets the same answer). A
 * prompt longer than the context keeps its head (the instructions) and its tail (the request and
 * the options) and drops the middle. Calls on one model run one at a time. Throws
 * MODEL_UNAVAILABLE (missing, non-GGUF or unloadable file; no single-token answer letters in the
 * vocabulary), CONFIG_INVALID (bad options), INTERNAL (llama.cpp failed mid-evaluation).
 */
export async function ggufFirstTokenLogprobs(
  path: string,
  prompt: string,
  options: GgufJudgeOptions = {},
): Promise<Record<string, number>> {
  if (!options.models) {
    const judge = await loadJudgeModel(resolve(path), options.contextSize ?? DEFAULT_JUDGE_CONTEXT, options.threads);
    try {
      return await evaluate(judge, prompt);
    } finally {
      await judge.close();
    }
  }
  const judge = await openJudgeModel(path, options.models, options);
  const run = judge.queue.then(() => evaluate(judge, prompt));
  judge.queue = run.catch(() => undefined);
  return run;
}

/** Loads (once per cache, path and options) the model behind the judge; the GGUF header is checked first. */
async function openJudgeModel(path: string, models: PromiseCache<GgufJudgeModel>, options: GgufJudgeOptions): Promise<JudgeModel> {
  const key = `${resolve(path)}\0${options.contextSize ?? DEFAULT_JUDGE_CONTEXT}\0${options.threads ?? 0}`;
  // Only this module puts values in the cache, so each is a JudgeModel.
  return (await models.get(key, () =>
    loadJudgeModel(resolve(path), options.contextSize ?? DEFAULT_JUDGE_CONTEXT, options.threads),
  )) as JudgeModel;
}

/** Frees every judge model in `models` and empties it. */
export async function closeJudgeModels(models: PromiseCache<GgufJudgeModel>): Promise<void> {
  for (const judge of await models.drain()) await judge.close();
}

async function loadJudgeModel(path: string, contextSize: number, threads: number | undefined): Promise<JudgeModel> {
  if (!Number.isInteger(contextSize) || contextSize < 64) {
    throw new GuardError('CONFIG_INVALID', `the judge's context size must be an integer of at least 64 tokens, got ${contextSize}`);
  }
  const decoding = await import('../../decoding/index.js');
  try {
    decoding.readGgufFileHeader(path);
  } catch (error) {
    if (!(error instanceof GuardError)) throw error;
    throw new GuardError('MODEL_UNAVAILABLE', `answerability judge (GUARD_JUDGE_GGUF): ${error.message}`, { hint: HINT, cause: error });
  }
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1)) {
    throw new GuardError('CONFIG_INVALID', `the judge's thread count must be a positive integer, got ${threads}`);
  }
  let llama: Llama;
  let model: LlamaModel;
  try {
    llama = await decoding.sharedLlama();
    model = await llama.loadModel({ modelPath: path, gpuLayers: 0 });
  } catch (error) {
    throw new GuardError(
      'MODEL_UNAVAILABLE',
      `llama.cpp could not load the answerability judge model ${path}: ${(error as Error).message}`,
      {
        hint: 'check that the file is a complete GGUF model of an architecture llama.cpp supports',
        cause: error,
      },
    );
  }
  const candidates = answerTokens(model);
  if (candidates.size < JUDGE_LETTERS.length) {
    const found = new Set([...candidates.values()].map((text) => text.trim()));
    await model.dispose();
    throw new GuardError(
      'MODEL_UNAVAILABLE',
      `the judge model ${path} has no single token for the answer letter(s) ${JUDGE_LETTERS.filter((l) => !found.has(l)).join(', ')}`,
      {
        hint: 'use a model whose vocabulary spells " A", " P" and " U" (every common LLM tokenizer does)',
      },
    );
  }
  const size = Math.max(64, Math.min(contextSize, model.trainContextSize || contextSize));
  let context: LlamaContext;
  try {
    context = await model.createContext({ contextSize: size, sequences: 1, threads: threads ?? Math.max(1, llama.cpuMathCores) });
  } catch (error) {
    await model.dispose();
    throw new GuardError(
      'MODEL_UNAVAILABLE',
      `llama.cpp could not create a ${size}-token context for ${path}: ${(error as Error).message}`,
      {
        hint: 'free some memory or use a smaller model',
        cause: error,
      },
    );
  }
  const judge: JudgeModel = {
    model,
    context,
    sequence: context.getSequence(),
    candidates,
    queue: Promise.resolve(),
    async close() {
      await judge.queue;
      await context.dispose();
      await model.dispose();
    },
  };
  return judge;
}

/**
 * The tokens that alone spell an answer letter, with or without a leading space (distinct
 * tokens in byte-level BPE vocabularies; one "▁A" in SentencePiece ones).
 */
function answerTokens(model: LlamaModel): Map<Token, string> {
  const found = new Map<Token, string>();
  for (const letter of JUDGE_LETTERS) {
    for (const text of [` ${letter}`, letter]) {
      const tokens = model.tokenize(text, false);
      if (tokens.length !== 1) continue;
      const token = tokens[0]!;
      const spelled = model.detokenize([token]);
      if (spelled.trim() === letter && !found.has(token)) found.set(token, spelled);
    }
  }
  return found;
}

async function evaluate(judge: JudgeModel, prompt: string): Promise<Record<string, number>> {
  const { model, sequence } = judge;
  let tokens = model.tokenize(prompt, false);
  const bos = model.tokens.bos;
  if (bos !== null && model.tokens.shouldPrependBosToken) tokens = [bos, ...tokens];
  if (tokens.length === 0) throw new GuardError('INPUT_INVALID', 'the judge prompt is empty after tokenisation');
  tokens = fitToContext(tokens, sequence.contextSize - 1);
  // Always from a clear history: reusing the previous prompt's KV prefix changes the logits in the
  // third decimal (batch-split arithmetic), and the same prompt must get the same verdict.
  await sequence.clearHistory();
  const lastIndex = tokens.length - 1;
  // The full next-token distribution at the last prompt token, as llama.cpp computes it from the
  // logits (no sampling option changes it); only the answer letters are read from it.
  const input = tokens.map((token, i) => (i === lastIndex ? ([token, { generateNext: { probabilities: true } }] as const) : token));
  let next;
  try {
    const results = await sequence.controlledEvaluate(input as Array<import('node-llama-cpp').ControlledEvaluateInputItem>);
    next = results[lastIndex]?.next;
  } catch (error) {
    throw new GuardError('INTERNAL', `llama.cpp failed to evaluate the judge prompt: ${(error as Error).message}`, { cause: error });
  }
  const probabilities = next?.probabilities;
  if (!probabilities || probabilities.size === 0)
    throw new GuardError('INTERNAL', 'llama.cpp returned no probabilities for the judge prompt');
  const out: Record<string, number> = {};
  for (const [token, text] of judge.candidates) {
    const probability = probabilities.get(token);
    if (probability === undefined || !(probability > 0)) continue;
    const logprob = Math.log(probability);
    // Two tokens spelling the same text share one entry: their probabilities add.
    out[text] = text in out ? logAddExp(out[text]!, logprob) : logprob;
  }
  return out;
}

/** Keeps the first quarter and the last three quarters of the budget (instructions; request and options). */
export function fitToContext<T>(tokens: readonly T[], budget: number): T[] {
  if (tokens.length <= budget) return [...tokens];
  const head = Math.floor(budget / 4);
  return [...tokens.slice(0, head), ...tokens.slice(tokens.length - (budget - head))];
}

function logAddExp(a: number, b: number): number {
  const m = Math.max(a, b);
  return m + Math.log(Math.exp(a - m) + Math.exp(b - m));
}
