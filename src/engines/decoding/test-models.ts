/**
 * Tiny llama-architecture models with random weights, as GGUF images, for proving the monitor's
 * guarantee (a random model is a worst-case hallucinator): one carries a real tokenizer copied
 * from another GGUF's metadata (llama.cpp's vocab-only files), one a small synthetic byte-level
 * BPE vocabulary for fast tests. Weights are F32 from a seeded generator, so files are reproducible.
 */
import { GuardError } from '../../shared/errors.js';
import { type GgufEntry, type GgufTensorInput, type GgufValue, writeGguf } from './gguf.js';
import { createRandom } from './random.js';
import { gpt2ByteTable } from './token-bytes.js';

export interface TinyModelShape {
  embedding: number;
  layers: number;
  heads: number;
  feedForward: number;
  contextLength: number;
  /** Standard deviation of the embedding weights (sharper or flatter next-token distributions). */
  embeddingScale: number;
  seed: number;
}

export const DEFAULT_SHAPE: TinyModelShape = {
  embedding: 32,
  layers: 2,
  heads: 4,
  feedForward: 64,
  contextLength: 2048,
  embeddingScale: 0.6,
  seed: 7,
};

/** Tokenizer metadata entries of a vocab GGUF, typed for the writer. */
export function tokenizerEntries(metadata: ReadonlyMap<string, GgufValue>): Array<[string, GgufEntry]> {
  const entries: Array<[string, GgufEntry]> = [];
  for (const [key, value] of metadata) {
    if (!key.startsWith('tokenizer.ggml.')) continue;
    if (Array.isArray(value)) {
      if (value.length > 0 && typeof value[0] === 'string') entries.push([key, { type: 'string[]', value: value as string[] }]);
      else if (key.endsWith('scores')) entries.push([key, { type: 'f32[]', value: value.map(Number) }]);
      else if (key.endsWith('precompiled_charsmap')) entries.push([key, { type: 'u8[]', value: value.map(Number) }]);
      else entries.push([key, { type: 'i32[]', value: value.map(Number) }]);
    } else if (typeof value === 'boolean') entries.push([key, { type: 'bool', value }]);
    else if (typeof value === 'string') entries.push([key, { type: 'string', value }]);
    else entries.push([key, { type: 'u32', value: Number(value) }]);
  }
  if (!entries.some(([key]) => key === 'tokenizer.ggml.tokens')) {
    throw new GuardError('INPUT_INVALID', 'the vocabulary file has no tokenizer.ggml.tokens');
  }
  return entries;
}

/** The GGUF image (parts to concatenate) of a random llama model over the given tokenizer entries. */
export function buildTinyLlama(
  tokenizer: Array<[string, GgufEntry]>,
  shape: TinyModelShape = DEFAULT_SHAPE,
  name = 'groundguard-random',
): Uint8Array[] {
  const tokens = tokenizer.find(([key]) => key === 'tokenizer.ggml.tokens')![1];
  const vocab = (tokens.value as readonly string[]).length;
  const { embedding: e, layers, heads, feedForward: ff } = shape;
  if (e % heads !== 0) throw new GuardError('INPUT_INVALID', `embedding ${e} is not a multiple of heads ${heads}`);
  const random = createRandom(shape.seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const matrix = (rows: number, cols: number, scale: number): Float32Array => {
    const data = new Float32Array(rows * cols);
    for (let i = 0; i < data.length; i++) data[i] = gauss() * scale;
    return data;
  };
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);
  const tensors: GgufTensorInput[] = [
    { name: 'token_embd.weight', dims: [e, vocab], data: matrix(vocab, e, shape.embeddingScale) },
    { name: 'output_norm.weight', dims: [e], data: ones(e) },
  ];
  const inner = 1 / Math.sqrt(e);
  for (let l = 0; l < layers; l++) {
    tensors.push(
      { name: `blk.${l}.attn_norm.weight`, dims: [e], data: ones(e) },
      { name: `blk.${l}.attn_q.weight`, dims: [e, e], data: matrix(e, e, inner) },
      { name: `blk.${l}.attn_k.weight`, dims: [e, e], data: matrix(e, e, inner) },
      { name: `blk.${l}.attn_v.weight`, dims: [e, e], data: matrix(e, e, inner) },
      { name: `blk.${l}.attn_output.weight`, dims: [e, e], data: matrix(e, e, inner) },
      { name: `blk.${l}.ffn_norm.weight`, dims: [e], data: ones(e) },
      { name: `blk.${l}.ffn_gate.weight`, dims: [e, ff], data: matrix(ff, e, inner) },
      { name: `blk.${l}.ffn_up.weight`, dims: [e, ff], data: matrix(ff, e, inner) },
      { name: `blk.${l}.ffn_down.weight`, dims: [ff, e], data: matrix(e, ff, 1 / Math.sqrt(ff)) },
    );
  }
  const metadata: Array<[string, GgufEntry]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: name }],
    ['general.file_type', { type: 'u32', value: 0 }],
    ['llama.context_length', { type: 'u32', value: shape.contextLength }],
    ['llama.embedding_length', { type: 'u32', value: e }],
    ['llama.block_count', { type: 'u32', value: layers }],
    ['llama.feed_forward_length', { type: 'u32', value: ff }],
    ['llama.attention.head_count', { type: 'u32', value: heads }],
    ['llama.attention.head_count_kv', { type: 'u32', value: heads }],
    ['llama.rope.dimension_count', { type: 'u32', value: e / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.vocab_size', { type: 'u32', value: vocab }],
    ...tokenizer,
  ];
  return writeGguf(metadata, tensors);
}

