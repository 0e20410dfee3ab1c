/**
 * Install interception: the wrapper's decision overhead (process start to the exec of the real
 * package manager, `guard pip …` and through a PATH shim), the hook's latency per event (a fresh
 * `guard hook claude-code` process each time), and the warm per-command cost of guardShellCommand
 * in one process, next to the targets (≤ 150 ms cold, ≤ 5 ms per command warm).
 * Runs the built CLI (dist/): `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { guardShellCommand } from '../src/app/installs/guard-shell-command.js';
import { benchRealWorld } from './install-guard-real-world.js';
import { benchRedTeam } from './install-guard-red-team.js';
import { percentile, table } from './stats.js';

const RUNS = 15;
const WARM_RUNS = 2000;
const cli = join(process.cwd(), 'dist', 'cli', 'main.js');

// A stand-in for pip: records the moment its process began (performance.timeOrigin, wall-clock
// milliseconds with sub-millisecond resolution), so its own start-up is not counted.
const FAKE_PIP = `#!${process.execPath}
require('node:fs').writeFileSync(process.env.FAKE_STAMP, String(performance.timeOrigin));
`;

interface Setup {
  root: string;
  env: NodeJS.ProcessEnv;
  bin: string;
  shims: string;
  stamp: string;
}

function setUp(): Setup {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` before \`npm run bench -- install-guard\``);
  const root = mkdtempSync(join(tmpdir(), 'gg-bench-install-'));
  const bin = join(root, 'bin');
  const project = join(root, 'project');
  mkdirSync(bin);
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(bin, 'pip'), FAKE_PIP);
  chmodSync(join(bin, 'pip'), 0o755);
  const stamp = join(root, 'stamp');
  const env = {
    PATH: [bin, ...(process.env.PATH ?? '').split(delimiter)].join(delimiter),
    HOME: root,
    GUARD_HOME: join(root, 'guard-home'),
    GUARD_CONFIG_HOME: join(root, 'config'),
    FAKE_STAMP: stamp,
  };
  const shims = join(root, 'shims');
  // A fresh GUARD_HOME whose PyPI checkpoint is built before any timing.
  for (const args of [
    ['check', 'pypi', 'requests'],
    ['shims', 'install', '--dir', shims],
  ]) {
    const run = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`guard ${args.join(' ')} failed: ${run.stderr}`);
  }
  return { root, env: { ...env, PWD: project }, bin, shims, stamp };
}

/** Milliseconds from just before the spawn to the moment the fake pip's process began. */
function timeToExec(setup: Setup, file: string, args: string[], env: NodeJS.ProcessEnv = setup.env): number {
  rmSync(setup.stamp, { force: true });
  const start = performance.timeOrigin + performance.now();
  const run = spawnSync(file, args, { cwd: setup.env.PWD, env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0 || !existsSync(setup.stamp)) throw new Error(`${file} ${args.join(' ')} did not run pip: ${String(run.stderr)}`);
  return Number(readFileSync(setup.stamp, 'utf8')) - start;
}

/** Milliseconds from spawn to exit of `guard hook claude-code` answering `event`. */
function timeHook(setup: Setup, event: object): { ms: number; answer: string } {
  const start = performance.now();
  const run = spawnSync(process.execPath, [cli, 'hook', 'claude-code'], { env: setup.env, input: JSON.stringify(event), encoding: 'utf8' });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`guard hook failed: ${run.stderr}`);
  return {
    ms,
    answer:
      run.stdout === ''
        ? 'allow (no output)'
        : (JSON.parse(run.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision,
  };
}

function repeat(count: number, fn: () => number): number[] {
  return Array.from({ length: count }, fn).sort((a, b) => a - b);
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const us = (value: number): string => `${Math.round(value * 1000).toLocaleString('en-US')} µs`;

function benchWrapper(setup: Setup): void {
  const fake = join(setup.bin, 'pip');
  const shimEnv = { ...setup.env, PATH: [setup.shims, setup.env.PATH].join(delimiter) };
  const first = timeToExec(setup, process.execPath, [cli, 'pip', 'install', 'requests']);
  const direct = repeat(RUNS, () => timeToExec(setup, fake, ['install', 'requests']));
  const rows: Array<[string, number[]]> = [
    ['guard pip install requests', repeat(RUNS, () => timeToExec(setup, process.execPath, [cli, 'pip', 'install', 'requests']))],
    ['pip install requests (PATH shim)', repeat(RUNS, () => timeToExec(setup, '/bin/sh', ['-c', 'pip install requests'], shimEnv))],
    ['guard pip list (passes through)', repeat(RUNS, () => timeToExec(setup, process.execPath, [cli, 'pip', 'list']))],
  ];
  const base = percentile(direct, 50);
  process.stdout.write(
    `Wrapper decision overhead: spawn to the exec of the real (fake) pip, minus running the fake directly (${ms(base)}); ${RUNS} runs, a fresh process each (cold in-process state, checkpoint built, page cache warm).\n\n`,
  );
  process.stdout.write(
    table(
      ['command', 'p50 to exec', 'p90 to exec', 'overhead p50', 'target'],
      rows.map(([label, values]) => [
        label,
        ms(percentile(values, 50)),
        ms(percentile(values, 90)),
        ms(percentile(values, 50) - base),
        '≤ 150 ms',
      ]),
    ),
  );
  process.stdout.write(`\nFirst run after the checkpoint was built: ${ms(first - base)} overhead.\n\n`);
}

function benchHook(setup: Setup): void {
  const event = (command: string) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: setup.env.PWD, tool_input: { command } });
  const cases: Array<[string, string]> = [
    ['plain command', 'ls -la && git status'],
    ['install of an existing package', 'pip install requests'],
    ['blocked install (typo)', 'pip install reqeusts'],
    ['blocked install (invented name)', 'pip install fastapi-auth-helperz'],
  ];
  const rows = cases.map(([label, command]) => {
    const answer = timeHook(setup, event(command)).answer;
    const values = repeat(RUNS, () => timeHook(setup, event(command)).ms);
    return [label, `\`${command}\``, answer, ms(percentile(values, 50)), ms(percentile(values, 90)), '≤ 150 ms'];
  });
  const empty = join(setup.root, 'empty.mjs');
  writeFileSync(empty, '');
  const node = repeat(RUNS, () => {
    const start = performance.now();
    spawnSync(process.execPath, [empty], { env: setup.env });
    return performance.now() - start;
  });
  process.stdout.write(
    `Hook latency: \`guard hook claude-code\`, spawn to exit, a fresh process per event; ${RUNS} runs each (node running an empty file: ${ms(percentile(node, 50))}).\n\n`,
  );
  process.stdout.write(table(['event', 'command', 'answer', 'p50', 'p90', 'target'], rows));
  process.stdout.write('\n');
}

/** Where a cold process spends its time: loading each piece alone in a fresh node, median of 5. */
function benchImports(setup: Setup): void {
  const load = (expression: string): string =>
    `const t = performance.now(); await ${expression}; process.stdout.write(String(performance.now() - t));`;
  const modules: Array<[string, string]> = [
    ['execa, the package as published', load("import('execa')")],
    ['execa, the one-file bundle the wrapper loads', load("import('./dist/vendor/execa.js')")],
    ['mvdan-sh through import()', load("import('mvdan-sh')")],
    [
      'shell parser as the hooks load it (code cache warm)',
      load("(await import('./dist/engines/shell-commands/io/mvdan-parser.js')).loadShellParser()"),
    ],
    ['zod (only with a policy file)', load("import('zod')")],
    ['install-command parsers', load("import('./dist/engines/install-commands/index.js')")],
    ['vet-install (names, policy, parsers)', load("import('./dist/app/installs/vet-install.js')")],
  ];
  const rows = modules.map(([label, script]) => {
    const values = repeat(5, () =>
      Number(spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: setup.env }).stdout),
    );
    return [label, ms(percentile(values, 50))];
  });
  process.stdout.write('Load cost in a fresh process (what the cold paths above load):\n\n');
  process.stdout.write(table(['module', 'load p50'], rows));
  process.stdout.write('\n');
}

