/**
 * `npm run bench -- gate`: the registry gate (the built `guard gate`, its own process) against
 * going to the same loopback upstream directly, in one run: added latency per metadata request
 * (distinct projects, so each is fetched, vetted and judged; and repeated ones) and per tarball,
 * p50/p99 and ratios; requests per second and the gate's peak memory under 200 concurrent
 * requests; failed requests. The packument is the real `express` one when registry.npmjs.org
 * answers, else a synthetic one of the same shape.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importAllowlist } from '../src/app/packages/manage-allowlists.js';
import { percentile, table } from './stats.js';

const PROJECTS = 400;
const TARBALL_BYTES = 8 * 1024 * 1024;
const TARBALL_RUNS = 30;
const CONCURRENCY = 200;
const LOAD_REQUESTS = 4000;

export async function benchGate(): Promise<void> {
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) {
    process.stdout.write('dist/ is missing: run `npm run build` first\n');
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'gg-bench-gate-'));
  const env = { GUARD_HOME: join(root, 'home'), GUARD_CONFIG_HOME: join(root, 'config'), HOME: root, PATH: process.env.PATH };
  mkdirSync(join(root, 'lists'), { recursive: true });
  const names = Array.from({ length: PROJECTS + 1 }, (_, i) => `bench-pkg-${i}`);
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
  const gateProcess = await startGate(cli, env, fast.base);
  const slowGate = await startGate(cli, env, slow.base);
  const gate = gateProcess.child;
  const gateUrl = gateProcess.url;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    // Warm both paths (name lists loaded in the gate, sockets open).
    await get(agent, `${gateUrl}/npm/bench-pkg-${PROJECTS}`);
    await get(agent, `${base}/registry/bench-pkg-${PROJECTS}`);
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
    const tar = await pairs(
      TARBALL_RUNS,
      () => `${base}/registry/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz`,
      () => `${gateUrl}/npm/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz`,
      agent,
    );
    const tarSlow = await pairs(
      10,
      () => `${slow.base}/registry/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz`,
      () => `${slowGate.url}/npm/bench-pkg-1/-/bench-pkg-1-1.0.0.tgz`,
      agent,
    );
    const rows = [
      row('npm packument, distinct projects (fetch, vet, judge)', npmCold),
      row("npm abbreviated packument (npm's Accept), distinct projects", npmAbbreviated),
      row('npm packument, same project (gate memory)', npmWarm),
      row('PyPI JSON page, distinct projects', pypiCold),
      row(`tarball ${TARBALL_BYTES / 1048576} MB, loopback upstream`, tar),
      row(`tarball ${TARBALL_BYTES / 1048576} MB, upstream at ~100 MB/s`, tarSlow),
    ];
    process.stdout.write(
      `packument: ${source} (${(packumentTemplate.length / 1024).toFixed(0)} KB; abbreviated ${(abbreviatedTemplate.length / 1024).toFixed(0)} KB); PyPI page ${(simplePage.length / 1024).toFixed(0)} KB; ${PROJECTS} projects\n\n`,
    );
    process.stdout.write(table(['request', 'direct p50', 'gate p50', 'direct p99', 'gate p99', 'added p50 ms', 'ratio p50'], rows));
    const directMBs = TARBALL_BYTES / 1048576 / (percentile(sorted(tar.direct), 50) / 1000);
    const gateMBs = TARBALL_BYTES / 1048576 / (percentile(sorted(tar.gate), 50) / 1000);
    process.stdout.write(
      `\ntarball throughput, loopback upstream: direct ${directMBs.toFixed(0)} MB/s, gate ${gateMBs.toFixed(0)} MB/s (${((gateMBs / directMBs) * 100).toFixed(1)} % of direct; target ≥ 90 %)\n`,
    );
    const slowRatio = percentile(sorted(tarSlow.direct), 50) / percentile(sorted(tarSlow.gate), 50);
    process.stdout.write(`tarball throughput, upstream at ~100 MB/s: gate ${(slowRatio * 100).toFixed(1)} % of direct\n`);
    process.stdout.write(
      `metadata overhead p50 (distinct npm projects): full packument ${(percentile(sorted(npmCold.gate), 50) - percentile(sorted(npmCold.direct), 50)).toFixed(2)} ms, abbreviated ${(percentile(sorted(npmAbbreviated.gate), 50) - percentile(sorted(npmAbbreviated.direct), 50)).toFixed(2)} ms (target ≤ 2 ms)\n`,
    );

    // Load: 200 in flight, a mix of packuments (new and known projects) and tarballs.
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
      `\nload: ${LOAD_REQUESTS} requests, ${CONCURRENCY} concurrent (1 in 10 a ${TARBALL_BYTES / 1048576} MB tarball): ${(LOAD_REQUESTS / seconds).toFixed(0)} requests/s, ${failed} failed (target 0)${failed > 0 ? ` [${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')}]` : ''}; gate memory: peak RSS ${peak.hwm} MB (${baseline.rss} MB before the load)\n`,
    );
  } finally {
    agent.destroy();
    gate.kill('SIGTERM');
    slowGate.child.kill('SIGTERM');
    for (const server of [fast.server, slow.server]) {
      server.closeAllConnections();
      server.close();
    }
    rmSync(root, { recursive: true, force: true });
  }
}

const NPM_ACCEPT = 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*';
const ABBREVIATED_FIELDS = [
  'name',
  'version',
  'deprecated',
  'dependencies',
  'optionalDependencies',
  'devDependencies',
  'bundleDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bin',
  'directories',
  'dist',
  'engines',
  '_hasShrinkwrap',
  'hasInstallScript',
  'os',
  'cpu',
];

/** The abbreviated packument the npm registry answers for npm's Accept: install fields only, no `time`, `modified` instead. */
function abbreviate(packument: string): string {
  const doc = JSON.parse(packument) as {
    name: string;
    'dist-tags': unknown;
    versions: Record<string, Record<string, unknown>>;
    time?: Record<string, string>;
  };
  const times = Object.entries(doc.time ?? {})
    .filter(([key]) => key !== 'created')
    .map(([, value]) => Date.parse(value));
  const versions = Object.fromEntries(
    Object.entries(doc.versions).map(([v, m]) => [v, Object.fromEntries(ABBREVIATED_FIELDS.filter((f) => f in m).map((f) => [f, m[f]]))]),
  );
  return JSON.stringify({ name: doc.name, modified: new Date(Math.max(...times)).toISOString(), 'dist-tags': doc['dist-tags'], versions });
}

