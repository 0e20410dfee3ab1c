/**
 * The gate benchmark's client, modelled on npm's and pip's: one keep-alive pool per origin, a
 * redirect followed on it, a request on a kept-alive socket the server has just closed sent again
 * (counted), a tarball's bytes checked against its sha512 as they arrive; and the interleaved
 * rounds the benchmark measures with.
 */
import { createHash } from 'node:crypto';
import { request, type Agent } from 'node:http';

export interface Pairs {
  direct: number[];
  gate: number[];
}

/** Alternating direct/gate requests (half the pairs each way round), milliseconds each. */
export function pairs(
  count: number,
  direct: (i: number) => string,
  gate: (i: number) => string,
  agent: Agent,
  options: GetOptions = {},
): Promise<Pairs> {
  return interleave(count, { direct, gate }, agent, options).then((times) => ({ direct: times.direct!, gate: times.gate! }));
}

/** Request i of every side in turn, the order rotated each round (each side first as often as the others); milliseconds each. */
export async function interleave(
  count: number,
  sides: Record<string, (i: number) => string>,
  agent: Agent,
  options: GetOptions = {},
): Promise<Record<string, number[]>> {
  const names = Object.keys(sides);
  const out: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < names.length; k++) {
      const side = names[(i + k) % names.length]!;
      const start = performance.now();
      const status = await get(agent, sides[side]!(i), options);
      if (status !== 200) throw new Error(`${side} request ${i} answered ${status}`);
      out[side]!.push(performance.now() - start);
    }
  }
  return out;
}

export interface GetOptions {
  headers?: Record<string, string>;
  /** The body's expected `sha512-<base64>`: hashed as it arrives and checked at the end (npm's ssri). */
  integrity?: string;
}

/** A request on a kept-alive socket the server has just closed is sent again up to this many times (npm's fetch-retries default). */
const RETRIES = 2;

/** Requests sent again after a kept-alive socket was reset by the server, by origin. */
export const retried = new Map<string, number>();

/**
 * GET with the body read (and hashed when `integrity` is given); a redirect is followed (as clients
 * do) and its time counted; a reset on a reused socket is retried (up to RETRIES). Resolves with the final status.
 */
export function get(agent: Agent, url: string, options: GetOptions = {}, hops = 0, retries = RETRIES): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: options.headers ?? {} }, (res) => {
      const location = res.headers.location;
      if (res.statusCode !== undefined && res.statusCode >= 301 && res.statusCode <= 308 && location && hops < 5) {
        res.resume();
        res.on('end', () => void get(agent, new URL(location, url).href, options, hops + 1).then(resolve, reject));
        return;
      }
      const hash = options.integrity !== undefined && res.statusCode === 200 ? createHash('sha512') : undefined;
      res.on('data', hash ? (chunk: Buffer) => void hash.update(chunk) : () => {});
      res.on('end', () => {
        if (hash && `sha512-${hash.digest('base64')}` !== options.integrity) reject(new Error(`${url}: integrity check failed`));
        else resolve(res.statusCode ?? 0);
      });
      res.on('error', reject);
    });
    req.on('error', (error: Error & { code?: string }) => {
      if (retries > 0 && req.reusedSocket && error.code === 'ECONNRESET') {
        const origin = new URL(url).origin;
        retried.set(origin, (retried.get(origin) ?? 0) + 1);
        get(agent, url, options, hops, retries - 1).then(resolve, reject);
        return;
      }
      reject(error);
    });
    req.end();
  });
}