async function benchWarm(setup: Setup): Promise<void> {
  const deps = { cwd: setup.env.PWD!, env: setup.env };
  const cases = [
    'ls -la && git status',
    'pip install requests',
    'pip install reqeusts',
    'pip install fastapi-auth-helperz',
    'npm i -D @types/nodee',
    'cd web && npm install left-pad && npm test',
  ];
  const rows: Array<Array<string>> = [];
  for (const command of cases) {
    for (let i = 0; i < 50; i++) await guardShellCommand(command, deps);
    const values: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      const start = performance.now();
      await guardShellCommand(command, deps);
      values.push(performance.now() - start);
    }
    values.sort((a, b) => a - b);
    const verdict = (await guardShellCommand(command, deps)).verdict;
    rows.push([`\`${command}\``, verdict, us(percentile(values, 50)), us(percentile(values, 99)), '≤ 5 ms']);
  }
  process.stdout.write(
    `Warm per-command cost: guardShellCommand in one process (parser and name lists loaded, policy looked up per call); ${WARM_RUNS} calls each.\n\n`,
  );
  process.stdout.write(table(['command', 'verdict', 'p50', 'p99', 'target'], rows));
}

export async function benchInstallGuard(): Promise<void> {
  const setup = setUp();
  try {
    // Held-out red-team figures first, then the tune split, then the real-world false blocks.
    await benchRedTeam(setup.env as Record<string, string>);
    await benchRealWorld();
    benchWrapper(setup);
    benchHook(setup);
    benchImports(setup);
    await benchWarm(setup);
  } finally {
    rmSync(setup.root, { recursive: true, force: true });
  }
}
