/**
 * `npm run bench -- gate`: the registry gate (the built `guard gate`, its own process) against
 * going to the same loopback upstream directly, in one run. Metadata, per kind (npm full and
 * abbreviated packuments, PyPI PEP 691 JSON and PEP 503 HTML pages), 400 projects new to the gate
 * each: direct, a do-nothing proxy (the cost of any extra hop) and the gate interleaved, p50/p99,
 * the gate's added p50 against the 2 ms target, the gate's and the proxy's CPU per request (the
 * gate's kernel share apart), the gate's garbage collections (`--trace-gc`, full and young) and the load average; a repeated project (gate memory); the gate's
 * open file descriptors (a leak per request would show). Tarballs in both file modes (redirect,
 * the default, and --stream-files), p50/p99 and throughput ratios; requests per second, failures,
 * the gate's CPU per request and mark-compact GCs, and its peak memory under 200 concurrent requests. The packument is the real `express`
 * one when registry.npmjs.org answers, else a synthetic one of the same shape.
 * The metadata cache's own cost (`gate-cache.ts`: CPU per document stored and read back, in-process) follows the
 * metadata table. `GATE_BENCH_ONLY=metadata` stops after it, `GATE_BENCH_ONLY=load` skips the tarball rows;
 * `GATE_BENCH_PROF=<dir>` writes the gates' CPU profiles there; `GATE_BENCH_CLI=<main.js>` runs another build's
 * gate (an older commit's `dist/cli/main.js`) against the same world, to compare two builds; `GATE_BENCH_NODE_FLAGS`
 * passes V8 flags to the gate process alone (heap settings compared on one build).
 *
 * The client is modelled on npm's and pip's: one keep-alive connection pool per origin (npm's
 * @npmcli/agent, pip's requests.Session), used alike for the direct and the gated requests, so a
 * 307 costs one round trip on an already open socket; a request on a kept-alive socket that the
 * server has just closed is sent again, up to twice (npm's fetch-retries default; urllib3 retries
 * too), counted apart; and each tarball's bytes are checked against its sha512 integrity as they arrive (npm's
 * ssri; pip checks sha256), which a bare "read and discard" client (also reported) skips.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importAllowlist } from '../src/app/packages/manage-allowlists.js';
import { benchMetadataCache } from './gate-cache.js';
import { get, interleave, pairs, retried, type Pairs } from './gate-client.js';
import { abbreviate, metadataKinds, packumentBody, pypiPage } from './gate-world.js';
import { startWorldProcess } from './gate-world-process.js';
import { median, percentile, table } from './stats.js';

const PROJECTS = 400;
/** The issue's target: the gate adds at most this much to a metadata request's p50. */
const TARGET_MS = 2;
/** Names 0 … 4 × PROJECTS − 1 are the metadata kinds' (kind k: k × PROJECTS + i); this one only warms the paths. */
const WARM_NAME = 4 * PROJECTS;
const TARBALL_BYTES = 8 * 1024 * 1024;
const TARBALL_RUNS = 30;
/** The tarball comparison is run this many times (each interleaved); the report gives each run's ratio and their median. */
const TARBALL_REPEATS = 3;
const CONCURRENCY = 200;
const LOAD_REQUESTS = 4000;

