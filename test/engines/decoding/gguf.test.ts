import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { checkGgufMagic, readGgufHeader, readVocabulary, writeGguf, type GgufEntry } from '../../../src/engines/decoding/index.js';
import { GuardError } from '../../../src/shared/errors.js';
import { vocabPath } from './model-fixtures.js';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('GGUF reader and writer', () => {
  it('round-trips metadata and tensor infos, tensor data aligned to 32 bytes', () => {
    const metadata: Array<[string, GgufEntry]> = [
      ['general.architecture', { type: 'string', value: 'llama' }],
      ['llama.block_count', { type: 'u32', value: 2 }],
      ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 0.5 }],
      ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
      ['tokenizer.ggml.tokens', { type: 'string[]', value: ['a', 'é', '<|x|>'] }],
      ['tokenizer.ggml.token_type', { type: 'i32[]', value: [1, 1, 3] }],
    ];
    const data = Float32Array.from([1, 2, 3, 4, 5, 6]);
    const bytes = concat(
      writeGguf(metadata, [
        { name: 'w', dims: [3, 2], data },
        { name: 'b', dims: [1], data: Float32Array.of(9) },
      ]),
    );
    const header = readGgufHeader(bytes);
    expect(header.version).toBe(3);
    expect(header.metadata.get('general.architecture')).toBe('llama');
    expect(header.metadata.get('llama.block_count')).toBe(2);
    expect(header.metadata.get('llama.attention.layer_norm_rms_epsilon')).toBe(0.5);
    expect(header.metadata.get('tokenizer.ggml.add_bos_token')).toBe(true);
    expect(header.metadata.get('tokenizer.ggml.tokens')).toEqual(['a', 'é', '<|x|>']);
    expect(header.tensors.map((t) => [t.name, t.dims, Number(t.offset)])).toEqual([
      ['w', [3, 2], 0],
      ['b', [1], 32],
    ]);
    const dataStart = Math.ceil(header.headerBytes / 32) * 32;
    expect(new Float32Array(bytes.slice(dataStart, dataStart + 24).buffer)).toEqual(data);
    expect(new Float32Array(bytes.slice(dataStart + 32, dataStart + 36).buffer)[0]).toBe(9);
  });

  it('refuses files that are not GGUF with MODEL_UNAVAILABLE naming what it saw', () => {
    const bad = new TextEncoder().encode('PK\u0003\u0004 not a model');
    expect(() => checkGgufMagic(bad, 'x.gguf')).toThrow(GuardError);
    try {
      checkGgufMagic(bad, 'x.gguf');
    } catch (error) {
      expect((error as GuardError).code).toBe('MODEL_UNAVAILABLE');
      expect((error as GuardError).message).toContain('50 4b 03 04');
    }
    const v9 = Uint8Array.of(0x47, 0x47, 0x55, 0x46, 9, 0, 0, 0);
    expect(() => checkGgufMagic(v9, 'y.gguf')).toThrow(/version 9/);
  });

  it("reads llama.cpp's Qwen2 vocabulary with exact token bytes (GPT-2 byte table)", () => {
    const vocab = readVocabulary(readGgufHeader(new Uint8Array(readFileSync(vocabPath('qwen2')))).metadata);
    expect(vocab.model).toBe('gpt2');
    expect(vocab.bytes.length).toBeGreaterThan(150_000);
    const text = (id: number): string => Buffer.from(vocab.bytes[id]!).toString('latin1');
    const ids = new Map(vocab.bytes.map((b, id) => [Buffer.from(b).toString('latin1'), id]));
    expect(ids.has(' requests')).toBe(true);
    expect(ids.has('\n')).toBe(true);
    expect(text(ids.get(' install')!)).toBe(' install');
    // Partial UTF-8 tokens keep their raw bytes (one byte of "é" is 0xc3).
    expect(vocab.bytes.some((b) => b.length === 1 && b[0] === 0xc3)).toBe(true);
    expect([...vocab.eog].map((id) => Buffer.from(vocab.bytes[id]!).length)).toEqual([...vocab.eog].map(() => 0));
    expect(vocab.eog.size).toBeGreaterThan(0);
  });

  it('reads a SentencePiece vocabulary: ▁ is a space and <0xNN> is one byte', () => {
    const vocab = readVocabulary(readGgufHeader(new Uint8Array(readFileSync(vocabPath('llama-spm')))).metadata);
    expect(vocab.model).toBe('llama');
    const texts = vocab.bytes.map((b) => Buffer.from(b).toString('latin1'));
    expect(texts).toContain(' the');
    const byteTokens = vocab.bytes.filter((b) => b.length === 1);
    expect(new Set(byteTokens.map((b) => b[0])).size).toBe(256);
  });
});
