/**
 * Reading a GGUF file's header and metadata from disk (checked before the file is handed to
 * llama.cpp, so a wrong path or a non-model file is a clear MODEL_UNAVAILABLE, not a crash).
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

import { GuardError } from '../../../shared/errors.js';
import { checkGgufMagic, GgufTruncated, readGgufHeader, type GgufHeader } from '../gguf.js';

const HINT = 'set GUARD_MODEL (or pass the model argument) to the path of a llama.cpp .gguf model';

/** Reads only as much of the file as the header needs (doubling reads), and checks it. */
export function readGgufFileHeader(path: string): GgufHeader {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new GuardError('MODEL_UNAVAILABLE', `model path ${path} is not a file`, { hint: HINT });
    size = stat.size;
  } catch (error) {
    if (error instanceof GuardError) throw error;
    throw new GuardError('MODEL_UNAVAILABLE', `cannot read the model file ${path}: ${(error as Error).message}`, {
      hint: HINT,
      cause: error,
    });
  }
  const fd = openSync(path, 'r');
  try {
    let length = Math.min(size, 4 * 1024 * 1024);
    for (;;) {
      const buffer = new Uint8Array(length);
      const read = readSync(fd, buffer, 0, length, 0);
      const bytes = buffer.subarray(0, read);
      checkGgufMagic(bytes, `model file ${path}`);
      try {
        return readGgufHeader(bytes, `model file ${path}`);
      } catch (error) {
        if (!(error instanceof GgufTruncated)) throw error;
        if (length >= size) {
          throw new GuardError(
            'MODEL_UNAVAILABLE',
            `model file ${path} is truncated: its GGUF header runs past the end of the file (${size} bytes)`,
            { hint: HINT },
          );
        }
        length = Math.min(size, length * 2);
      }
    }
  } finally {
    closeSync(fd);
  }
}