export async function benchGate(): Promise<void> {
  const cli = process.env.GATE_BENCH_CLI ?? join(process.cwd(), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) {
    process.stdout.write('dist/ is missing: run `npm run build` first\n');
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'gg-bench-gate-'));
  const env = { GUARD_HOME: join(root, 'home'), GUARD_CONFIG_HOME: join(root, 'config'), HOME: root, PATH: process.env.PATH };
  mkdirSync(join(root, 'lists'), { recursive: true });
  const names = Array.from({ length: WARM_NAME + 1 }, (_, i) => `bench-pkg-${i}`);
  writeFileSync(join(root, 'lists', 'names.txt'), `${names.join('\n')}\n`);
  await importAllowlist('npm', join(root, 'lists', 'names.txt'), { date: '2026-11-01' }, { env });
  await importAllowlist('pypi', join(root, 'lists', 'names.txt'), { date: '2026-11-01' }, { env });

  const { body: packumentTemplate, source } = await packumentBody();
  const tarball = randomBytes(TARBALL_BYTES);
  const simplePage = pypiPage();
  const abbreviatedTemplate = abbreviate(packumentTemplate);
  // The upstreams and the proxy run in processes of their own, as a registry does (see gate-world-process.ts).
  const world = join(root, 'world');
  mkdirSync(world);
  const files = {
    packument: join(world, 'packument.json'),
    abbreviated: join(world, 'abbreviated.json'),
    page: join(world, 'page.json'),
    tarball: join(world, 'tarball.tgz'),
  };
  writeFileSync(files.packument, packumentTemplate);
  writeFileSync(files.abbreviated, abbreviatedTemplate);
  writeFileSync(files.page, simplePage);
  writeFileSync(files.tarball, tarball);
  const fast = await startWorldProcess({ kind: 'upstream', ...files, mbPerSecond: 0 });
  // A link of about 100 MB/s (a fast CDN): the case where a tarball's time is the network's, not the CPU's.
  const slow = await startWorldProcess({ kind: 'upstream', ...files, mbPerSecond: 100 });
  const base = fast.base;
  const proxy = await startWorldProcess({ kind: 'proxy', upstream: fast.base });
  const gateProcess = await startGate(cli, env, fast.base);
  const streamGate = await startGate(cli, env, fast.base, ['--stream-files']);
  const slowGate = await startGate(cli, env, slow.base);
  const slowStreamGate = await startGate(cli, env, slow.base, ['--stream-files']);
  const gates = [gateProcess, streamGate, slowGate, slowStreamGate];
  const gate = gateProcess.child;
  const gateUrl = gateProcess.url;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const loadStart = loadavg()[0]!;
  try {
    // Warm every path (name lists loaded in the gates, sockets open).
    for (const g of gates) await get(agent, `${g.url}/npm/bench-pkg-${WARM_NAME}`);
    await get(agent, `${base}/registry/bench-pkg-${WARM_NAME}`);
    await get(agent, `${proxy.base}/registry/bench-pkg-${WARM_NAME}`);
    const fdsAtStart = openFiles(gate.pid!);
    // Per metadata kind: direct, a do-nothing proxy and the gate, interleaved (order rotated), new projects each round;
    // the gate's CPU (user + system, whole process: background cache writes included) over its requests of that kind.
    const kinds = metadataKinds(base, proxy.base, gateUrl, PROJECTS);
    const metadata: Array<{
      label: string;
      times: Record<string, number[]>;
      cpuMs: number;
      systemMs: number;
      proxyMs: number;
      load: number;
      gcs: string;
    }> = [];
    for (const kind of kinds) {
      const cpuBefore = cpuSplit(gate.pid!);
      const proxyBefore = cpuSplit(proxy.child.pid!);
      const gcBefore = { ...gateProcess.gcs };
      const times = await interleave(PROJECTS, kind.sides, agent, { headers: kind.headers });
      const cpuAfter = cpuSplit(gate.pid!);
      const proxyAfter = cpuSplit(proxy.child.pid!);
      const perRequest = (seconds: number): number => (seconds * 1000) / PROJECTS;
      metadata.push({
        label: kind.label,
        times,
        cpuMs: perRequest(cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system),
        systemMs: perRequest(cpuAfter.system - cpuBefore.system),
        proxyMs: perRequest(proxyAfter.user + proxyAfter.system - proxyBefore.user - proxyBefore.system),
        load: loadavg()[0]!,
        gcs: `${gateProcess.gcs.markCompact - gcBefore.markCompact} (${gateProcess.gcs.scavenge - gcBefore.scavenge})`,
      });
    }
    const npmWarm = await pairs(
      PROJECTS,
      () => `${base}/registry/bench-pkg-0`,
      () => `${gateUrl}/npm/bench-pkg-0`,
      agent,
    );
    process.stdout.write(
      `packument: ${source} (${(packumentTemplate.length / 1024).toFixed(0)} KB; abbreviated ${(abbreviatedTemplate.length / 1024).toFixed(0)} KB); PyPI page ${(simplePage.length / 1024).toFixed(0)} KB (JSON); ${PROJECTS} projects per kind; load average at start ${loadStart.toFixed(1)}\n` +
        'client model (npm, pip): one keep-alive pool per origin for direct and gated requests alike (a 307 is one round trip on an open socket), a request on a reset kept-alive socket retried up to twice, tarballs checked against sha512 as they arrive; ' +
        'the upstreams, the proxy and the gates each in a process of their own, apart from the client\n\n',
    );
    process.stdout.write(
      `metadata, ${PROJECTS} new projects per kind, direct / do-nothing proxy / gate interleaved (ms; target: gate − direct ≤ ${TARGET_MS} ms p50):\n`,
    );
    process.stdout.write(
      table(
        [
          'metadata request',
          'direct p50',
          'proxy p50',
          'gate p50',
          'direct p99',
          'proxy p99',
          'gate p99',
          'gate − direct p50',
          'gate − proxy p50',
          'gate CPU ms/req (of it kernel)',
          'proxy CPU ms/req',
          `gate mark-compact GCs (scavenges) in ${PROJECTS}`,
          'load avg',
          'target',
        ],
        [
          ...metadata.map(({ label, times, cpuMs, systemMs, proxyMs, load, gcs }) => {
            const added = p50(times.gate!) - p50(times.direct!);
            return [
              label,
              ms(p50(times.direct!)),
              ms(p50(times.proxy!)),
              ms(p50(times.gate!)),
              ms(p99(times.direct!)),
              ms(p99(times.proxy!)),
              ms(p99(times.gate!)),
              added.toFixed(2),
              (p50(times.gate!) - p50(times.proxy!)).toFixed(2),
              `${cpuMs.toFixed(2)} (${systemMs.toFixed(2)})`,
              proxyMs.toFixed(2),
              gcs,
              load.toFixed(1),
              added <= TARGET_MS ? 'met' : 'missed',
            ];
          }),
          [
            'npm packument, same project (gate memory)',
            ms(p50(npmWarm.direct)),
            '',
            ms(p50(npmWarm.gate)),
            ms(p99(npmWarm.direct)),
            '',
            ms(p99(npmWarm.gate)),
            (p50(npmWarm.gate) - p50(npmWarm.direct)).toFixed(2),
            '',
            '',
            '',
            '',
            loadavg()[0]!.toFixed(1),
            '',
          ],
        ],
      ),
    );
    const fdsAfterMetadata = openFiles(gate.pid!);
    process.stdout.write(
      `gate open file descriptors (sockets included): ${fdsAtStart} after warm-up, ${fdsAfterMetadata} after ${kinds.length * PROJECTS + PROJECTS} more metadata requests\n`,
    );
    process.stdout.write(
      await benchMetadataCache({ 'npm packument': Buffer.from(packumentTemplate), 'PyPI page': Buffer.from(simplePage) }),
    );
    if (process.env.GATE_BENCH_ONLY === 'metadata') return;
    if (process.env.GATE_BENCH_ONLY !== 'load')
      await benchTarballs(
        agent,
        {
          base,
          proxy: proxy.base,
          gate: gateUrl,
          stream: streamGate.url,
          slow: slow.base,
          slowGate: slowGate.url,
          slowStream: slowStreamGate.url,
        },
        tarball,
      );
    const mb = TARBALL_BYTES / 1048576;
    // Load: 200 in flight, a mix of packuments (new and known projects) and tarballs (redirected, then fetched from the upstream).
    const baseline = gateRss(gate.pid!);
    const loadCpu = cpuSplit(gate.pid!);
    const loadGcs = { ...gateProcess.gcs };
    let failed = 0;
    const failures = new Map<string, number>();
    let next = 0;
    const started = performance.now();
    const worker = async (): Promise<void> => {
      while (next < LOAD_REQUESTS) {
        const i = next++;
        const url =
          i % 10 === 0
            ? `${gateUrl}/npm/bench-pkg-${i % PROJECTS}/-/bench-pkg-${i % PROJECTS}-1.0.0.tgz`
            : `${gateUrl}/npm/bench-pkg-${i % PROJECTS}`;
        const status = await get(agent, url).catch((error: Error & { code?: string }) => error.code ?? error.message);
        if (status !== 200) {
          failed++;
          failures.set(String(status), (failures.get(String(status)) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const peak = gateRss(gate.pid!);
    const loadCpuAfter = cpuSplit(gate.pid!);
    const loadCpuMs = ((loadCpuAfter.user + loadCpuAfter.system - loadCpu.user - loadCpu.system) * 1000) / LOAD_REQUESTS;
    // Kept-alive client sockets close after the server's keep-alive timeout; the agent is still open here, so they count.
    const fdsAfterLoad = openFiles(gate.pid!);
    process.stdout.write(
      `\nload: ${LOAD_REQUESTS} requests, ${CONCURRENCY} concurrent (1 in 10 a ${mb} MB tarball): ${(LOAD_REQUESTS / seconds).toFixed(0)} requests/s, ${failed} failed (target 0)${failed > 0 ? ` [${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')}]` : ''}; gate CPU ${loadCpuMs.toFixed(2)} ms/req, ${gateProcess.gcs.markCompact - loadGcs.markCompact} mark-compact GCs; gate memory: peak RSS ${peak.hwm} MB (${baseline.rss} MB before the load); open file descriptors ${fdsAfterLoad} (${fdsAfterMetadata} before; kept-alive client sockets, up to ${CONCURRENCY}, and upstream ones count)\n`,
    );
    const names = new Map([
      [new URL(base).origin, 'loopback upstream'],
      [new URL(slow.base).origin, '100 MB/s upstream'],
      [new URL(proxy.base).origin, 'proxy'],
      ...gates.map((g): [string, string] => [new URL(g.url).origin, 'gate']),
    ]);
    process.stdout.write(
      `requests sent again after a kept-alive socket reset: ${retried.size === 0 ? 'none' : [...retried].map(([origin, n]) => `${names.get(origin) ?? origin} ${n}`).join(', ')}; load average at the end ${loadavg()[0]!.toFixed(1)}\n`,
    );
  } finally {
    agent.destroy();
    // A gate saves its cache index as it stops: the folder goes only once every gate has exited.
    const exited = gates.map((g) => new Promise((done) => (g.child.exitCode === null ? g.child.once('exit', done) : done(null))));
    for (const g of gates) g.child.kill('SIGTERM');
    for (const started of [fast, slow, proxy]) started.close();
    await Promise.race([Promise.all(exited), new Promise((done) => setTimeout(done, 10_000).unref())]);
    rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Tarballs in both file modes against direct, interleaved and repeated; throughput as a share of direct. */
async function benchTarballs(
  agent: Agent,
  urls: Record<'base' | 'proxy' | 'gate' | 'stream' | 'slow' | 'slowGate' | 'slowStream', string>,
  tarball: Buffer,
): Promise<void> {
  const mb = TARBALL_BYTES / 1048576;
  const tarballPath = '/registry/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz';
  const gateTarball = '/npm/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz';
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  const tarSides = {
    direct: () => `${urls.base}${tarballPath}`,
    proxy: () => `${urls.proxy}${tarballPath}`,
    redirect: () => `${urls.gate}${gateTarball}`,
    stream: () => `${urls.stream}${gateTarball}`,
  };
  // Repeated, each time both client models; the two alternate so that neither gets the quieter moments.
  const tarRuns: Array<{ client: Record<string, number[]>; bare: Record<string, number[]>; load: number }> = [];
  for (let r = 0; r < TARBALL_REPEATS; r++) {
    const client = await interleave(TARBALL_RUNS, tarSides, agent, { integrity });
    const bare = await interleave(TARBALL_RUNS, tarSides, agent);
    tarRuns.push({ client, bare, load: loadavg()[0]! });
  }
  const tar = merge(tarRuns.map((run) => run.client));
  const tarSlow = await interleave(
    10,
    {
      direct: () => `${urls.slow}${tarballPath}`,
      redirect: () => `${urls.slowGate}${gateTarball}`,
      stream: () => `${urls.slowStream}${gateTarball}`,
    },
    agent,
    { integrity },
  );
  const rows = [
    row(`tarball ${mb} MB, loopback upstream, redirect (default)`, { direct: tar.direct!, gate: tar.redirect! }),
    row(`tarball ${mb} MB, loopback upstream, --stream-files`, { direct: tar.direct!, gate: tar.stream! }),
    row(`tarball ${mb} MB, upstream at ~100 MB/s, redirect (default)`, { direct: tarSlow.direct!, gate: tarSlow.redirect! }),
    row(`tarball ${mb} MB, upstream at ~100 MB/s, --stream-files`, { direct: tarSlow.direct!, gate: tarSlow.stream! }),
  ];
  process.stdout.write('\n');
  process.stdout.write(table(['request', 'direct p50', 'gate p50', 'direct p99', 'gate p99', 'added p50 ms', 'ratio p50'], rows));
  const throughput = (times: number[]): number => mb / (p50(times) / 1000);
  const ratio = (times: number[], direct: number[]): string => `${((p50(direct) / p50(times)) * 100).toFixed(1)} %`;
  const percent = (side: string, times: Record<string, number[]>): number => (p50(times.direct!) / p50(times[side]!)) * 100;
  const runs = (model: 'client' | 'bare', side: string): string => {
    const each = tarRuns.map((run) => percent(side, run[model]));
    return `${median(each).toFixed(1)} % (runs ${each.map((v) => v.toFixed(1)).join(' / ')})`;
  };
  process.stdout.write(
    `\ntarball throughput, loopback upstream, % of direct, median of ${TARBALL_REPEATS} interleaved runs of ${TARBALL_RUNS} (load average ${tarRuns.map((run) => run.load.toFixed(1)).join(' / ')}):\n` +
      `  client checking sha512 as npm does (direct ${throughput(tar.direct!).toFixed(0)} MB/s): gate redirect (default) ${runs('client', 'redirect')}, ` +
      `--stream-files ${runs('client', 'stream')}, do-nothing streaming proxy ${runs('client', 'proxy')} (target ≥ 90 %)\n` +
      `  bare client, bytes discarded (direct ${throughput(merge(tarRuns.map((run) => run.bare)).direct!).toFixed(0)} MB/s): gate redirect ${runs('bare', 'redirect')}, ` +
      `--stream-files ${runs('bare', 'stream')}, do-nothing proxy ${runs('bare', 'proxy')}\n`,
  );
  process.stdout.write(
    `tarball throughput, upstream at ~100 MB/s: gate redirect ${ratio(tarSlow.redirect!, tarSlow.direct!)} of direct, --stream-files ${ratio(tarSlow.stream!, tarSlow.direct!)}\n`,
  );
}

async function startGate(
  cli: string,
  env: NodeJS.ProcessEnv,
  upstream: string,
  flags: string[] = [],
): Promise<{ child: ChildProcess; url: string; gcs: { markCompact: number; scavenge: number } }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.GATE_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.GATE_BENCH_PROF}`] : []),
      // V8 heap settings tried on the gate process alone (`--max-semi-space-size=32` …), to measure them before a launcher sets them.
      ...(process.env.GATE_BENCH_NODE_FLAGS?.split(/\s+/).filter((flag) => flag !== '') ?? []),
      // One stdout line per collection (the gate itself writes nothing there): counted per metadata kind.
      '--trace-gc',
      cli,
      'gate',
      '--port',
      '0',
      '--upstream-npm',
      `${upstream}/registry`,
      '--upstream-pypi',
      `${upstream}/simple`,
      ...flags,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const gcs = { markCompact: 0, scavenge: 0 };
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('Mark-Compact')) gcs.markCompact++;
      else if (line.includes('Scavenge')) gcs.scavenge++;
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (process.env.GATE_BENCH_LOG) process.stderr.write(chunk);
      const found = /serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(text);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`guard gate exited: ${text}`)));
  });
  return { child, url, gcs };
}

function row(label: string, p: Pairs): Array<string | number> {
  const d = sorted(p.direct);
  const g = sorted(p.gate);
  return [
    label,
    ms(percentile(d, 50)),
    ms(percentile(g, 50)),
    ms(percentile(d, 99)),
    ms(percentile(g, 99)),
    (percentile(g, 50) - percentile(d, 50)).toFixed(2),
    `×${(percentile(g, 50) / percentile(d, 50)).toFixed(2)}`,
  ];
}

/** CPU seconds a process has used so far in user space and in the kernel (socket and file I/O). */
function cpuSplit(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** How many file descriptors a process holds (files, sockets, pipes). */
function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

function gateRss(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

/** The runs' times side by side, pooled. */
function merge(runs: Array<Record<string, number[]>>): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const run of runs) for (const [side, times] of Object.entries(run)) (out[side] ??= []).push(...times);
  return out;
}

function p50(values: number[]): number {
  return percentile(sorted(values), 50);
}

function p99(values: number[]): number {
  return percentile(sorted(values), 99);
}

function sorted(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function ms(value: number): string {
  return value.toFixed(2);
}