async function startUpstream(
  packument: string,
  abbreviated: string,
  page: string,
  tarball: Buffer,
  mbPerSecond: number,
): Promise<{ server: Server; base: string }> {
  let base = '';
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    let match = /^\/registry\/(bench-pkg-\d+)$/.exec(url);
    if (match && (req.headers.accept ?? '').includes('application/vnd.npm.install-v1+json')) {
      return void res
        .writeHead(200, { 'content-type': 'application/vnd.npm.install-v1+json' })
        .end(abbreviated.replaceAll('__NAME__', match[1]!).replaceAll('__BASE__', base));
    }
    if (match)
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(packument.replaceAll('__NAME__', match[1]!).replaceAll('__BASE__', base));
    match = /^\/registry\/(bench-pkg-\d+)\/-\/.*\.tgz$/.exec(url);
    if (match) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
      if (mbPerSecond === 0) return void res.end(tarball);
      const chunk = 1024 * 1024;
      let offset = 0;
      const timer = setInterval(() => {
        res.write(tarball.subarray(offset, offset + chunk));
        offset += chunk;
        if (offset >= tarball.length) {
          clearInterval(timer);
          res.end();
        }
      }, 1000 / mbPerSecond);
      res.on('close', () => clearInterval(timer));
      return;
    }
    match = /^\/simple\/(bench-pkg-\d+)\/$/.exec(url);
    if (match)
      return void res.writeHead(200, { 'content-type': 'application/vnd.pypi.simple.v1+json' }).end(page.replaceAll('__NAME__', match[1]!));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base };
}

async function startGate(cli: string, env: NodeJS.ProcessEnv, upstream: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [cli, 'gate', '--port', '0', '--upstream-npm', `${upstream}/registry`, '--upstream-pypi', `${upstream}/simple`],
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
async function pairs(
  count: number,
  direct: (i: number) => string,
  gate: (i: number) => string,
  agent: Agent,
  headers: Record<string, string> = {},
): Promise<Pairs> {
  const out: Pairs = { direct: [], gate: [] };
  for (let i = 0; i < count; i++) {
    const order = i % 2 === 0 ? (['direct', 'gate'] as const) : (['gate', 'direct'] as const);
    for (const side of order) {
      const start = performance.now();
      const status = await get(agent, side === 'direct' ? direct(i) : gate(i), headers);
      if (status !== 200) throw new Error(`${side} request ${i} answered ${status}`);
      out[side].push(performance.now() - start);
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

function get(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function packumentBody(): Promise<{ body: string; source: string }> {
  try {
    const response = await fetch('https://registry.npmjs.org/express', {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) {
      const doc = (await response.json()) as Record<string, unknown>;
      const text = JSON.stringify(doc)
        .replaceAll('"express"', '"__NAME__"')
        .replaceAll('https://registry.npmjs.org/express/-/express-', '__BASE__/registry/__NAME__/-/__NAME__-');
      return { body: text, source: 'the real express packument (registry.npmjs.org)' };
    }
  } catch {
    // offline: a synthetic packument below
  }
  const versions: Record<string, unknown> = {};
  const time: Record<string, string> = {};
  for (let i = 0; i < 280; i++) {
    const v = `${Math.floor(i / 40)}.${i % 40}.0`;
    versions[v] = {
      name: '__NAME__',
      version: v,
      description: 'Fast, unopinionated, minimalist web framework',
      dependencies: Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`dep-${k}`, `^${k}.0.0`])),
      dist: { tarball: `__BASE__/registry/__NAME__/-/__NAME__-${v}.tgz`, shasum: 'a'.repeat(40), integrity: `sha512-${'b'.repeat(86)}==` },
    };
    time[v] = new Date(Date.UTC(2014, 0, 1) + i * 86_400_000 * 10).toISOString();
  }
  return {
    body: JSON.stringify({ name: '__NAME__', 'dist-tags': { latest: '6.39.0' }, versions, time }),
    source: 'synthetic (registry unreachable)',
  };
}

function pypiPage(): string {
  const files = Array.from({ length: 120 }, (_, i) => ({
    filename: `__NAME__-1.${i}.0-py3-none-any.whl`,
    url: `../../files/__NAME__-1.${i}.0-py3-none-any.whl`,
    hashes: { sha256: 'c'.repeat(64) },
    'requires-python': '>=3.8',
    'upload-time': new Date(Date.UTC(2020, 0, 1) + i * 86_400_000 * 7).toISOString(),
    'core-metadata': { sha256: 'd'.repeat(64) },
    size: 123456,
  }));
  return JSON.stringify({ meta: { 'api-version': '1.1' }, name: '__NAME__', files });
}

function gateRss(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

function sorted(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function ms(value: number): string {
  return value.toFixed(2);
}
