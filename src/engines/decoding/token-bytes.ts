/**
 * The exact bytes of every token of a GGUF vocabulary, from `tokenizer.ggml.tokens` (never from
 * detokenising one token at a time, which turns partial UTF-8 into U+FFFD): byte-level BPE
 * (`gpt2`) through the GPT-2 byte table, SentencePiece (`llama`) with `▁` for a space and
 * `<0xNN>` byte tokens.
 */
import { GuardError } from '../../shared/errors.js';
import { type GgufValue } from './gguf.js';

export interface Vocabulary {
  /** Bytes each token stands for; empty for control tokens (they render as nothing). */
  bytes: Uint8Array[];
  /** Tokens that end generation (EOS, EOT and the like). */
  eog: Set<number>;
  /** Control tokens (no text). */
  control: Set<number>;
  /** `gpt2` (byte-level BPE) or `llama` (SentencePiece). */
  model: string;
}

const TOKEN_TYPE_CONTROL = 3;
const TOKEN_TYPE_USER_DEFINED = 4;
const TOKEN_TYPE_BYTE = 6;

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

/**
 * Reads the vocabulary from GGUF metadata. Throws MODEL_UNAVAILABLE when the tokenizer keys are
 * missing or the tokenizer model is not one this decoder can map to bytes.
 */
export function readVocabulary(metadata: ReadonlyMap<string, GgufValue>, where = 'the model'): Vocabulary {
  const tokens = metadata.get('tokenizer.ggml.tokens');
  const model = metadata.get('tokenizer.ggml.model');
  if (!Array.isArray(tokens) || typeof model !== 'string') {
    throw new GuardError('MODEL_UNAVAILABLE', `${where} has no tokenizer vocabulary (tokenizer.ggml.tokens / tokenizer.ggml.model)`, {
      hint: 'use a GGUF model converted with its tokenizer',
    });
  }
  if (model !== 'gpt2' && model !== 'llama') {
    throw new GuardError('MODEL_UNAVAILABLE', `${where} uses tokenizer "${model}"; the package monitor supports byte-level BPE ("gpt2") and SentencePiece ("llama")`);
  }
  const typesValue = metadata.get('tokenizer.ggml.token_type');
  const types = Array.isArray(typesValue) ? typesValue.map(Number) : [];
  const table = gpt2ByteTable().toByte;
  const bytes: Uint8Array[] = new Array<Uint8Array>(tokens.length);
  const control = new Set<number>();
  for (let id = 0; id < tokens.length; id++) {
    const text = String(tokens[id]);
    const type = types[id] ?? 1;
    if (type === TOKEN_TYPE_CONTROL) {
      control.add(id);
      bytes[id] = new Uint8Array(0);
    } else if (type === TOKEN_TYPE_USER_DEFINED) {
      bytes[id] = encoder.encode(model === 'llama' ? text.replaceAll('▁', ' ') : text);
    } else if (model === 'gpt2') {
      bytes[id] = gpt2Bytes(text, table) ?? encoder.encode(text);
    } else {
      bytes[id] = spmBytes(text, type === TOKEN_TYPE_BYTE);
    }
  }
  const eog = new Set<number>();
  for (const key of ['tokenizer.ggml.eos_token_id', 'tokenizer.ggml.eot_token_id', 'tokenizer.ggml.eom_token_id']) {
    const value = metadata.get(key);
    if (typeof value === 'number' && value >= 0 && value < tokens.length) eog.add(value);
  }
  // llama.cpp also ends generation on these control tokens when the file does not say otherwise.
  for (const id of control) {
    if (/^(<\|endoftext\|>|<\|im_end\|>|<\|eot_id\|>|<\|eom_id\|>|<end_of_turn>|<\|end\|>)$/.test(String(tokens[id]))) eog.add(id);
  }
  return { bytes, eog, control, model };
}

function gpt2Bytes(text: string, table: Map<number, number>): Uint8Array | undefined {
  const out: number[] = [];
  for (const char of text) {
    const b = table.get(char.codePointAt(0)!);
    if (b === undefined) return undefined;
    out.push(b);
  }
  return Uint8Array.from(out);
}

function spmBytes(text: string, isByteToken: boolean): Uint8Array {
  if (isByteToken) {
    const match = /^<0x([0-9A-Fa-f]{2})>$/.exec(text);
    if (match) return Uint8Array.of(parseInt(match[1]!, 16));
  }
  return encoder.encode(text.replaceAll('▁', ' '));
}
