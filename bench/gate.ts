/**
 * `npm run bench -- gate`: the registry gate (the built `guard gate`, its own process) against
 * going to the same loopback upstream directly, in one run: added latency per metadata request
 * (distinct projects, so each is fetched, vetted and judged; and repeated ones), the same against
 * a do-nothing proxy (the gate's own work apart from the extra hop), and per tarball in both file
 * modes (redirect, the default, and --stream-files), p50/p99 and ratios; requests per second and the gate's peak memory under 200 concurrent
 * requests; failed requests. The packument is the real `express` one when registry.npmjs.org
 * answers, else a synthetic one of the same shape.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importAllowlist } from '../src/app/packages/manage-allowlists.js';
import { abbreviate, NPM_ACCEPT, packumentBody, pypiPage, startPlainProxy, startUpstream } from './gate-world.js';
import { percentile, table } from './stats.js';

const PROJECTS = 400;
const TARBALL_BYTES = 8 * 1024 * 1024;
const TARBALL_RUNS = 30;
const CONCURRENCY = 200;
const LOAD_REQUESTS = 4000;
/** Projects from here on are asked for only in the direct / proxy / gate comparison (new to the gate's memory and disk cache). */
const SPLIT_BASE = 1000;

export async function benchGate(): Promise<void> {
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) {
    process.stdout.write('dist/ is missing: run `npm run build` first\n');
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'gg-bench-gate-'));
  const env = { GUARD_HOME: join(root, 'home'), GUARD_CONFIG_HOME: join(root, 'config'), HOME: root, PATH: process.env.PATH };
  mkdirSync(join(root, 'lists'), { recursive: true });
  const names = Array.from({ length: SPLIT_BASE + PROJECTS + 1 }, (_, i) => `bench-pkg-${i}`);
  writeFileSync(join(root, 'lists', 'names.txt'), `${names.join('\n')}\n`);
  await importAllowlist('npm', join(root, 'lists', 'names.txt'), { date: '2026-11-01' }, { env });
  await importAllowlist('pypi', join(root, 'lists', 'names.txt'), { date: '2026-11-01' }, { env });

  const { body: packumentTemplate, source } = await packumentBody();
  const tarball = randomBytes(TARBALL_BYTES);
  const simplePage = pypiPage();
  const abbreviatedTemplate = abbreviate(packumentTemplate);
  const fast = await startUpstream(packumentTemplate, abbreviatedTemplate, simplePage, tarball, 0);
  // A link of about 100 MB/s (a fast CDN): the case where a tarball's time is the network's, not the CPU's.
  const slow = await startUpstream(packumentTemplate, abbreviatedTemplate, simplePage, tarball, 100);
  const base = fast.base;
  const proxy = await startPlainProxy(fast.base);
  const gateProcess = await startGate(cli, env, fast.base);
  const streamGate = await startGate(cli, env, fast.base, ['--stream-files']);
  const slowGate = await startGate(cli, env, slow.base);
  const slowStreamGate = await startGate(cli, env, slow.base, ['--stream-files']);
  const gates = [gateProcess, streamGate, slowGate, slowStreamGate];
  const gate = gateProcess.child;
  const gateUrl = gateProcess.url;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    // Warm every path (name lists loaded in the gates, sockets open).
    for (const g of gates) await get(agent, `${g.url}/npm/bench-pkg-${PROJECTS}`);
    await get(agent, `${base}/registry/bench-pkg-${PROJECTS}`);
    await get(agent, `${proxy.base}/registry/bench-pkg-${PROJECTS}`);
    const npmCold = await pairs(
      PROJECTS,
      (i) => `${base}/registry/bench-pkg-${i}`,
      (i) => `${gateUrl}/npm/bench-pkg-${i}`,
      agent,
    );
    const npmAbbreviated = await pairs(
      PROJECTS,
      (i) => `${base}/registry/bench-pkg-${i}`,
      (i) => `${gateUrl}/npm/bench-pkg-${i}`,
      agent,
      { accept: NPM_ACCEPT },
    );
    const npmWarm = await pairs(
      PROJECTS,
      () => `${base}/registry/bench-pkg-0`,
      () => `${gateUrl}/npm/bench-pkg-0`,
      agent,
    );
    const pypiCold = await pairs(
      PROJECTS,
      (i) => `${base}/simple/bench-pkg-${i}/`,
      (i) => `${gateUrl}/pypi/simple/bench-pkg-${i}/`,
      agent,
      { accept: 'application/vnd.pypi.simple.v1+json' },
    );
    // The gate's own work: direct, a do-nothing proxy and the gate, interleaved (order rotated), new projects each round.
    const split = await interleave(
      PROJECTS,
      {
        direct: (i) => `${base}/registry/bench-pkg-${SPLIT_BASE + i}`,
        proxy: (i) => `${proxy.base}/registry/bench-pkg-${SPLIT_BASE + i}`,
        gate: (i) => `${gateUrl}/npm/bench-pkg-${SPLIT_BASE + i}`,
      },
      agent,
      { accept: NPM_ACCEPT },
    );
    const tarballPath = '/registry/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz';
    const gateTarball = '/npm/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz';
    const tar = await interleave(
      TARBALL_RUNS,
      {
        direct: () => `${base}${tarballPath}`,
        proxy: () => `${proxy.base}${tarballPath}`,
        redirect: () => `${gateUrl}${gateTarball}`,
        stream: () => `${streamGate.url}${gateTarball}`,
      },
      agent,
    );
    const tarSlow = await interleave(
      10,
      {
        direct: () => `${slow.base}${tarballPath}`,
        redirect: () => `${slowGate.url}${gateTarball}`,
        stream: () => `${slowStreamGate.url}${gateTarball}`,
      },
      agent,
    );
    const mb = TARBALL_BYTES / 1048576;
    const rows = [
      row('npm packument, distinct projects (fetch, vet, judge)', npmCold),
      row("npm abbreviated packument (npm's Accept), distinct projects", npmAbbreviated),
      row('npm packument, same project (gate memory)', npmWarm),
      row('PyPI JSON page, distinct projects', pypiCold),
      row(`tarball ${mb} MB, loopback upstream, redirect (default)`, { direct: tar.direct!, gate: tar.redirect! }),
      row(`tarball ${mb} MB, loopback upstream, --stream-files`, { direct: tar.direct!, gate: tar.stream! }),
      row(`tarball ${mb} MB, upstream at ~100 MB/s, redirect (default)`, { direct: tarSlow.direct!, gate: tarSlow.redirect! }),
      row(`tarball ${mb} MB, upstream at ~100 MB/s, --stream-files`, { direct: tarSlow.direct!, gate: tarSlow.stream! }),
    ];
    process.stdout.write(
      `packument: ${source} (${(packumentTemplate.length / 1024).toFixed(0)} KB; abbreviated ${(abbreviatedTemplate.length / 1024).toFixed(0)} KB); PyPI page ${(simplePage.length / 1024).toFixed(0)} KB; ${PROJECTS} projects\n\n`,
    );
    process.stdout.write(table(['request', 'direct p50', 'gate p50', 'direct p99', 'gate p99', 'added p50 ms', 'ratio p50'], rows));
    const throughput = (times: number[]): number => mb / (p50(times) / 1000);
    const ratio = (times: number[], direct: number[]): string => `${((p50(direct) / p50(times)) * 100).toFixed(1)} %`;
    process.stdout.write(
      `\ntarball throughput, loopback upstream (p50 of ${TARBALL_RUNS}, one run, interleaved): direct ${throughput(tar.direct!).toFixed(0)} MB/s; ` +
        `gate redirect (default) ${ratio(tar.redirect!, tar.direct!)} of direct, gate --stream-files ${ratio(tar.stream!, tar.direct!)}, ` +
        `do-nothing streaming proxy ${ratio(tar.proxy!, tar.direct!)} (target ≥ 90 %)\n`,
    );
    process.stdout.write(
      `tarball throughput, upstream at ~100 MB/s: gate redirect ${ratio(tarSlow.redirect!, tarSlow.direct!)} of direct, --stream-files ${ratio(tarSlow.stream!, tarSlow.direct!)}\n`,
    );
    process.stdout.write(
      `metadata overhead p50 (distinct npm projects): full packument ${(p50(npmCold.gate) - p50(npmCold.direct)).toFixed(2)} ms, abbreviated ${(p50(npmAbbreviated.gate) - p50(npmAbbreviated.direct)).toFixed(2)} ms (target ≤ 2 ms)\n`,
    );
    process.stdout.write(
      `metadata, interleaved direct / do-nothing proxy / gate (abbreviated, ${PROJECTS} new projects): p50 ${ms(p50(split.direct!))} / ${ms(p50(split.proxy!))} / ${ms(p50(split.gate!))} ms; ` +
        `the gate adds ${(p50(split.gate!) - p50(split.direct!)).toFixed(2)} ms over direct, of which ${(p50(split.gate!) - p50(split.proxy!)).toFixed(2)} ms over any extra hop (its own work)\n`,
    );

    // Load: 200 in flight, a mix of packuments (new and known projects) and tarballs (redirected, then fetched from the upstream).
    const baseline = gateRss(gate.pid!);
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
    process.stdout.write(
      `\nload: ${LOAD_REQUESTS} requests, ${CONCURRENCY} concurrent (1 in 10 a ${mb} MB tarball): ${(LOAD_REQUESTS / seconds).toFixed(0)} requests/s, ${failed} failed (target 0)${failed > 0 ? ` [${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')}]` : ''}; gate memory: peak RSS ${peak.hwm} MB (${baseline.rss} MB before the load)\n`,
    );
  } finally {
    agent.destroy();
    for (const g of gates) g.child.kill('SIGTERM');
    for (const server of [fast.server, slow.server, proxy.server]) {
      server.closeAllConnections();
      server.close();
    }
    rmSync(root, { recursive: true, force: true });
  }
}

