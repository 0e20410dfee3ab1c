/**
 * Package-name engine: build time, checkpoint size, load time and warm check latency for PyPI
 * subsets (7k / 70k / 700k / all 886k) and npm (3M / all 4.5M), next to PackMonitor's figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkName } from '../src/engines/package-names/check-name.js';
import { compileNameList, type NameListInput } from '../src/engines/package-names/compile-names.js';
import { loadBundledNpm, loadBundledPypi, readBundledManifest } from '../src/engines/package-names/io/bundled-sources.js';
import { readCheckpoint, writeCheckpoint } from '../src/engines/package-names/io/checkpoint-store.js';
import { NameIndex } from '../src/engines/package-names/name-index.js';
import { type Ecosystem } from '../src/engines/package-names/types.js';
import { median, percentile, table, time } from './stats.js';

/** PackMonitor (paper 003, Table 6/7): build and load seconds by list size. */
const PACKMONITOR: Record<string, { build?: string; load?: string }> = {
  '7k': { build: '0.021 s', load: '0.002 s' },
  '70k': { build: '0.265 s', load: '0.020 s' },
  '700k': { build: '4.407 s', load: '0.083 s' },
  '3M': { build: '21.1 s', load: '0.247 s' },
};

function subset(input: NameListInput, size: number): NameListInput {
  const lines = new TextDecoder().decode(input.names).split('\n').filter(Boolean);
  if (size >= lines.length) return input;
  // Deterministic sample: keep every line whose hash falls under the wanted share, in order.
  let seed = 0x2545f491;
  const keep: string[] = [];
  const share = size / lines.length;
  for (const line of lines) {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6b43a9b5) | 0;
    if ((seed >>> 0) / 2 ** 32 < share) keep.push(line);
  }
  const trimmed = keep.slice(0, size);
  return {
    ...input,
    names: new TextEncoder().encode(trimmed.join('\n') + '\n'),
    monthByLine: undefined,
    popular: input.popular.filter((_, i) => i % 2 === 0),
  };
}

interface Row {
  label: string;
  names: number;
  buildS: number;
  bytes: number;
  loadMs: number;
  p50: number;
  p99: number;
  missP50: number;
  /** Nearest-name walk timings, measured on the full PyPI list only. */
  near?: NearRow[];
}

/** Invented long names (15–25 characters, none a registry name): the blocked-install case. */
const INVENTED = [
  'fastapi-auth-helperz',
  'flask-gpt-helperz',
  'langchain-openai-tools',
  'pydantic-settings-yamlx',
  'django-rest-auth-kitz',
  'numpy-fast-matrixops',
];

interface NearRow {
  distance: number;
  p50: number;
  p90: number;
}

/** `NameIndex.near` at each distance for the invented names: 20 timed runs each after a warm-up. */
function measureNear(index: NameIndex): NearRow[] {
  return [1, 2, 3].map((distance) => {
    for (const name of INVENTED) index.near(name, distance, 5);
    const runs = INVENTED.flatMap((name) => Array.from({ length: 20 }, () => time(() => index.near(name, distance, 5))[1])).sort(
      (a, b) => a - b,
    );
    return { distance, p50: percentile(runs, 50), p90: percentile(runs, 90) };
  });
}

