/**
 * GGUF (llama.cpp's model file format, version 2 and 3) in pure code over byte arrays: a reader
 * for the header and metadata (what the decoder needs: the tokenizer's vocabulary), and a writer
 * used by the project's tooling to make small test models.
 */
import { GuardError } from '../../shared/errors.js';

export const GGUF_MAGIC = 0x46554747; // "GGUF" read little-endian

export enum GgufType {
  UINT8 = 0,
  INT8 = 1,
  UINT16 = 2,
  INT16 = 3,
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  UINT64 = 10,
  INT64 = 11,
  FLOAT64 = 12,
}

export type GgufScalar = number | bigint | boolean | string;
export type GgufValue = GgufScalar | GgufScalar[];

export interface GgufTensorInfo {
  name: string;
  /** Dimensions, innermost first (ggml order). */
  dims: number[];
  /** ggml type: 0 = F32, 1 = F16. */
  type: number;
  offset: bigint;
}

export interface GgufHeader {
  version: number;
  metadata: Map<string, GgufValue>;
  tensors: GgufTensorInfo[];
  /** Bytes of header, metadata and tensor infos (tensor data starts at the next alignment). */
  headerBytes: number;
}

/** Thrown when the buffer ends before the header does; the file reader then reads more. */
export class GgufTruncated extends Error {
  constructor() {
    super('GGUF header truncated');
  }
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Checks the magic and version only (first 8 bytes); returns the version or throws
 * MODEL_UNAVAILABLE saying what was found.
 */
export function checkGgufMagic(bytes: Uint8Array, where: string): number {
  if (bytes.length < 8) {
    throw new GuardError('MODEL_UNAVAILABLE', `${where} is not a GGUF model: the file has only ${bytes.length} bytes`, {
      hint: 'point GUARD_MODEL (or the model argument) at a llama.cpp .gguf model file',
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true);
  if (magic !== GGUF_MAGIC) {
    const seen = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new GuardError('MODEL_UNAVAILABLE', `${where} is not a GGUF model: the file starts with bytes ${seen}, wanted "GGUF"`, {
      hint: 'point GUARD_MODEL (or the model argument) at a llama.cpp .gguf model file',
    });
  }
  const version = view.getUint32(4, true);
  if (version !== 2 && version !== 3) {
    throw new GuardError('MODEL_UNAVAILABLE', `${where} is GGUF version ${version}; versions 2 and 3 are supported`, {
      hint: 'convert the model with a current llama.cpp (convert_hf_to_gguf.py)',
    });
  }
  return version;
}

/** Parses header, metadata and tensor infos. Throws GgufTruncated when `bytes` ends too early. */
export function readGgufHeader(bytes: Uint8Array, where = 'the model file'): GgufHeader {
  const version = checkGgufMagic(bytes, where);
  const r = new Reader(bytes);
  r.pos = 8;
  const tensorCount = Number(r.u64());
  const kvCount = Number(r.u64());
  if (tensorCount > 1e6 || kvCount > 1e6) {
    throw new GuardError('MODEL_UNAVAILABLE', `${where} has an implausible GGUF header (${tensorCount} tensors, ${kvCount} keys)`);
  }
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < kvCount; i++) {
    const key = r.string();
    const type = r.u32();
    metadata.set(key, r.value(type));
  }
  const tensors: GgufTensorInfo[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const name = r.string();
    const nDims = r.u32();
    const dims: number[] = [];
    for (let d = 0; d < nDims; d++) dims.push(Number(r.u64()));
    tensors.push({ name, dims, type: r.u32(), offset: r.u64() });
  }
  return { version, metadata, tensors, headerBytes: r.pos };
}

class Reader {
  pos = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): void {
    if (this.pos + n > this.bytes.length) throw new GgufTruncated();
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  u64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }
  string(): string {
    const length = Number(this.u64());
    this.need(length);
    const text = decoder.decode(this.bytes.subarray(this.pos, this.pos + length));
    this.pos += length;
    return text;
  }
  value(type: number): GgufValue {
    if (type === GgufType.ARRAY) {
      const itemType = this.u32();
      const count = Number(this.u64());
      if (itemType === GgufType.ARRAY) throw new GuardError('MODEL_UNAVAILABLE', 'nested GGUF arrays are not supported');
      const items: GgufScalar[] = new Array<GgufScalar>(count);
      for (let i = 0; i < count; i++) items[i] = this.scalar(itemType);
      return items;
    }
    return this.scalar(type);
  }
  scalar(type: number): GgufScalar {
    const v = this.view;
    const at = this.pos;
    const size = SCALAR_SIZE[type];
    if (type === GgufType.STRING) return this.string();
    if (size === undefined) throw new GuardError('MODEL_UNAVAILABLE', `unknown GGUF value type ${type} at byte ${at}`);
    this.need(size);
    this.pos += size;
    switch (type) {
      case GgufType.UINT8:
        return v.getUint8(at);
      case GgufType.INT8:
        return v.getInt8(at);
      case GgufType.UINT16:
        return v.getUint16(at, true);
      case GgufType.INT16:
        return v.getInt16(at, true);
      case GgufType.UINT32:
        return v.getUint32(at, true);
      case GgufType.INT32:
        return v.getInt32(at, true);
      case GgufType.FLOAT32:
        return v.getFloat32(at, true);
      case GgufType.BOOL:
        return v.getUint8(at) !== 0;
      case GgufType.UINT64:
        return v.getBigUint64(at, true);
      case GgufType.INT64:
        return v.getBigInt64(at, true);
      default:
        return v.getFloat64(at, true);
    }
  }
}

const SCALAR_SIZE: Partial<Record<number, number>> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

/** A typed metadata entry for the writer (types cannot be inferred from JS numbers). */
export type GgufEntry =
  | { type: 'u32' | 'i32' | 'f32' | 'u64'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: readonly string[] }
  | { type: 'u8[]' | 'i32[]' | 'f32[]'; value: ArrayLike<number> };

export interface GgufTensorInput {
  name: string;
  dims: number[];
  data: Float32Array;
}

const ALIGNMENT = 32;

/**
 * Writes a GGUF v3 file image: metadata, then F32 tensors aligned to 32 bytes. Returns the parts
 * in order (concatenate or stream them) so a large model need not exist twice in memory.
 */
export function writeGguf(metadata: ReadonlyArray<readonly [string, GgufEntry]>, tensors: readonly GgufTensorInput[]): Uint8Array[] {
  const w = new Writer();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  for (const [key, entry] of metadata) {
    w.string(key);
    w.entry(entry);
  }
  let offset = 0;
  for (const tensor of tensors) {
    const count = tensor.dims.reduce((a, b) => a * b, 1);
    if (count !== tensor.data.length) {
      throw new GuardError(
        'INPUT_INVALID',
        `tensor ${tensor.name}: dims ${tensor.dims.join('x')} hold ${count} values, data has ${tensor.data.length}`,
      );
    }
    w.string(tensor.name);
    w.u32(tensor.dims.length);
    for (const d of tensor.dims) w.u64(d);
    w.u32(0);
    w.u64(offset);
    offset = align(offset + tensor.data.byteLength);
  }
  const head = w.finish();
  const parts: Uint8Array[] = [head, new Uint8Array(align(head.length) - head.length)];
  for (const tensor of tensors) {
    const bytes = new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
    parts.push(bytes, new Uint8Array(align(bytes.length) - bytes.length));
  }
  return parts;
}

function align(n: number): number {
  return Math.ceil(n / ALIGNMENT) * ALIGNMENT;
}

const encoder = new TextEncoder();

class Writer {
  private chunks: Uint8Array[] = [];
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  private pos = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.chunks.push(this.buf.slice(0, this.pos));
    this.buf = new Uint8Array(Math.max(1 << 16, n));
    this.view = new DataView(this.buf.buffer);
    this.pos = 0;
  }
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.pos += 4;
  }
  i32(v: number): void {
    this.room(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
  }
  f32(v: number): void {
    this.room(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
  }
  u64(v: number): void {
    this.room(8);
    this.view.setBigUint64(this.pos, BigInt(v), true);
    this.pos += 8;
  }
  string(text: string): void {
    const bytes = encoder.encode(text);
    this.u64(bytes.length);
    this.room(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }
  entry(entry: GgufEntry): void {
    switch (entry.type) {
      case 'u32':
        this.u32(GgufType.UINT32);
        this.u32(entry.value);
        return;
      case 'i32':
        this.u32(GgufType.INT32);
        this.i32(entry.value);
        return;
      case 'f32':
        this.u32(GgufType.FLOAT32);
        this.f32(entry.value);
        return;
      case 'u64':
        this.u32(GgufType.UINT64);
        this.u64(entry.value);
        return;
      case 'bool':
        this.u32(GgufType.BOOL);
        this.room(1);
        this.buf[this.pos++] = entry.value ? 1 : 0;
        return;
      case 'string':
        this.u32(GgufType.STRING);
        this.string(entry.value);
        return;
      case 'string[]':
        this.u32(GgufType.ARRAY);
        this.u32(GgufType.STRING);
        this.u64(entry.value.length);
        for (const s of entry.value) this.string(s);
        return;
      case 'u8[]':
        this.u32(GgufType.ARRAY);
        this.u32(GgufType.UINT8);
        this.u64(entry.value.length);
        this.room(entry.value.length);
        for (let i = 0; i < entry.value.length; i++) this.buf[this.pos++] = entry.value[i]! & 0xff;
        return;
      case 'i32[]':
      case 'f32[]': {
        const isInt = entry.type === 'i32[]';
        this.u32(GgufType.ARRAY);
        this.u32(isInt ? GgufType.INT32 : GgufType.FLOAT32);
        this.u64(entry.value.length);
        for (const item of Array.from(entry.value)) {
          if (isInt) this.i32(item);
          else this.f32(item);
        }
        return;
      }
    }
  }
  finish(): Uint8Array {
    this.chunks.push(this.buf.slice(0, this.pos));
    const total = this.chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}
