/**
 * The gate's disk cache keyed by the upstream's validators: a stale document is revalidated with
 * If-None-Match or If-Modified-Since, a 304 serves the cached vetted answer (the same bytes, not
 * vetted again), the decision is always taken again under the judge in force, and a document with
 * something held back is vetted again from the cached bytes. A loopback upstream counts its 304s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateServer, type GateJudgement, type RunningGate } from '../../../../src/engines/registry-gate/index.js';
import { MetadataCache } from '../../../../src/engines/registry-gate/io/metadata-cache.js';
import { startPackageUpstream, type PackageUpstream } from '../../../fixtures/package-upstream.js';

const RELEASES = [
  { name: 'leaf-pkg', version: '1.0.0', ageHours: 900 },
  { name: 'aged-pkg', version: '1.0.0', ageHours: 900 },
  { name: 'aged-pkg', version: '1.1.0', ageHours: 2 },
];
const ALLOW: GateJudgement = { verdict: 'allow', message: '' };

const root = mkdtempSync(join(tmpdir(), 'gg-vetted-cache-'));
const upstreams: Record<string, PackageUpstream> = {};

beforeAll(async () => {
  upstreams.etag = await startPackageUpstream([], RELEASES, { validators: 'etag' });
  upstreams['last-modified'] = await startPackageUpstream([], RELEASES, { validators: 'last-modified' });
}, 60_000);

afterAll(async () => {
  for (const upstream of Object.values(upstreams)) await upstream.close();
  rmSync(root, { recursive: true, force: true });
});

function gate(upstream: PackageUpstream, cacheDir: string, judgement: GateJudgement = ALLOW): Promise<RunningGate> {
  return startGateServer({
    port: 0,
    upstreams: { pypi: upstream.pypi, npm: upstream.npm },
    cacheDir,
    // Always stale: every request asks the upstream whether the document changed.
    freshSeconds: 0,
    minReleaseAgeMs: () => 48 * 3_600_000,
    judge: () => Promise.resolve(judgement),
  });
}

async function get(url: string, accept = 'application/json'): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { headers: { accept } });
  return { status: response.status, body: await response.text() };
}

/** How many documents the cache in `dir` holds (a gate's close waits for its cache writes). */
function cached(dir: string): number {
  const cache = new MetadataCache(dir);
  const size = cache.size;
  cache.close();
  return size;
}

describe.each(['etag', 'last-modified'])('revalidated by %s', (validator) => {
  it('serves the cached vetted answer on a 304, and takes the decision again', async () => {
    const upstream = upstreams[validator]!;
    const dir = join(root, validator);
    const first = await gate(upstream, dir);
    const fresh = await get(`${first.npmRegistry}leaf-pkg`);
    expect(fresh.status).toBe(200);
    expect(first.stats()).toEqual({ upstreamNotModified: 0, vetReused: 0 });
    await first.close();
    // The document (its vetted answer is stored from its second use on).
    expect(cached(dir)).toBe(1);

    // A new gate (a restart, or `guard run`'s next command) on the same cache: memory is empty, the disk is not.
    // Its first use of the cached document vets it and stores the vetted answer; the next gate reuses that.
    const second = await gate(upstream, dir);
    const before = upstream.notModified();
    expect((await get(`${second.npmRegistry}leaf-pkg`)).body).toBe(fresh.body.replaceAll(first.url, second.url));
    expect(second.stats()).toEqual({ upstreamNotModified: 1, vetReused: 0 });
    await second.close();
    // The vetted answer beside it.
    expect(cached(dir)).toBe(2);
    const third = await gate(upstream, dir);
    const again = await get(`${third.npmRegistry}leaf-pkg`);
    expect(again.status).toBe(200);
    expect(upstream.notModified()).toBe(before + 2);
    expect(third.stats()).toEqual({ upstreamNotModified: 1, vetReused: 1 });
    // The same answer, its tarball URLs through the new gate.
    expect(again.body).toBe(fresh.body.replaceAll(first.url, third.url));
    expect(again.body).toContain(`${third.npmRegistry}leaf-pkg/-/leaf-pkg-1.0.0.tgz`);
    await third.close();

    // Same cache, a judge that now refuses: the cached vet is reused, the decision is not.
    const fourth = await gate(upstream, dir, { verdict: 'block', code: 'policy', message: 'denied by the new policy' });
    const refused = await get(`${fourth.npmRegistry}leaf-pkg`);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('denied by the new policy');
    expect(fourth.stats()).toEqual({ upstreamNotModified: 1, vetReused: 1 });
    await fourth.close();
  });

  it('vets again (from the cached bytes) a document that holds something back', async () => {
    const upstream = upstreams[validator]!;
    const dir = join(root, `${validator}-held`);
    const first = await gate(upstream, dir);
    const served = await get(`${first.npmRegistry}aged-pkg`);
    expect(JSON.parse(served.body).versions).not.toHaveProperty('1.1.0');
    await first.close();
    expect(cached(dir)).toBeGreaterThan(0);
    const second = await gate(upstream, dir);
    const again = await get(`${second.npmRegistry}aged-pkg`);
    expect(again.body).toBe(served.body.replaceAll(first.url, second.url));
    expect(second.stats()).toEqual({ upstreamNotModified: 1, vetReused: 0 });
    await second.close();
  });
});