function measure(label: string, ecosystem: Ecosystem, input: NameListInput, dir: string, near = false): Row {
  global.gc?.();
  const [checkpoint, buildMs] = time(() => compileNameList(input));
  const path = join(dir, `${label}.ggc`);
  const bytes = writeCheckpoint(path, checkpoint);
  const loads: number[] = [];
  let loaded = checkpoint;
  for (let i = 0; i < 7; i++) {
    const [value, ms] = time(() => readCheckpoint(path)!);
    loaded = value;
    loads.push(ms);
  }
  const index = new NameIndex(loaded);
  const lists = { ecosystem, indexes: [index], others: () => undefined };
  const names = new TextDecoder().decode(input.names).split('\n').filter(Boolean);
  const probes = Array.from({ length: 20000 }, (_, i) => names[(i * 7919) % names.length]!);
  for (const probe of probes.slice(0, 2000)) checkName(lists, probe);
  const latencies = probes.map((probe) => time(() => checkName(lists, probe))[1]).sort((a, b) => a - b);
  const misses = probes.slice(0, 300).map((probe) => `${probe}qz`);
  const missLatencies = misses.map((probe) => time(() => checkName(lists, probe))[1]).sort((a, b) => a - b);
  return {
    label,
    names: checkpoint.meta.nameCount,
    buildS: buildMs / 1000,
    bytes,
    loadMs: median(loads),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    missP50: percentile(missLatencies, 50),
    ...(near ? { near: measureNear(index) } : {}),
  };
}

export async function benchPackageNames(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gg-bench-'));
  const manifest = readBundledManifest();
  const rows: Row[] = [];
  try {
    const pypi = loadBundledPypi(manifest);
    for (const [label, size] of [
      ['7k', 7_000],
      ['70k', 70_000],
      ['700k', 700_000],
      ['886k (all PyPI)', Infinity],
    ] as const) {
      rows.push(measure(label, 'pypi', size === Infinity ? pypi : subset(pypi, size), dir, size === Infinity));
      process.stderr.write(`  measured pypi ${label}\n`);
    }
    const npm = loadBundledNpm(manifest);
    for (const [label, size] of [
      ['3M', 3_000_000],
      ['4.5M (all npm)', Infinity],
    ] as const) {
      rows.push(measure(label, 'npm', size === Infinity ? npm : subset(npm, size), dir));
      process.stderr.write(`  measured npm ${label}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const key = (label: string): string => label.split(' ')[0]!;
  process.stdout.write(
    table(
      [
        'names',
        'count',
        'build',
        'PackMonitor build',
        'checkpoint',
        'load',
        'PackMonitor load',
        'check p50',
        'check p99',
        'miss+suggest p50',
      ],
      rows.map((r) => [
        r.label,
        r.names.toLocaleString('en-US'),
        `${r.buildS.toFixed(3)} s`,
        PACKMONITOR[key(r.label)]?.build ?? '—',
        `${(r.bytes / 1048576).toFixed(1)} MiB`,
        `${r.loadMs.toFixed(1)} ms`,
        PACKMONITOR[key(r.label)]?.load ?? '—',
        `${(r.p50 * 1000).toFixed(1)} µs`,
        `${(r.p99 * 1000).toFixed(1)} µs`,
        `${r.missP50.toFixed(2)} ms`,
      ]),
    ),
  );
  process.stdout.write(
    '\nTargets: build 886k ≤ 2 s and 4.5M ≤ 12 s; load ≤ 10 ms (886k) and ≤ 40 ms (4.5M); check p50 ≤ 0.1 ms.\n' +
      'build = automaton construction + compaction from the sorted list; load = read + verify checksum + view (page cache warm);\n' +
      'check = parse spec, normalise, look up, hints (existing names); miss = a name not in the list, with suggestions.\n',
  );
  const near = rows.find((r) => r.near)?.near ?? [];
  process.stdout.write(
    '\n' +
      table(
        ['near names (886k PyPI, warm)', 'p50', 'p90', 'target'],
        near.map((r) => [
          `distance ${r.distance}, long invented name`,
          `${r.p50.toFixed(2)} ms`,
          `${r.p90.toFixed(2)} ms`,
          r.distance === 2 ? '≤ 2.5 ms' : '—',
        ]),
      ),
  );
  process.stdout.write(
    '\nnear = the automaton walk behind suggestions for a name not in the list (tier 1, then 2, then 3 edits, each only when\n' +
      'the closer tier is empty), 20 runs per name over 15–25-character invented names; target: a blocked install ≤ 5 ms.\n',
  );
}
