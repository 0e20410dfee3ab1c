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
}

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });
const MAX_REDIRECTS = 5;

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
 * it rewrites URLs, and on loopback compressing again would cost more than it saves.
 */
export async function fetchUpstreamMetadata(url: string, options: UpstreamRequest & { maxBytes: number }): Promise<UpstreamMetadata> {
  const { response, url: finalUrl } = await openUpstream(url, { ...options, headers: { 'accept-encoding': 'gzip', ...options.headers } });
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const inflate = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : undefined;
  if (!inflate && encoding !== 'identity') {
    response.destroy();
    throw new GuardError('UPSTREAM_FAILED', `${url}: the upstream answered in an encoding the gate did not ask for (${encoding})`);
  }
  const source: Readable = inflate ? response.pipe(inflate) : response;
  // With a declared length the body is copied into one buffer as it arrives (no concatenation after the last byte).
  const declared = inflate ? NaN : Number(response.headers['content-length']);
  let whole = Number.isSafeInteger(declared) && declared > 0 && declared <= options.maxBytes ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    source.on('data', (chunk: Buffer) => {
      if (size + chunk.length > options.maxBytes) {
        response.destroy();
        inflate?.destroy();
        reject(new GuardError('UPSTREAM_FAILED', `${url}: the metadata is larger than ${options.maxBytes} bytes`));
        return;
      }
      if (whole && size + chunk.length <= whole.length) {
        chunk.copy(whole, size);
        size += chunk.length;
        return;
      }
      // More than declared (a server that lied): the part read so far and the rest, joined at the end.
      if (whole) chunks.push(whole.subarray(0, size));
      whole = undefined;
      chunks.push(chunk);
      size += chunk.length;
    });
    source.on('end', resolve);
    response.on('error', (error) => reject(upstreamError(url, error)));
    inflate?.on('error', (error) =>
      reject(new GuardError('UPSTREAM_FAILED', `${url}: the compressed answer does not inflate (${error.message})`, { cause: error })),
    );
    response.on('aborted', () => reject(new GuardError('UPSTREAM_FAILED', `${url}: the connection closed before the end`)));
  });
  const body = whole ? whole.subarray(0, size) : Buffer.concat(chunks, size);
  return { status: response.statusCode ?? 0, headers: response.headers, body, url: finalUrl };
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
