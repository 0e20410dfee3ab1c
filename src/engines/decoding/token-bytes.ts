/**
 * The exact bytes of every token of a GGUF vocabulary, from `tokenizer.ggml.tokens` (never from
 * detokenising one token at a time, which turns partial UTF-8 into U+FFFD), by llama.cpp's own
 * `token_to_piece` rules for every tokenizer kind it ships vocabularies of:
 *  - byte-level BPE (`gpt2`): each character through the GPT-2 byte table (a character outside it
 *    renders as llama.cpp's `[UNK_BYTE_0x…]` text);
 *  - SentencePiece (`llama`), Unigram (`t5`), WordPiece (`bert`) and SentencePiece-style BPE
 *    (`gemma4`): `▁` for a space, `<0xNN>` byte tokens;
 *  - user-defined tokens as written; control, unknown, unused and undefined tokens render as
 *    nothing (zero bytes).
 */
import { GuardError } from '../../shared/errors.js';
import { type GgufValue } from './gguf.js';

export interface Vocabulary {
  /** Bytes each token stands for; empty for control tokens (they render as nothing). */
  bytes: Uint8Array[];
  /** Tokens that end generation (EOS, EOT and the like). */
  eog: Set<number>;
  /** Tokens that render as nothing (control, unknown, unused …). */
  control: Set<number>;
  /** The GGUF tokenizer model: `gpt2`, `llama`, `t5`, `bert` or `gemma4`. */
  model: string;
}

const TOKEN_TYPE_NORMAL = 1;
const TOKEN_TYPE_USER_DEFINED = 4;
const TOKEN_TYPE_BYTE = 6;

/** Tokenizer models whose normal tokens are text with `▁` for spaces. */
const SPACE_ESCAPED = new Set(['llama', 't5', 'bert', 'gemma4']);
/** Byte-level BPE pre-tokenizers that llama.cpp reads with `▁` for spaces instead of the byte table. */
const SPACE_ESCAPED_PRE = new Set(['gemma4', 'granite-embed-multi-311m', 'sarvam-moe']);
const SUPPORTED = new Set(['gpt2', ...SPACE_ESCAPED]);

/** The GPT-2 table from bytes to printable characters, and its inverse. */
export function gpt2ByteTable(): { toChar: string[]; toByte: Map<number, number> } {
  const printable: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) printable.push(b);
  for (let b = 0xa1; b <= 0xac; b++) printable.push(b);
  for (let b = 0xae; b <= 0xff; b++) printable.push(b);
  const keep = new Set(printable);
  const toChar: string[] = new Array<string>(256);
  const toByte = new Map<number, number>();
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    const code = keep.has(b) ? b : 256 + extra++;
    toChar[b] = String.fromCodePoint(code);
    toByte.set(code, b);
  }
  return { toChar, toByte };
}

const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/**
 * Reads the vocabulary from GGUF metadata. Throws MODEL_UNAVAILABLE when the tokenizer keys are
 * missing or the tokenizer model is not one this decoder can map to bytes (RWKV, PLaMo-2).
 */
export function readVocabulary(metadata: ReadonlyMap<string, GgufValue>, where = 'the model'): Vocabulary {
  const tokens = metadata.get('tokenizer.ggml.tokens');
  const model = metadata.get('tokenizer.ggml.model');
  if (!Array.isArray(tokens) || typeof model !== 'string') {
    throw new GuardError('MODEL_UNAVAILABLE', `${where} has no tokenizer vocabulary (tokenizer.ggml.tokens / tokenizer.ggml.model)`, {
      hint: 'use a GGUF model converted with its tokenizer',
    });
  }
  if (!SUPPORTED.has(model)) {
    throw new GuardError(
      'MODEL_UNAVAILABLE',
      `${where} uses tokenizer "${model}"; the package monitor supports ${[...SUPPORTED].map((m) => `"${m}"`).join(', ')}`,
    );
  }
  const pre = metadata.get('tokenizer.ggml.pre');
  const escaped = SPACE_ESCAPED.has(model) || (typeof pre === 'string' && SPACE_ESCAPED_PRE.has(pre));
  const typesValue = metadata.get('tokenizer.ggml.token_type');
  const types = Array.isArray(typesValue) ? typesValue.map(Number) : [];
  const table = gpt2ByteTable().toByte;
  const bytes: Uint8Array[] = new Array<Uint8Array>(tokens.length);
  const control = new Set<number>();
  for (let id = 0; id < tokens.length; id++) {
    // llama.cpp names an empty token this way when it loads the vocabulary.
    const text = String(tokens[id]) === '' ? `[EMPTY_${id}]` : String(tokens[id]);
    const type = types[id] ?? TOKEN_TYPE_NORMAL;
    let piece: Uint8Array;
    if (type === TOKEN_TYPE_USER_DEFINED) piece = encoder.encode(text);
    else if (type === TOKEN_TYPE_BYTE) piece = byteToken(text) ?? EMPTY;
    else if (type === TOKEN_TYPE_NORMAL) piece = escaped ? encoder.encode(text.replaceAll('▁', ' ')) : gpt2Bytes(text, table);
    else piece = EMPTY; // control, unknown, unused, undefined: llama.cpp renders them as nothing
    bytes[id] = piece;
    if (piece.length === 0) control.add(id);
  }
  const eog = new Set<number>();
  for (const key of ['tokenizer.ggml.eos_token_id', 'tokenizer.ggml.eot_token_id', 'tokenizer.ggml.eom_token_id']) {
    const value = metadata.get(key);
    if (typeof value === 'number' && value >= 0 && value < tokens.length) eog.add(value);
  }
  // llama.cpp also ends generation on these control tokens when the file does not say otherwise.
  for (const id of control) {
    if (/^(<\|endoftext\|>|<\|im_end\|>|<\|eot_id\|>|<\|eom_id\|>|<end_of_turn>|<\|end\|>|<turn\|>)$/.test(String(tokens[id]))) eog.add(id);
  }
  return { bytes, eog, control, model };
}

/**
 * Marks as rendering nothing the tokens a runtime says render nothing (llama.cpp overrides the
 * type of control-looking tokens a file mislabels); the others keep the bytes read from the file.
 */
export function silenceTokens(vocabulary: Vocabulary, silent: Iterable<number>): void {
  for (const id of silent) {
    if (id < 0 || id >= vocabulary.bytes.length) continue;
    vocabulary.bytes[id] = EMPTY;
    vocabulary.control.add(id);
  }
}

/** A character outside the table renders as llama.cpp's `[UNK_BYTE_0x<hex><token>]`. */
function gpt2Bytes(text: string, table: Map<number, number>): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const b = table.get(char.codePointAt(0)!);
    if (b !== undefined) {
      out.push(b);
      continue;
    }
    const utf8 = encoder.encode(char);
    const hex = Array.from(utf8, (x) => x.toString(16).padStart(2, '0')).join('');
    for (const x of encoder.encode(`[UNK_BYTE_0x${hex}${text}]`)) out.push(x);
  }
  return Uint8Array.from(out);
}

function byteToken(text: string): Uint8Array | undefined {
  const match = /^<0x([0-9A-Fa-f]{2})>$/.exec(text);
  return match ? Uint8Array.of(parseInt(match[1]!, 16)) : undefined;
}
