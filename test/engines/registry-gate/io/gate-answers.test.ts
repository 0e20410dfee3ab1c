/**
 * How the gate answers metadata on the wire: every page and packument with its length declared
 * (one write, never a chunked answer) and uncompressed, for any Accept a client sends.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateServer, type RunningGate } from '../../../../src/engines/registry-gate/index.js';
import { startPackageUpstream, type PackageUpstream } from '../../../fixtures/package-upstream.js';

let upstream: PackageUpstream;
let gate: RunningGate;

beforeAll(async () => {
  upstream = await startPackageUpstream(
    [{ name: 'leaf-py', version: '1.0.0', ageHours: 900 }],
    [{ name: 'leaf-pkg', version: '1.0.0', ageHours: 900 }],
  );
  gate = await startGateServer({
    port: 0,
    upstreams: { pypi: upstream.pypi, npm: upstream.npm },
    minReleaseAgeMs: () => 48 * 3_600_000,
    judge: () => Promise.resolve({ verdict: 'allow', message: '' }),
  });
}, 60_000);

afterAll(async () => {
  await gate.close();
  await upstream.close();
});

function answer(path: string, accept: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${gate.url}${path}`, { headers: { accept, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gate metadata answers', () => {
  it.each([
    ['/pypi/simple/leaf-py/', 'application/vnd.pypi.simple.v1+json'],
    ['/pypi/simple/leaf-py/', 'text/html'],
    ['/npm/leaf-pkg', 'application/json'],
    ['/npm/leaf-pkg', 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*'],
  ])('%s for %s: Content-Length, not chunked, not compressed', async (path, accept) => {
    const { status, headers, body } = await answer(path, accept);
    expect(status).toBe(200);
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers['content-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.toString('utf8')).toContain('leaf-');
  });
});