async function startGate(
  cli: string,
  env: NodeJS.ProcessEnv,
  upstream: string,
  flags: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.GATE_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.GATE_BENCH_PROF}`] : []),
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
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
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
  return { child, url };
}

interface Pairs {
  direct: number[];
  gate: number[];
}

/** Alternating direct/gate requests (half the pairs each way round), milliseconds each. */
function pairs(
  count: number,
  direct: (i: number) => string,
  gate: (i: number) => string,
  agent: Agent,
  headers: Record<string, string> = {},
): Promise<Pairs> {
  return interleave(count, { direct, gate }, agent, headers).then((times) => ({ direct: times.direct!, gate: times.gate! }));
}

/** Request i of every side in turn, the order rotated each round (each side first as often as the others); milliseconds each. */
async function interleave(
  count: number,
  sides: Record<string, (i: number) => string>,
  agent: Agent,
  headers: Record<string, string> = {},
): Promise<Record<string, number[]>> {
  const names = Object.keys(sides);
  const out: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < names.length; k++) {
      const side = names[(i + k) % names.length]!;
      const start = performance.now();
      const status = await get(agent, sides[side]!(i), headers);
      if (status !== 200) throw new Error(`${side} request ${i} answered ${status}`);
      out[side]!.push(performance.now() - start);
    }
  }
  return out;
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

/** GET with the body read and discarded; a redirect is followed (as clients do) and its time counted. Resolves with the final status. */
function get(agent: Agent, url: string, headers: Record<string, string> = {}, hops = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const location = res.headers.location;
      if (res.statusCode !== undefined && res.statusCode >= 301 && res.statusCode <= 308 && location && hops < 5) {
        res.resume();
        res.on('end', () => void get(agent, new URL(location, url).href, headers, hops + 1).then(resolve, reject));
        return;
      }
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function gateRss(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

function p50(values: number[]): number {
  return percentile(sorted(values), 50);
}

function sorted(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function ms(value: number): string {
  return value.toFixed(2);
}
