/**
 * Requests to the upstream indexes: metadata read whole (up to a byte limit), files streamed.
 * Keep-alive agents, redirects followed (up to 5), a timeout on connecting and on each silence.
 * Faults are GuardError UPSTREAM_FAILED naming the URL and the cause.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { type Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { GuardError } from '../../../shared/errors.js';
import { type BufferPool } from './buffer-pool.js';

export interface UpstreamRequest {
  headers?: Record<string, string>;
  /** Milliseconds without progress before the request is abandoned. */
  timeoutMs: number;
}

export interface UpstreamMetadata {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  /** Gives `body`'s buffer back to the pool it came from (once; a no-op without a pool): `body` must not be read after. */
  release: () => void;
}

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });
const MAX_REDIRECTS = 5;
/** The first buffer for a body of unknown length (grown by doubling). */
const INITIAL_BYTES = 64 * 1024;
/** A compressed body's declared length times this: the first buffer for its inflated bytes. */
const INFLATE_GUESS = 6;

/** Opens `url` and resolves with the response (body unread), following redirects. Throws UPSTREAM_FAILED. */
export async function openUpstream(url: string, options: UpstreamRequest): Promise<{ response: IncomingMessage; url: string }> {
  let current = url;
  for (let hop = 0; ; hop++) {
    // A kept-alive socket the upstream closed meanwhile fails at once: a GET is safe to send again on a new one.
    const response = await requestOnce(current, options).catch((error: unknown) => {
      if (error instanceof StaleSocket) return requestOnce(current, options, true);
      throw error;
    });
    const location = response.headers.location;
    if (response.statusCode !== undefined && [301, 302, 303, 307, 308].includes(response.statusCode) && location && hop < MAX_REDIRECTS) {
      response.resume();
      current = new URL(location, current).href;
      continue;
    }
    return { response, url: current };
  }
}

/**
 * Reads a metadata document whole, decoded; more than `maxBytes` (decoded: a small compressed
 * answer cannot inflate past it) is UPSTREAM_FAILED (the gate's memory stays bounded). The
 * upstream is asked for gzip (a packument shrinks several times, and the transfer is what costs
 * over a real network; it is inflated as it arrives). The gate answers its clients uncompressed:
 * it rewrites URLs, and on loopback compressing again would cost more than it saves. With `pool`,
 * the body lies in a buffer of that pool, given back by the answer's `release`. `onData` is called
 * after each chunk (inflated) with the body so far, at its final offsets (a view valid only during
 * the call), so its reading overlaps the transfer.
 */
export async function fetchUpstreamMetadata(
  url: string,
  options: UpstreamRequest & { maxBytes: number; pool?: BufferPool; onData?: (received: Buffer) => void },
): Promise<UpstreamMetadata> {
  const { response, url: finalUrl } = await openUpstream(url, { ...options, headers: { 'accept-encoding': 'gzip', ...options.headers } });
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const inflate = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : undefined;
  if (!inflate && encoding !== 'identity') {
    response.destroy();
    throw new GuardError('UPSTREAM_FAILED', `${url}: the upstream answered in an encoding the gate did not ask for (${encoding})`);
  }
  const source: Readable = inflate ? response.pipe(inflate) : response;
  const { pool, onData } = options;
  // Read into one buffer as it arrives: of the declared length, else grown (never a concatenation of many chunks).
  const declared = Number(response.headers['content-length']);
  const known = Number.isSafeInteger(declared) && declared > 0;
  // Compressed, the declared length bounds nothing: a JSON document inflates about six times, so the buffer rarely grows.
  const first = !known ? INITIAL_BYTES : inflate ? Math.max(INITIAL_BYTES, declared * INFLATE_GUESS) : declared;
  const take = (size: number): Buffer => (pool ? pool.acquire(size) : Buffer.allocUnsafe(size));
  let whole = take(Math.min(first, options.maxBytes));
  let size = 0;
  // Set once the read has failed: a chunk still in flight must not land in a buffer given back.
  let failed = false;
  const drop = (): void => pool?.release(whole);
  try {
    await new Promise<void>((resolve, reject) => {
      source.on('data', (chunk: Buffer) => {
        if (failed) return;
        if (size + chunk.length > options.maxBytes) {
          failed = true;
          response.destroy();
          inflate?.destroy();
          reject(new GuardError('UPSTREAM_FAILED', `${url}: the metadata is larger than ${options.maxBytes} bytes`));
          return;
        }
        if (size + chunk.length > whole.length) {
          // No length declared, or more than declared (a server that lied): a larger buffer, the bytes so far copied once.
          const larger = take(Math.min(options.maxBytes, Math.max(2 * whole.length, size + chunk.length)));
          whole.copy(larger, 0, 0, size);
          drop();
          whole = larger;
        }
        chunk.copy(whole, size);
        size += chunk.length;
        onData?.(whole.subarray(0, size));
      });
      source.on('end', resolve);
      response.on('error', (error) => reject(upstreamError(url, error)));
      inflate?.on('error', (error) =>
        reject(new GuardError('UPSTREAM_FAILED', `${url}: the compressed answer does not inflate (${error.message})`, { cause: error })),
      );
      response.on('aborted', () => reject(new GuardError('UPSTREAM_FAILED', `${url}: the connection closed before the end`)));
    });
  } catch (error) {
    failed = true;
    source.destroy();
    drop();
    throw error;
  }
  const backing = whole;
  let released = false;
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: backing.subarray(0, size),
    url: finalUrl,
    release: () => {
      if (released) return;
      released = true;
      pool?.release(backing);
    },
  };
}

/** One request; `fresh` opens a new connection instead of taking a kept-alive one. */
function requestOnce(url: string, options: UpstreamRequest, fresh = false): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      reject(new GuardError('UPSTREAM_FAILED', `${url} is not a URL`, { cause: error }));
      return;
    }
    const secure = parsed.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      parsed,
      {
        method: 'GET',
        headers: { 'user-agent': 'groundguard-gate', ...options.headers },
        agent: fresh ? false : secure ? httpsAgent : httpAgent,
        timeout: options.timeoutMs,
      },
      (response) => {
        response.setTimeout(options.timeoutMs, () => response.destroy(new Error(`no data for ${options.timeoutMs} ms`)));
        resolve(response);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${options.timeoutMs} ms`)));
    request.on('error', (error: Error & { code?: string }) => {
      const stale = !fresh && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new StaleSocket(error.code) : upstreamError(url, error));
    });
    request.end();
  });
}

class StaleSocket extends Error {}

function upstreamError(url: string, error: Error & { code?: string }): GuardError {
  const origin = safeOrigin(url);
  return new GuardError('UPSTREAM_FAILED', `upstream ${origin} unreachable: ${error.code ?? error.message}`, {
    hint: 'check the network, or point the gate at a reachable mirror with --upstream-pypi / --upstream-npm',
    cause: error,
  });
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