/**
 * A small byte-level BPE tokenizer: the 256 byte tokens, every prefix of `words` as a merge
 * chain (so each word is one token), and an end-of-text control token.
 */
export function syntheticTokenizer(words: readonly string[]): Array<[string, GgufEntry]> {
  const { toChar } = gpt2ByteTable();
  const encoder = new TextEncoder();
  const tokens: string[] = [...toChar];
  const known = new Set(tokens);
  const merges: string[] = [];
  for (const word of words) {
    const chars = Array.from(encoder.encode(word), (b) => toChar[b]!);
    let prefix = chars[0]!;
    for (let i = 1; i < chars.length; i++) {
      const next = prefix + chars[i]!;
      if (!known.has(next)) {
        known.add(next);
        tokens.push(next);
        merges.push(`${prefix} ${chars[i]!}`);
      }
      prefix = next;
    }
  }
  const eos = tokens.length;
  tokens.push('<|endoftext|>');
  const types = tokens.map((_, i) => (i === eos ? 3 : 1));
  return [
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'default' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32[]', value: types }],
    ['tokenizer.ggml.merges', { type: 'string[]', value: merges }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: eos }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: eos }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
  ];
}

/** Words of the synthetic vocabulary: install commands, real and made-up names, tails, prose. */
export const SYNTHETIC_WORDS: readonly string[] = [
  'pip',
  ' pip',
  ' install',
  'npm',
  ' npm',
  ' i',
  ' add',
  '```',
  'bash',
  'python',
  '\n',
  '\n\n',
  ' -',
  ' --',
  '-U',
  'upgrade',
  ' requests',
  ' numpy',
  ' flask',
  ' Flask',
  ' django',
  ' pandas',
  ' typing',
  '_extensions',
  '-extensions',
  ' reqeusts',
  ' nump',
  ' numpyy',
  ' flask-login',
  ' fastapi',
  ' torch',
  ' torchvision',
  ' scikit',
  '-learn',
  ' sklearn',
  ' lodash',
  ' express',
  ' react',
  ' left-pad',
  ' expresss',
  ' @types',
  '/node',
  '==',
  '>=',
  '<',
  '[',
  ']',
  ',',
  ';',
  '@',
  '1',
  '2',
  '.0',
  '.31',
  ' and',
  ' the',
  ' to',
  ' Install',
  ' with',
  ':',
  ' run',
  ' then',
  ' your',
  ' project',
  ' package',
  's',
  'er',
  'ing',
  ' data',
  ' http',
  'lib',
  ' yaml',
  'py',
  ' uv',
  ' poetry',
  ' conda',
  '"',
  "'",
  ' #',
  ' comment',
];
