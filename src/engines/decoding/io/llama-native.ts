/**
 * What the model adapter reaches inside node-llama-cpp: the runtime's token attributes (to align the
 * vocabulary read from the file) and the addon's sampler and sampleToken (checked once, with a clear
 * error if the pinned version changed).
 */
import { GuardError } from '../../../shared/errors.js';
import { silenceTokens, type Vocabulary } from '../token-bytes.js';
import type { Llama, LlamaContext, LlamaModel } from './llama-types.js';

// llama_token_attr bits (llama.h).
const ATTR_UNKNOWN = 1 << 0;
const ATTR_NORMAL = 1 << 2;
const ATTR_CONTROL = 1 << 3;
const ATTR_USER_DEFINED = 1 << 4;
const ATTR_BYTE = 1 << 5;

/**
 * Makes the vocabulary read from the file agree with the loaded runtime where llama.cpp decides
 * otherwise at load time: tokens whose final attributes render nothing (it retypes control-looking
 * tokens a file mislabels) get zero bytes, and every token it ends generation on is end-of-generation.
 */
export function alignWithRuntime(vocabulary: Vocabulary, model: LlamaModel): void {
  const native = (model as unknown as { _model?: { getTokenAttributes?(token: number): number; isEogToken?(token: number): boolean } })
    ._model;
  if (typeof native?.getTokenAttributes !== 'function' || typeof native.isEogToken !== 'function') return;
  const silent: number[] = [];
  for (let id = 0; id < vocabulary.bytes.length; id++) {
    const attr = native.getTokenAttributes(id);
    const renders = (attr & (ATTR_NORMAL | ATTR_USER_DEFINED | ATTR_BYTE)) !== 0 && (attr & (ATTR_UNKNOWN | ATTR_CONTROL)) === 0;
    if (!renders && vocabulary.bytes[id]!.length > 0) silent.push(id);
    if (native.isEogToken(id)) vocabulary.eog.add(id);
  }
  silenceTokens(vocabulary, silent);
}

/** The native sampler object of node-llama-cpp's addon (internal). */
export interface NativeSampler {
  applyConfig(config: Record<string, unknown>): void;
  dispose(): void;
}

/** A native sampler kept with one constraint's long bias list (`tokens`, a view of its own `buffer`). */
export interface KeptSampler {
  sampler: NativeSampler;
  buffer: Int32Array;
  tokens: Int32Array;
  seed: number;
}

/**
 * The first token of `candidates` (id, probability pairs, most likely first, as llama.cpp hands
 * back its top k) that `constraint` allows, with a probability above 0; among allowed ones of equal
 * probability the lowest id (llama.cpp's greedy draw keeps the first maximum). Undefined where none is.
 */
export function firstAllowed(candidates: readonly number[], constraint: { has(token: number): boolean }): number | undefined {
  let best = -1;
  let bestP = 0;
  for (let i = 0; i < candidates.length; i += 2) {
    const token = candidates[i]!;
    const p = candidates[i + 1]!;
    if (best >= 0 && p < bestP) break;
    if (!(p > 0) || !constraint.has(token)) continue;
    if (best < 0 || token < best) {
      best = token;
      bestP = p;
    }
  }
  return best >= 0 ? best : undefined;
}

/** The internals `resample` uses, reached once and checked (a clear error if the pinned version changed). */
export interface NativeAccess {
  AddonSampler: new (model: unknown) => NativeSampler;
  model: unknown;
  context: {
    sampleToken(batchLogitIndex: number, sampler: NativeSampler): Promise<number>;
    sampleToken(batchLogitIndex: number, sampler: NativeSampler, probabilities: true): Promise<[number, number[] | undefined]>;
  };
}

export function nativeAccess(llama: Llama, model: LlamaModel, context: LlamaContext): NativeAccess {
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
