/**
 * Word vectors for the semantic evidence: a compact binary table (int8 vectors with one scale
 * each, words sorted by their UTF-8 bytes with an offset index, searched in place) that opens
 * without decoding anything, and its encoder.
 */

/** What the scorer needs from an embedding table. */
export interface WordVectors {
  readonly dimensions: number;
  readonly size: number;
  /** Unit-length vector of `word` (lower case), or undefined when the table lacks it. */
  vector(word: string): Float32Array | undefined;
  /** Frequency rank of `word` in the source (0 = most frequent), or undefined when unknown. */
  rank(word: string): number | undefined;
}

export interface WordVectorEntry {
  word: string;
  rank: number;
  vector: ArrayLike<number>;
}

const MAGIC = 'GGEMB002';
const FORMAT_VERSION = 2;

export interface WordVectorTableMeta {
  version: number;
  dimensions: number;
  count: number;
  /** Byte length of the sorted words, concatenated (an offsets table follows them). */
  wordBytes: number;
  /** Free-form facts about the source, checked by the cache to decide staleness. */
  source: Record<string, string | number>;
}

const align4 = (n: number): number => (n + 3) & ~3;

/** Encodes entries into the binary table: O(n log n) for the sort, one byte per component. */
export function encodeWordVectors(entries: WordVectorEntry[], dimensions: number, source: WordVectorTableMeta['source']): Uint8Array {
  const byWord = new Map<string, WordVectorEntry>();
  for (const entry of entries) if (!byWord.has(entry.word)) byWord.set(entry.word, entry);
  const encoder = new TextEncoder();
  const sorted = [...byWord.values()].map((e) => ({ ...e, bytes: encoder.encode(e.word) })).sort((a, b) => compareBytes(a.bytes, b.bytes));
  const count = sorted.length;
  const words = new Uint8Array(sorted.reduce((n, e) => n + e.bytes.length, 0));
  const offsets = new Uint32Array(count + 1);
  sorted.forEach((e, i) => {
    words.set(e.bytes, offsets[i]);
    offsets[i + 1] = offsets[i]! + e.bytes.length;
  });
  const meta: WordVectorTableMeta = { version: FORMAT_VERSION, dimensions, count, wordBytes: words.length, source };
  const metaBytes = new TextEncoder().encode(JSON.stringify(meta));
  const wordsStart = align4(12 + metaBytes.length);
  const offsetsStart = align4(wordsStart + words.length);
  const ranksStart = offsetsStart + 4 * (count + 1);
  const out = new Uint8Array(ranksStart + count * (8 + dimensions));
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(8, metaBytes.length, true);
  out.set(metaBytes, 12);
  out.set(words, wordsStart);
  new Uint32Array(out.buffer, offsetsStart, count + 1).set(offsets);
  const ranks = new Uint32Array(out.buffer, ranksStart, count);
  const scales = new Float32Array(out.buffer, ranksStart + 4 * count, count);
  const vectors = new Int8Array(out.buffer, ranksStart + 8 * count, count * dimensions);
  sorted.forEach((entry, i) => {
    ranks[i] = entry.rank;
    let max = 0;
    for (let d = 0; d < dimensions; d++) max = Math.max(max, Math.abs(entry.vector[d] ?? 0));
    const scale = max === 0 ? 1 : max / 127;
    scales[i] = scale;
    for (let d = 0; d < dimensions; d++) vectors[i * dimensions + d] = Math.round((entry.vector[d] ?? 0) / scale);
  });
  return out;
}

/** Reads a table's metadata; undefined when the bytes are not a table of this format version. */
export function readWordVectorMeta(bytes: Uint8Array): WordVectorTableMeta | undefined {
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) return undefined;
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  if (12 + length > bytes.length) return undefined;
  try {
    const meta = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length))) as WordVectorTableMeta;
    return meta.version === FORMAT_VERSION ? meta : undefined;
  } catch {
    return undefined;
  }
}

/** Opens an encoded table in place (no copy, no decoding: O(1)); lookups are binary searches over the bytes. Undefined when malformed. */
export function decodeWordVectors(input: Uint8Array): WordVectors | undefined {
  const meta = readWordVectorMeta(input);
  if (!meta) return undefined;
  // Typed-array views need 4-byte alignment of the underlying buffer offset.
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  const { count, dimensions } = meta;
  const metaLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const wordsStart = align4(12 + metaLength);
  const offsetsStart = align4(wordsStart + meta.wordBytes);
  const ranksStart = offsetsStart + 4 * (count + 1);
  if (ranksStart + count * (8 + dimensions) > bytes.length) return undefined;
  const words = bytes.subarray(wordsStart, wordsStart + meta.wordBytes);
  const offsets = new Uint32Array(bytes.buffer, bytes.byteOffset + offsetsStart, count + 1);
  if (offsets[count] !== meta.wordBytes) return undefined;
  const encoder = new TextEncoder();
  const ranks = new Uint32Array(bytes.buffer, bytes.byteOffset + ranksStart, count);
  const scales = new Float32Array(bytes.buffer, bytes.byteOffset + ranksStart + 4 * count, count);
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset + ranksStart + 8 * count, count * dimensions);
  const cache = new Map<string, Float32Array | undefined>();
  const indexOf = (word: string): number => {
    const target = encoder.encode(word);
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = compareBytes(words.subarray(offsets[mid], offsets[mid + 1]), target);
      if (order === 0) return mid;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  return {
    dimensions,
    size: count,
    rank(word) {
      const i = indexOf(word);
      return i < 0 ? undefined : ranks[i];
    },
    vector(word) {
      if (cache.has(word)) return cache.get(word);
      const i = indexOf(word);
      let unit: Float32Array | undefined;
      if (i >= 0) {
        unit = new Float32Array(dimensions);
        let norm = 0;
        for (let d = 0; d < dimensions; d++) {
          const value = vectors[i * dimensions + d]! * scales[i]!;
          unit[d] = value;
          norm += value * value;
        }
        norm = Math.sqrt(norm);
        if (norm === 0) unit = undefined;
        else for (let d = 0; d < dimensions; d++) unit[d]! /= norm;
      }
      if (cache.size > 50_000) cache.clear();
      cache.set(word, unit);
      return unit;
    },
  };
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** A table with no words: lexical evidence only. */
export const NO_WORD_VECTORS: WordVectors = { dimensions: 0, size: 0, vector: () => undefined, rank: () => undefined };

/** Cosine of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
