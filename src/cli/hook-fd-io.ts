/**
 * The hook process's I/O straight on file descriptors 0, 1 and 2, for dist/cli/hook.cjs: a hook
 * reads one small event and writes one small answer, and node's stream objects for pipes
 * (process.stdin/stdout are net.Sockets there) cost more to load than the rest of a short call's
 * I/O. The event is read with blocking reads up to `maxBytes` + 1 (what is past the limit is not
 * read: readEvent rejects it as too large); a terminal or character device on stdin, and a
 * non-blocking stdin that has no data yet, fall back to process.stdin, so what the hook sees is what
 * it sees through process.stdin. Writes are synchronous; a reader of stdout that went away (EPIPE)
 * ends the process quietly, as the CLI's stdout handler does; one of stderr loses the message.
 */
import { fstatSync, readSync, writeSync } from 'node:fs';
import type { CliIo } from './io.js';

const CHUNK = 64 * 1024;

/** This process's I/O with stdin, stdout and stderr on their file descriptors (see the module comment). */
export function fdIo(maxBytes: number): CliIo {
  return {
    stdin: stdinOnFd(maxBytes),
    stdout: writerOnFd(1) as CliIo['stdout'],
    stderr: writerOnFd(2) as CliIo['stderr'],
    env: process.env,
    cwd: process.cwd(),
  };
}

function stdinOnFd(maxBytes: number): NodeJS.ReadableStream {
  let device: boolean;
  try {
    device = fstatSync(0).isCharacterDevice();
  } catch {
    device = true;
  }
  // A terminal (or /dev/null): process.stdin tells the hook it is a TTY, or gives the empty event.
  if (device) return process.stdin;
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let read: number;
    try {
      read = readSync(0, chunk, 0, CHUNK, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return chained(chunks, process.stdin);
      if (code === 'EOF') break;
      throw error;
    }
    if (read === 0) break;
    chunks.push(chunk.subarray(0, read));
    size += read;
    if (size > maxBytes) break;
  }
  return chained(chunks);
}

/** An async iterable of `chunks`, then of `rest` (what readEvent iterates). */
function chained(chunks: Buffer[], rest?: AsyncIterable<Buffer | string>): NodeJS.ReadableStream {
  const iterable = {
    async *[Symbol.asyncIterator](): AsyncGenerator<Buffer | string> {
      yield* chunks;
      if (rest !== undefined) yield* rest;
    },
  };
  return iterable as unknown as NodeJS.ReadableStream;
}

function writerOnFd(fd: number): { write(chunk: string | Uint8Array): boolean } {
  return {
    write(chunk: string | Uint8Array): boolean {
      let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      while (data.length > 0) {
        let written: number;
        try {
          written = writeSync(fd, data);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') continue;
          if (code !== 'EPIPE') throw error;
          if (fd === 1) process.exit(process.exitCode ?? 0);
          return true;
        }
        data = data.subarray(written);
      }
      return true;
    },
  };
}
