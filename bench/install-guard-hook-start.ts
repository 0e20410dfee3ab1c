/**
 * The hook's cost per call as a ratio to starting node itself (issue 14's "hook per install ≤ 2× a
 * bare node start"): a fresh `guard hook claude-code` process per install command against a bare
 * `node -e 0`, interleaved, by wall time (spawn to exit) and by the child's CPU time (user + sys, as
 * the shell's `times` reports it for its waited child). Wall time moves with whatever else the
 * machine runs; CPU time much less, so both are printed with the load average over the run.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { percentile, table } from './stats.js';

export interface HookCall {
  /** The hook event on stdin. */
  input: string;
  cwd: string;
}

/** A way to start the hook: a label and node's arguments before the agent's name (`hook claude-code` follows). */
export interface HookEntry {
  label: string;
  args: string[];
}

interface Samples {
  /** Per entry, in the order given. */
  hookWall: number[][];
  hookCpu: number[][];
  nodeWall: number[];
  nodeCpu: number[];
}

/** Milliseconds of CPU (user + sys) the command used, from bash's `times` for its child; undefined when bash is missing. */
function childCpuMs(file: string, args: string[], options: SpawnSyncOptions & { input?: string }): { ms?: number; status: number | null } {
  const run = spawnSync('bash', ['-c', '"$@" >/dev/null 2>&1; s=$?; times; exit $s', 'bash', file, ...args], {
    ...options,
    encoding: 'utf8',
  });
  if (run.error) return { status: null };
  const children = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(run.stdout);
  if (children === null) return { status: run.status };
  const [, um, us, sm, ss] = children.map(Number) as [number, number, number, number, number];
  return { ms: (um * 60 + us + sm * 60 + ss) * 1000, status: run.status };
}

function wallMs(
  file: string,
  args: string[],
  options: SpawnSyncOptions & { input?: string },
): { ms: number; status: number | null; stderr: string } {
  const start = performance.now();
  const run = spawnSync(file, args, { ...options, encoding: 'utf8' });
  return { ms: performance.now() - start, status: run.status, stderr: run.stderr };
}

/** Times `calls` through each entry, each call next to a bare node start; throws when a hook call fails. */
export function measureHookStart(entries: HookEntry[], calls: HookCall[], env: NodeJS.ProcessEnv): Samples {
  const samples: Samples = { hookWall: entries.map(() => []), hookCpu: entries.map(() => []), nodeWall: [], nodeCpu: [] };
  const argsOf = (entry: HookEntry) => [...entry.args, 'hook', 'claude-code'];
  // One call through each entry first, untimed: it writes the bundle's code cache, as a user's first hook call does.
  for (const entry of entries) if (calls[0]) wallMs(process.execPath, argsOf(entry), { cwd: calls[0].cwd, env, input: calls[0].input });
  for (const call of calls) {
    const options = { cwd: call.cwd, env, input: call.input };
    samples.nodeWall.push(wallMs(process.execPath, ['-e', '0'], { env }).ms);
    const nodeCpu = childCpuMs(process.execPath, ['-e', '0'], { env }).ms;
    if (nodeCpu !== undefined) samples.nodeCpu.push(nodeCpu);
    entries.forEach((entry, i) => {
      const hook = wallMs(process.execPath, argsOf(entry), options);
      if (hook.status !== 0) throw new Error(`${entry.label} failed (exit ${hook.status}): ${hook.stderr}`);
      samples.hookWall[i]!.push(hook.ms);
      const hookCpu = childCpuMs(process.execPath, argsOf(entry), options).ms;
      if (hookCpu !== undefined) samples.hookCpu[i]!.push(hookCpu);
    });
  }
  for (const values of [...samples.hookWall, ...samples.hookCpu, samples.nodeWall, samples.nodeCpu]) values.sort((a, b) => a - b);
  return samples;
}

/** The figures as a table: p50 and p95 of each, and each entry's ratio to node, wall and CPU. */
export function renderHookStart(entries: HookEntry[], samples: Samples, load: { before: number[]; after: number[] }): string {
  const ms = (values: number[], p: number): string => (values.length === 0 ? '—' : `${percentile(values, p).toFixed(1)} ms`);
  const ratio = (hook: number[], node: number[], p: number): string =>
    hook.length === 0 || node.length === 0 ? '—' : `${(percentile(hook, p) / percentile(node, p)).toFixed(2)}×`;
  const loads = (values: number[]): string => values.map((v) => v.toFixed(2)).join(' ');
  const rows = entries.flatMap((entry, i) => {
    const wall = samples.hookWall[i]!;
    const cpu = samples.hookCpu[i]!;
    return [
      [entry.label, ms(wall, 50), ms(wall, 95), ms(cpu, 50), ms(cpu, 95), ''],
      [
        '  ratio to node -e 0',
        ratio(wall, samples.nodeWall, 50),
        ratio(wall, samples.nodeWall, 95),
        ratio(cpu, samples.nodeCpu, 50),
        ratio(cpu, samples.nodeCpu, 95),
        '≤ 2×',
      ],
    ];
  });
  return (
    table(
      ['', 'wall p50', 'wall p95', 'CPU p50', 'CPU p95', 'target'],
      [...rows, ['node -e 0', ms(samples.nodeWall, 50), ms(samples.nodeWall, 95), ms(samples.nodeCpu, 50), ms(samples.nodeCpu, 95), '']],
    ) +
    `\nLoad average (1, 5, 15 min) on ${cpus().length} cores: ${loads(load.before)} before, ${loads(load.after)} after. CPU time: user + sys of the child process.\n`
  );
}

/** Measures and prints: the section's entry point for a list of hook calls. */
export function benchHookStart(entries: HookEntry[], calls: HookCall[], env: NodeJS.ProcessEnv): string {
  const before = loadavg();
  const samples = measureHookStart(entries, calls, env);
  return renderHookStart(entries, samples, { before, after: loadavg() });
}
