/** One HTTP GET that downloads a whole body with progress, an idle timeout and faults as GuardErrors. */
import { GuardError } from '../../../shared/errors.js';

/** Called as bytes arrive: bytes so far, and the expected total when the server says it. */
export type OnProgress = (done: number, total?: number) => void;

export interface HttpGetOptions {
  /** The Accept header to send. */
  accept?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Cancels the request; the signal's reason is rethrown as is. */
  signal?: AbortSignal;
  onProgress?: OnProgress;
  /** Abort when nothing arrives for this long (ms), while waiting for headers or between body chunks. */
  timeoutMs?: number;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

const NETWORK_HINT = 'check the network or pass --registry/--index-url to a mirror';

/**
 * Downloads `url` into memory. The timeout is an idle timeout, so a large but steady download never
 * times out. Throws GuardError UPSTREAM_FAILED on a non-2xx answer, a network error or a timeout; a
 * caller's abort rethrows `signal.reason`.
 */
export async function httpGet(url: string, opts: HttpGetOptions = {}): Promise<Uint8Array> {
  const shown = displayUrl(url);
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  opts.signal?.throwIfAborted();

  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const rearm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const forwardAbort = (): void => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', forwardAbort, { once: true });

  const fault = (error: unknown): unknown => {
    if (opts.signal?.aborted) return opts.signal.reason;
    if (error instanceof GuardError) return error;
    if (timedOut) {
      return new GuardError('UPSTREAM_FAILED', `GET ${shown} timed out: nothing arrived for ${timeoutMs} ms`, {
        hint: NETWORK_HINT,
        cause: error,
      });
    }
    return new GuardError('UPSTREAM_FAILED', `GET ${shown} failed: ${describeNetworkError(error)}`, {
      hint: NETWORK_HINT,
      cause: error,
    });
  };

  rearm();
  try {
    const headers: Record<string, string> = {};
    if (opts.accept !== undefined) headers.accept = opts.accept;
    const response = await fetchImpl(url, { headers, signal: controller.signal, redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const status = `${response.status} ${response.statusText}`.trim();
      const hint = hintForStatus(response.status);
      throw new GuardError('UPSTREAM_FAILED', `GET ${shown} answered ${status}`, { hint });
    }
    return await readBody(response, rearm, opts.onProgress);
  } catch (error) {
    throw fault(error);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The URL without user info, safe for messages and snapshot sources. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function readBody(response: Response, rearm: () => void, onProgress?: OnProgress): Promise<Uint8Array> {
  // fetch decompresses a Content-Encoding, so Content-Length then counts other bytes than we do.
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const total = !encoded && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
  if (response.body === null) return new Uint8Array(0);

  const chunks: Uint8Array[] = [];
  let done = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    rearm();
    chunks.push(value);
    done += value.byteLength;
    onProgress?.(done, total);
  }
  const [only] = chunks;
  return chunks.length === 1 && only !== undefined ? only : Buffer.concat(chunks, done);
}

function hintForStatus(status: number): string {
  if (status === 404 || status === 410) return 'check the URL, or pass --registry/--index-url to a mirror that has it';
  if (status === 401 || status === 403) {
    return 'the registry refused access; check its credentials or pass --registry/--index-url to a mirror';
  }
  return 'the registry may be down or rate-limiting; try again later or pass --registry/--index-url to a mirror';
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${error.message} (${code})` : `${error.message}: ${cause.message}`;
  }
  return error.message;
}
